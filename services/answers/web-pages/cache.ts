// The web page cache (migration 0047): shared by every instance through the database. Bounded in
// rows (the least recently checked go first) and in text per row.
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { own } from '../tables.js';
import type { CachedCopy } from './freshness.js';

/** Rows kept at most; text kept per page at most (about what CHUNKS_PER_PAGE passages hold). */
export const PAGE_CACHE_LIMITS = { rows: 2_000, textChars: 60_000 } as const;

export type CachedPage = CachedCopy & { url: string; title: string; text: string };
export type PageToCache = { url: string; title: string; text: string; etag?: string; lastModified?: string };

export async function cachedPages(db: Db, urls: readonly string[]): Promise<Map<string, CachedPage>> {
  if (!urls.length) return new Map();
  const rows = await own(db)
    .selectFrom('web_page_cache')
    .selectAll()
    .where('url', 'in', [...new Set(urls)])
    .execute();
  return new Map(rows.map((r) => [r.url, r]));
}

/** Stores fresh copies (replacing older ones), then drops the least recently checked past the limit. */
export async function cachePages(db: Db, pages: readonly PageToCache[], now: Date, maxRows: number = PAGE_CACHE_LIMITS.rows) {
  if (!pages.length) return;
  const rows = [...new Map(pages.map((p) => [p.url, p])).values()].map((p) => ({
    url: p.url,
    title: p.title.slice(0, 1_000),
    text: p.text.slice(0, PAGE_CACHE_LIMITS.textChars),
    etag: p.etag ?? null,
    last_modified: p.lastModified ?? null,
    checked_at: now,
  }));
  await own(db)
    .insertInto('web_page_cache')
    .values(rows)
    .onConflict((oc) =>
      oc.column('url').doUpdateSet((eb) => ({
        title: eb.ref('excluded.title'),
        text: eb.ref('excluded.text'),
        etag: eb.ref('excluded.etag'),
        last_modified: eb.ref('excluded.last_modified'),
        checked_at: eb.ref('excluded.checked_at'),
      })),
    )
    .execute();
  await sql`delete from web_page_cache where checked_at < (select checked_at from web_page_cache order by checked_at desc offset ${maxRows} limit 1)`.execute(
    db,
  );
}

/** A 304: the copy held is good again from `now`, with the validators the server sent, if any. */
export async function renewPages(db: Db, renewed: readonly { url: string; etag?: string; lastModified?: string }[], now: Date) {
  for (const r of renewed)
    await own(db)
      .updateTable('web_page_cache')
      .set({ checked_at: now, ...(r.etag ? { etag: r.etag } : {}), ...(r.lastModified ? { last_modified: r.lastModified } : {}) })
      .where('url', '=', r.url)
      .execute();
}

/** The readable text of cached pages by url, for checking an answer's web sources. */
export async function cachedPageTexts(db: Db, urls: readonly string[]): Promise<Map<string, string>> {
  const pages = await cachedPages(db, urls);
  return new Map([...pages].map(([url, p]) => [url, p.text]));
}
