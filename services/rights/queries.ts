// Read-model queries of data rights.
import type { Db } from '../db/database.js';
import { own } from './tables.js';
import { crossRead } from '../db/cross-read.js';

export const latestExport = (db: Db, userId: string) =>
  own(db).selectFrom('data_exports').selectAll().where('user_id', '=', userId).orderBy('requested_at', 'desc').limit(1).executeTakeFirst();

export const findExport = (db: Db, exportId: string) => own(db).selectFrom('data_exports').selectAll().where('export_id', '=', exportId).executeTakeFirst();

export const exportsOf = (db: Db, userId: string) =>
  own(db).selectFrom('data_exports').select(['export_id', 'object_key']).where('user_id', '=', userId).execute();

/** The Spaces a person owns, each with the members who joined it and can read it (who it could be handed to). */
export async function ownedSpaces(db: Db, userId: string) {
  const spaces = await crossRead(db)
    .selectFrom('spaces')
    .select(['uuid', 'title', 'emoji'])
    .where('owner_user_id', '=', userId)
    .orderBy('created_at')
    .execute();
  if (!spaces.length) return [];
  const members = await crossRead(db)
    .selectFrom('space_members')
    .leftJoin('user', 'user.id', 'space_members.user_id')
    .select(['space_members.space_uuid', 'space_members.member_id', 'space_members.email', 'space_members.level', 'user.name'])
    .where(
      'space_uuid',
      'in',
      spaces.map((s) => s.uuid),
    )
    .where('space_members.user_id', 'is not', null)
    .where('level', '>=', 1)
    .where('level', '<', 11)
    .execute();
  return spaces.map((s) => ({ ...s, heirs: members.filter((m) => m.space_uuid === s.uuid) }));
}
