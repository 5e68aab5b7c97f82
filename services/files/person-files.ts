// A person's files as their data rights see them (services/rights): the ones their export holds,
// and the bytes of uploads they never finished, which deleting their account removes.
import type { Db } from '../db/database.js';
import type { KernelContext } from '../shared/context.js';
import { own } from './tables.js';

/**
 * Their library and the files of the Spaces they own, oldest first; an organisation's files stay
 * the organisation's (its downloads setting governs them), even those the person uploaded.
 */
export async function filesForExport(db: Db, userId: string, ownedSpaceUuids: readonly string[]) {
  return own(db)
    .selectFrom('files')
    .select(['file_uuid', 'filename', 'file_title', 'content_type', 'file_size', 'object_key', 'repo_type', 'repo_owner', 'file_state', 'created_at'])
    .where((eb) =>
      eb.or([
        eb.and([eb('repo_type', '=', 'USER'), eb('repo_owner', '=', userId)]),
        ...(ownedSpaceUuids.length ? [eb.and([eb('repo_type', '=', 'COLLECTION'), eb('repo_owner', 'in', ownedSpaceUuids)])] : []),
      ]),
    )
    .orderBy('created_at')
    .execute();
}

/** The bytes of the uploads the person started and never finished (their expiry workflows are forgotten with the account). */
export async function removeUnfinishedUploads(ctx: Pick<KernelContext, 'db' | 'storage' | 'logger'>, userId: string) {
  const pending = await own(ctx.db).selectFrom('file_uploads').select('object_key').where('uploaded_by_user_id', '=', userId).execute();
  for (const u of pending) await ctx.storage.delete(u.object_key).catch((err) => ctx.logger.warn({ err }, 'could not remove an unfinished upload'));
}
