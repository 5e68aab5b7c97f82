// Reads of the passage index besides search, for the modules that show passages.
import type { ExpressionBuilder } from 'kysely';
import type { Db } from '../db/database.js';
import { own, type PassagesTables } from './tables.js';

/** The whole indexed text behind each url (its passages in order, joined by newlines), for the urls that have passages. */
export async function passagesByUrl(db: Db, urls: string[]): Promise<Map<string, string>> {
  const wanted = [...new Set(urls)];
  if (wanted.length === 0) return new Map();
  const rows = await own(db).selectFrom('passages').select(['url', 'content']).where('url', 'in', wanted).orderBy('ordinal').orderBy('id').execute();
  const byUrl = new Map<string, string>();
  for (const r of rows) byUrl.set(r.url, byUrl.has(r.url) ? `${byUrl.get(r.url)}\n${r.content}` : r.content);
  return byUrl;
}

const notWithheld = (eb: ExpressionBuilder<PassagesTables, 'passages'>) =>
  eb.or([eb('origin', 'is', null), eb('origin', 'not in', eb.selectFrom('passage_withheld_origins').select('origin'))]);

/** Where an item's passages are now and who may read them at their source (migration 0040's readers). */
export type PassagePlace = { corpus: string; readers: string[] | null };

/**
 * Where the passages of these synced files (by uuid) and connector documents (by url: passages
 * with a citation, migration 0046's index) are now, each place once: an item synced by two
 * connections has two. An item with no passages left (removed at its source, its connection
 * gone), or withheld (its connection disconnected, its removal under way), is absent.
 */
export async function passagePlacesOf(db: Db, items: { fileUuids: readonly string[]; urls: readonly string[] }) {
  const fileUuids = [...new Set(items.fileUuids)];
  const urls = [...new Set(items.urls)];
  const [byFileRows, byUrlRows] = await Promise.all([
    fileUuids.length
      ? own(db)
          .selectFrom('passages')
          .select(['file_uuid as key', 'corpus', 'readers'])
          .distinct()
          .where('file_uuid', 'in', fileUuids)
          .where(notWithheld)
          .execute()
      : [],
    urls.length
      ? own(db)
          .selectFrom('passages')
          .select(['url as key', 'corpus', 'readers'])
          .distinct()
          .where('url', 'in', urls)
          .where('citation', 'is not', null)
          .where(notWithheld)
          .execute()
      : [],
  ]);
  const group = (rows: { key: string | null; corpus: string; readers: string[] | null }[]) => {
    const map = new Map<string, PassagePlace[]>();
    for (const r of rows) if (r.key !== null) map.set(r.key, [...(map.get(r.key) ?? []), { corpus: r.corpus, readers: r.readers }]);
    return map;
  };
  return { byFile: group(byFileRows), byUrl: group(byUrlRows) };
}
