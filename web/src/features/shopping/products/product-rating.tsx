// A product's rating as its feed gives it: the stars' value out of 5 and the number of reviews.
import { Star } from '../../../ui/icons';

export function ProductRating({ rating, reviews }: { rating: number | null; reviews: number | null }) {
  if (rating === null) return null;
  const label = `Rated ${rating.toFixed(1)} out of 5${reviews !== null ? ` from ${reviews} ${reviews === 1 ? 'review' : 'reviews'}` : ''}`;
  return (
    <span className="inline-flex items-center gap-1 text-xs text-neutral-600 dark:text-neutral-400" title={label} role="img" aria-label={label}>
      <Star className="size-3.5 fill-amber-400 text-amber-400" aria-hidden />
      {rating.toFixed(1)}
      {reviews !== null && <span aria-hidden>({reviews})</span>}
    </span>
  );
}
