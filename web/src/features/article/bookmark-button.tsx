import { Bookmark } from '../../ui/icons';
import { clsx } from 'clsx';

export function BookmarkButton({ bookmarked, busy, onToggle }: { bookmarked: boolean; busy: boolean; onToggle: () => void }) {
  return (
    <button
      type="button"
      onClick={onToggle}
      aria-pressed={bookmarked}
      aria-label={bookmarked ? 'Remove bookmark' : 'Bookmark'}
      title={bookmarked ? 'Remove bookmark' : 'Bookmark'}
      aria-busy={busy || undefined}
      className="btn-ghost"
    >
      <Bookmark className={clsx('size-4', bookmarked && 'fill-current text-neutral-900 dark:text-neutral-50')} />
      <span className="hidden sm:inline">{bookmarked ? 'Bookmarked' : 'Bookmark'}</span>
    </button>
  );
}
