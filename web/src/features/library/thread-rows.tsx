// The library's row look for a list of threads (title, plain snippet, date and question count),
// and its pager; shared by the Threads and Bookmarks tabs.
import { ChevronLeft, ChevronRight } from '../../ui/icons';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { ThreadSummary } from '../../../../generated/react-query/model';

/** The snippet is the start of a markdown answer: shown as plain text, without citation markers. */
export const plainSnippet = (md: string) =>
  md
    .replace(/\[\d{1,3}\]/g, '')
    .replace(/[#*`|>]+/g, ' ')
    // Underscores as emphasis only: LLM_BASE_URL keeps its own.
    .replace(/(?<![\p{L}\p{N}])_+|_+(?![\p{L}\p{N}])/gu, ' ')
    .replace(/(^|\n)\s*(?:[-+]|\d+\.)\s+/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();

const dateFormat = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short', year: 'numeric' });

/** `actions`, when given, renders a row's own controls beside its link (the owner's menu). */
export function ThreadRows({ label, threads, actions }: { label: string; threads: ThreadSummary[]; actions?: (t: ThreadSummary) => ReactNode }) {
  return (
    <ul aria-label={label} className="divide-y divide-neutral-100 dark:divide-neutral-900">
      {threads.map((t) => (
        <li key={t.context_uuid} className="flex items-start gap-2">
          <Link to={`/search/${encodeURIComponent(t.thread_url_slug)}`} className="group flex min-w-0 flex-1 flex-col gap-1 py-4">
            <span className="font-medium text-neutral-900 group-hover:underline dark:text-neutral-100">{t.title}</span>
            {t.snippet && <span className="line-clamp-2 text-sm text-neutral-600 dark:text-neutral-400">{plainSnippet(t.snippet)}</span>}
            <span className="text-xs text-neutral-500">
              <time dateTime={t.updated_datetime}>{dateFormat.format(new Date(t.updated_datetime))}</time>
              {t.entry_count > 1 && ` · ${t.entry_count} questions`}
            </span>
          </Link>
          {actions && <div className="shrink-0 pt-3">{actions(t)}</div>}
        </li>
      ))}
    </ul>
  );
}

export function ThreadRowsSkeleton({ label }: { label: string }) {
  return (
    <div role="status" aria-label={label} className="flex flex-col gap-3">
      {[0, 1, 2].map((i) => (
        <div key={i} className="h-20 animate-pulse rounded-xl bg-neutral-100 dark:bg-neutral-900" />
      ))}
    </div>
  );
}

export function Pager({ offset, pageSize, total, onChange }: { offset: number; pageSize: number; total: number; onChange: (offset: number) => void }) {
  if (total <= pageSize) return null;
  return (
    <nav aria-label="Pages" className="flex items-center justify-between text-sm text-neutral-600 dark:text-neutral-400">
      <button type="button" className="btn-secondary" disabled={offset === 0} onClick={() => onChange(Math.max(0, offset - pageSize))}>
        <ChevronLeft className="size-4" /> Newer
      </button>
      <span>
        {offset + 1}–{Math.min(offset + pageSize, total)} of {total}
      </span>
      <button type="button" className="btn-secondary" disabled={offset + pageSize >= total} onClick={() => onChange(offset + pageSize)}>
        Older <ChevronRight className="size-4" />
      </button>
    </nav>
  );
}
