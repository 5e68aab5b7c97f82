// A file's passages as the file view shows them (services/files/routes.ts): in order, a page at most.
import type { Db } from '../db/database.js';
import { own } from './tables.js';

/** The first 50 passages of a file (of one page of it when `page` is set), in order. */
export async function passagesOfFile(db: Db, fileUuid: string, page: number | null) {
  let q = own(db).selectFrom('passages').select(['id', 'heading', 'content', 'page']).where('file_uuid', '=', fileUuid);
  q = page === null ? q : q.where('page', '=', page);
  return q.orderBy('ordinal').limit(50).execute();
}
