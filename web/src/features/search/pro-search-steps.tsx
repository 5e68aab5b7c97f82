// A Pro Search answer's steps: the searches it ran, the pages it read and how long finding them
// took. Live while it runs (the `status` events' searches), then the steps the server kept with
// the entry, so a reload or a shared thread shows the same.
import type { ProSearchSteps } from '../../../../generated/sdk/types.gen';
import { Globe, Search } from '../../ui/icons';

/** A page's host, as a chip shows it. */
export function hostOf(url: string) {
  try {
    return new URL(url).hostname.replace(/^www\./, '');
  } catch {
    return url;
  }
}

export const stepsDuration = (ms: number) => (ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`);

export function ProSearchStepsPanel({ steps, liveQueries, pending }: { steps?: ProSearchSteps; liveQueries?: string[]; pending: boolean }) {
  const queries = steps?.queries ?? liveQueries;
  if (!queries?.length && !(pending && !steps)) return null;
  return (
    <section aria-label="Pro Search steps" className="rounded-xl border border-neutral-200 p-3 text-sm dark:border-neutral-800" data-testid="pro-search-steps">
      <h3 className="mb-2 flex items-center gap-2 font-medium text-neutral-700 dark:text-neutral-200">
        <Search className="size-4" aria-hidden /> Pro Search
        {steps && (
          <span className="ml-auto text-xs font-normal text-neutral-500 dark:text-neutral-400">
            {steps.sources_read} {steps.sources_read === 1 ? 'source' : 'sources'} read · {stepsDuration(steps.duration_ms)}
          </span>
        )}
      </h3>
      {queries?.length ? (
        <ol aria-label="Searches" className="flex flex-col gap-1">
          {queries.map((q) => (
            <li key={q} className="flex items-start gap-2 text-neutral-600 dark:text-neutral-300">
              <Search className="mt-0.5 size-3.5 shrink-0 text-neutral-400" aria-hidden />
              <span>{q}</span>
            </li>
          ))}
        </ol>
      ) : (
        <p className="text-neutral-500 dark:text-neutral-400">Planning the searches…</p>
      )}
      {steps && steps.pages.length > 0 && (
        <ul aria-label="Pages found" className="mt-2 flex flex-wrap gap-1.5">
          {steps.pages.map((p) => (
            <li key={p.url}>
              <a
                href={p.url}
                target="_blank"
                rel="noreferrer noopener"
                title={p.title}
                className="inline-flex max-w-56 items-center gap-1 rounded-full bg-neutral-100 px-2 py-0.5 text-xs text-neutral-600 hover:text-neutral-900 dark:bg-neutral-800 dark:text-neutral-300"
              >
                <Globe className="size-3 shrink-0" aria-hidden /> <span className="truncate">{p.title || hostOf(p.url)}</span>
              </a>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
