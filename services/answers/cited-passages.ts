// The whole indexed passage behind each cited url, when there is one: a stored source keeps only
// a snippet of it, and a sentence may come from further into the passage.
import type { Db } from '../db/database.js';

export async function passagesByUrl(db: Db, urls: string[]): Promise<Map<string, string>> {
  const wanted = [...new Set(urls)];
  if (wanted.length === 0) return new Map();
  const rows = await db.selectFrom('passages').select(['url', 'content']).where('url', 'in', wanted).orderBy('ordinal').execute();
  const byUrl = new Map<string, string>();
  for (const r of rows) byUrl.set(r.url, byUrl.has(r.url) ? `${byUrl.get(r.url)}\n${r.content}` : r.content);
  return byUrl;
}
