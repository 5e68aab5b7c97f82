// The search filters a question was asked with, shown under it: one chip per filter.
import type { SearchFilters } from '../../../../generated/sdk/types.gen';
import { SlidersHorizontal } from '../../ui/icons';
import { filtersSummary } from '../ask/search-filters';

export function FiltersUsed({ filters }: { filters: SearchFilters | undefined }) {
  const phrases = filtersSummary(filters);
  if (!phrases.length) return null;
  return (
    <div className="-mt-2 flex items-center gap-1.5 text-xs text-neutral-600 dark:text-neutral-400">
      <SlidersHorizontal className="size-3.5 shrink-0" aria-hidden />
      <ul aria-label="Search filters" className="flex flex-wrap items-center gap-1.5">
        {phrases.map((p) => (
          <li key={p} className="rounded-full bg-neutral-100 px-2 py-0.5 dark:bg-neutral-800">
            {p}
          </li>
        ))}
      </ul>
    </div>
  );
}
