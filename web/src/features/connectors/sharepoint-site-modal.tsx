// The SharePoint site selector (seed 001 §2, §5, §9): the sites a page at a time with infinite
// scroll (threshold 0.5, debounce 500 ms), 'Search sites' only when there are more than 11 (search
// debounced 250 ms), 'No results', Cancel, and Next, disabled until a site is chosen, which opens
// the picker on that site's libraries. The first page goes through the Microsoft login rules.
import { useEffect, useRef, useState } from 'react';
import { listSharepointSites } from '../../../../generated/react-query/connectors/connectors';
import type { SharepointSitePage } from '../../../../generated/react-query/model';
import { useModals } from '../../platform/modals/context';
import type { ModalProps } from '../../platform/modals/types';
import { problemMessage } from '../../platform/problem';
import { ModalTitle } from '../../ui/modal-parts';
import type { SharepointSiteArgs } from './connectors-args';
import { MicrosoftTokenError, microsoftLogin } from './microsoft-login';

type Site = SharepointSitePage['sites'][number];

/** The search box shows only above this many sites. */
export const SITE_SEARCH_ABOVE = 11;
export const SITE_SEARCH_DEBOUNCE_MS = 250;
export const SITE_SCROLL_DEBOUNCE_MS = 500;
export const SITE_SCROLL_THRESHOLD = 0.5;
const NOT_RESPONDING = 'SharePoint is not responding. Please try again later.';

export default function SharepointSiteModal({ args, close }: ModalProps<SharepointSiteArgs>) {
  const { open } = useModals();
  const [sites, setSites] = useState<Site[]>([]);
  const [cursor, setCursor] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState('');
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [chosen, setChosen] = useState<Site | null>(null);
  // Whether the unsearched list ever held more than 11 sites: the box stays while one searches.
  const [many, setMany] = useState(false);
  const sentinel = useRef<HTMLLIElement | null>(null);
  const loadingRef = useRef(false);
  const scope = args.repository.file_repository_type === 'ORG' ? ('ORG' as const) : ('USER' as const);

  useEffect(() => {
    const t = setTimeout(() => setQuery(search.trim()), SITE_SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(t);
  }, [search]);

  async function load(more: string | null) {
    if (loadingRef.current && more) return;
    loadingRef.current = true;
    setLoading(true);
    setError(null);
    try {
      const call = async () =>
        (await listSharepointSites({ file_repository_type: scope, ...(query ? { search: query } : {}), ...(more ? { cursor: more } : {}) }))
          .data as SharepointSitePage;
      // The first page is the picker's token acquisition: one Microsoft login at a time, 20 s at most.
      const page = more ? await call() : await microsoftLogin(call);
      setSites((old) => {
        const next = more ? [...old, ...page.sites] : page.sites;
        if (!query && (next.length > SITE_SEARCH_ABOVE || (next.length === SITE_SEARCH_ABOVE && page.next_cursor))) setMany(true);
        return next;
      });
      setCursor(page.next_cursor);
    } catch (err) {
      setError(err instanceof MicrosoftTokenError ? `${err.message}. ${problemMessage(err.cause, NOT_RESPONDING)}` : problemMessage(err, NOT_RESPONDING));
    } finally {
      loadingRef.current = false;
      setLoading(false);
    }
  }
  // biome-ignore lint/correctness/useExhaustiveDependencies: the first page is loaded again when the search changes.
  useEffect(() => {
    setChosen(null);
    void load(null);
  }, [query]);

  // Infinite scroll: the next page once half of the list's end is in view, at most every 500 ms.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the observer follows the cursor.
  useEffect(() => {
    const end = sentinel.current;
    if (!end || !cursor || typeof IntersectionObserver === 'undefined') return;
    let last = 0;
    const observer = new IntersectionObserver(
      (entries) => {
        const now = Date.now();
        if (!entries.some((e) => e.isIntersecting) || now - last < SITE_SCROLL_DEBOUNCE_MS) return;
        last = now;
        void load(cursor);
      },
      { threshold: SITE_SCROLL_THRESHOLD },
    );
    observer.observe(end);
    return () => observer.disconnect();
  }, [cursor]);

  const next = () => {
    if (!chosen) return;
    close();
    open('connectorPicker', { name: 'sharepoint', repository: args.repository, site: { id: chosen.id, name: chosen.name } });
  };

  return (
    <div className="flex flex-col gap-3">
      <ModalTitle>Choose a SharePoint site</ModalTitle>
      {many ? (
        <input
          type="search"
          aria-label="Search sites"
          placeholder="Search sites"
          className="rounded-lg border px-3 py-1.5 text-sm dark:border-neutral-700 dark:bg-neutral-900"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
      ) : null}
      {error ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      ) : null}
      <ul aria-label="SharePoint sites" className="max-h-96 divide-y overflow-y-auto rounded-lg border dark:divide-neutral-800 dark:border-neutral-800">
        {sites.map((site) => (
          <li key={site.id}>
            <label className="flex cursor-pointer items-center gap-2 px-3 py-2 text-sm">
              <input type="radio" name="sharepoint-site" checked={chosen?.id === site.id} onChange={() => setChosen(site)} />
              <span className="flex min-w-0 flex-col">
                <span className="truncate font-medium">{site.name}</span>
                {site.webUrl ? <span className="truncate text-xs text-neutral-500">{site.webUrl}</span> : null}
              </span>
            </label>
          </li>
        ))}
        {!loading && !error && sites.length === 0 ? <li className="px-3 py-6 text-center text-sm text-neutral-500">No results</li> : null}
        {cursor ? <li ref={sentinel} aria-hidden className="h-4" /> : null}
      </ul>
      <div className="flex justify-end gap-2">
        <button type="button" className="rounded-lg border px-3 py-1.5 text-sm" onClick={close}>
          Cancel
        </button>
        <button type="button" className="btn-primary" disabled={!chosen} onClick={next}>
          Next
        </button>
      </div>
    </div>
  );
}
