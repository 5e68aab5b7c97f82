// Reads of the passage index besides search, for the modules that show passages.
import type { Db } from '../db/database.js';
import { own } from './tables.js';

/** The whole indexed text behind each url (its passages in order, joined by newlines), for the urls that have passages. */
export async function passagesByUrl(db: Db, urls: string[]): Promise<Map<string, string>> {
  const wanted = [...new Set(urls)];
  if (wanted.length === 0) return new Map();
  const rows = await own(db).selectFrom('passages').select(['url', 'content']).where('url', 'in', wanted).orderBy('ordinal').orderBy('id').execute();
  const byUrl = new Map<string, string>();
  for (const r of rows) byUrl.set(r.url, byUrl.has(r.url) ? `${byUrl.get(r.url)}\n${r.content}` : r.content);
  return byUrl;
}
