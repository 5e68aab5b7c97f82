// Reads the pages behind a web search's top results, so an answer quotes the pages, not their
// snippets. Each page is fetched with the Space links' fetcher (private and loopback addresses
// refused unless allowed, redirects checked again, size and time bounded), its readable text
// extracted in the worker pool (a page is hostile input), and kept in the page cache; a cached
// page is used within its time to live, then revalidated. A page that fails, takes longer than
// `timeoutMs` to fetch or `parseTimeoutMs` to parse is cited by its snippet: the answer goes on.
import type { Db } from '../../db/database.js';
import { extractPageInWorker, type FetchedPage, fetchPage, type PageValidators } from '../../spaces/index.js';
import { sharedWorkerPool } from '../../workers/index.js';
import type { Passage } from '../types.js';
import { type CachedPage, cachedPages, cachePages, type PageToCache, renewPages } from './cache.js';
import { freshness } from './freshness.js';
import { choosePassages, type ReadPage } from './rank.js';

/** Results whose pages are read. */
export const PAGES_READ = 6;
export const PARSE_WAIT_MS = 5_000;

/**
 * The answers' own page-parsing processes (the links' job, services/spaces/links/extract-job.ts),
 * kept ten minutes after their last page: a process takes about a second to start on a busy
 * machine, most of a page's time budget, and an answer waits for its pages.
 */
const readingPool = () => sharedWorkerPool('web-page-reading', { processes: 2, limits: { timeMs: 10_000, memoryMb: 1024 }, idleTimeoutMs: 10 * 60_000 });

/** Starts the page-parsing processes ahead of the first web answer (called when web search is configured). */
export function warmPageReading() {
  for (let i = 0; i < 2; i++) extractPageInWorker({ url: 'about:blank', contentType: 'text/plain', body: '' }, readingPool()).catch(() => {});
}

export type PageReaderDeps = {
  db: Db;
  /** "host:port" pairs that may be fetched although private (SPACE_LINKS_ALLOW_PRIVATE_HOSTS). */
  allowPrivateHosts: readonly string[];
  /** Longest wait for one page's fetch (redirects and body included). */
  timeoutMs: number;
  /**
   * Longest wait for its text once fetched, queueing for a parsing process included (default
   * PARSE_WAIT_MS): kept apart from the fetch's, as a busy machine slows parsing, not the site.
   */
  parseTimeoutMs?: number;
  cacheTtlMs: number;
  now?: () => Date;
  fetch?: (url: string, opts: { timeoutMs: number; allowPrivateHosts: readonly string[]; validators?: PageValidators }) => Promise<FetchedPage>;
  extract?: (page: FetchedPage) => Promise<ReadPage>;
  /** The page cache (cache.ts on `db` unless given: tests). */
  cache?: PageCache;
};

export type PageCache = {
  lookup: (urls: readonly string[]) => Promise<Map<string, CachedPage>>;
  store: (pages: readonly PageToCache[], now: Date) => Promise<void>;
  renew: (renewed: readonly { url: string; etag?: string; lastModified?: string }[], now: Date) => Promise<void>;
};

/** `limits`: a Pro Search reads more pages and keeps more sources (pro-search/run.ts); default PAGES_READ and MAX_WEB_SOURCES. */
export type ReadLimits = { pages?: number; sources?: number };
export type PageReader = { read: (question: string, results: readonly Passage[], limits?: ReadLimits) => Promise<Passage[]> };

type Outcome = { page: ReadPage | null; store?: PageToCache; renew?: { url: string; etag?: string; lastModified?: string } };

export function pageReader(deps: PageReaderDeps): PageReader {
  const now = deps.now ?? (() => new Date());
  const parseTimeoutMs = deps.parseTimeoutMs ?? PARSE_WAIT_MS;
  const fetchOne = deps.fetch ?? ((url, opts) => fetchPage(url, { ...opts, maxRedirects: 5 }));
  const extract = deps.extract ?? ((page: FetchedPage) => extractPageInWorker(page, readingPool()));
  const cache: PageCache = deps.cache ?? {
    lookup: (urls) => cachedPages(deps.db, urls),
    store: (pages, at) => cachePages(deps.db, pages, at),
    renew: (renewed, at) => renewPages(deps.db, renewed, at),
  };

  async function readOne(url: string, cached: CachedPage | undefined): Promise<Outcome> {
    const state = freshness(cached, now(), deps.cacheTtlMs);
    if (state === 'fresh' && cached) return { page: cached };
    const validators = state === 'revalidate' && cached ? { etag: cached.etag, lastModified: cached.last_modified } : undefined;
    const fetched = await fetchOne(url, { timeoutMs: deps.timeoutMs, allowPrivateHosts: deps.allowPrivateHosts, validators });
    if (fetched.notModified && cached) return { page: cached, renew: { url, etag: fetched.etag, lastModified: fetched.lastModified } };
    const page = await withDeadline(extract(fetched), parseTimeoutMs);
    return { page, store: { url, title: page.title, text: page.text, etag: fetched.etag, lastModified: fetched.lastModified } };
  }

  // Pages being read for an answer now: another answer wanting one shares its read, not a second fetch.
  const reading = new Map<string, Promise<Outcome>>();
  const readShared = (url: string, cached: CachedPage | undefined) => {
    const under = reading.get(url);
    if (under) return under;
    const read = readOne(url, cached).finally(() => reading.delete(url));
    reading.set(url, read);
    return read;
  };

  return {
    async read(question, results, limits) {
      const read = limits?.pages ?? PAGES_READ;
      const top = results.slice(0, read);
      const held = await cache.lookup(top.map((r) => r.url)).catch(() => new Map<string, CachedPage>());
      const outcomes = await Promise.all(top.map((r) => withDeadline(readShared(r.url, held.get(r.url)), deps.timeoutMs + parseTimeoutMs).catch(() => null)));
      const stored = outcomes.flatMap((o) => (o?.store ? [o.store] : []));
      const renewed = outcomes.flatMap((o) => (o?.renew ? [o.renew] : []));
      // The cache saves later fetches; failing to write it costs this answer nothing.
      await Promise.all([cache.store(stored, now()), cache.renew(renewed, now())]).catch(() => {});
      const chosen = choosePassages(
        question,
        top.map((result, i) => ({ result, page: outcomes[i]?.page ?? null })),
        limits?.sources,
      );
      return [...chosen, ...results.slice(read)];
    },
  };
}

/** The promise's value, or a rejection once `ms` have passed (the work goes on, unawaited). */
function withDeadline<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`not read within ${ms} ms`)), ms);
  });
  work.catch(() => {});
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}
