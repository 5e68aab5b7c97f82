// Read-model queries of data rights.
import type { Db } from '../db/database.js';
import { own } from './tables.js';

export const latestExport = (db: Db, userId: string) =>
  own(db).selectFrom('data_exports').selectAll().where('user_id', '=', userId).orderBy('requested_at', 'desc').limit(1).executeTakeFirst();

export const findExport = (db: Db, exportId: string) => own(db).selectFrom('data_exports').selectAll().where('export_id', '=', exportId).executeTakeFirst();

export const exportsOf = (db: Db, userId: string) =>
  own(db).selectFrom('data_exports').select(['export_id', 'object_key']).where('user_id', '=', userId).execute();
