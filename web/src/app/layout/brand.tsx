// The product mark and name.
import { Link } from 'react-router';

export function Brand({ compact = false }: { compact?: boolean }) {
  return (
    <Link to="/" className="flex items-center gap-2 font-semibold tracking-tight" aria-label="Answer Engine home">
      <span className="grid size-8 place-items-center rounded-lg bg-neutral-900 text-white dark:bg-white dark:text-neutral-900">
        <svg viewBox="0 0 24 24" className="size-4" fill="none" stroke="currentColor" strokeWidth="2.5" aria-hidden="true">
          <circle cx="11" cy="11" r="6" />
          <path d="m16 16 4 4" strokeLinecap="round" />
        </svg>
      </span>
      {!compact && <span className="whitespace-nowrap">Answer Engine</span>}
    </Link>
  );
}
