// Deleting and re-indexing files, both all-or-nothing in one transaction.
import { requireUser } from '../identity/index.js';
import type { KernelContext } from '../shared/context.js';
import type { FilesContext } from './context.js';
import type { Actor } from '../shared/actor.js';
import { decideDelete, decideResync } from './decide.js';
import { evolveFile, fileStream, NO_FILE, type Repository } from './events.js';
import { applyFilters, filesByUuid, type FileFilters, type FileRow } from './queries.js';
import { openRepository, requireChange, type RepositoryInfo } from './repository-access.js';
import { startAll } from './upload-use-cases.js';
import { fileErrors } from './errors.js';
import { own } from './tables.js';

const RESYNC_MAX = 1000;

export async function deleteFiles(ctx: FilesContext, actor: Actor, info: RepositoryInfo, fileUuids: string[]) {
  const user = await requireUser(actor);
  const access = await openRepository(ctx.db, actor, info);
  requireChange(access, 'delete');
  const uuids = [...new Set(fileUuids)];
  const now = ctx.now();
  const keys = await ctx.db.transaction().execute(async (trx) => {
    const removed: string[] = [];
    for (const uuid of uuids) {
      const stream = fileStream(uuid);
      const { state, version } = await ctx.store.aggregate(stream, NO_FILE, evolveFile, trx);
      const events = decideDelete(state, access.repository, user.id, now);
      await ctx.store.append(stream, version, events, trx);
      removed.push(events[0].data.object_key);
    }
    return removed;
  });
  // The bytes go after the commit: a file is gone once its event is; a leftover object is only space.
  for (const key of keys) await ctx.storage.delete(key).catch((err) => ctx.logger.warn({ err, key }, 'could not remove a deleted file from storage'));
  return { deleted_file_uuids: uuids };
}

/** Every file of a repository, for a Space being deleted: deleted file by file, so stopping halfway and deleting again finishes the job. */
export async function deleteAllFiles(ctx: KernelContext, repository: Repository, by: string) {
  const rows = await own(ctx.db)
    .selectFrom('files')
    .select(['file_uuid', 'object_key'])
    .where('repo_type', '=', repository.type)
    .where('repo_owner', '=', repository.owner_id)
    .execute();
  for (const row of rows) {
    const stream = fileStream(row.file_uuid);
    const { state, version } = await ctx.store.aggregate(stream, NO_FILE, evolveFile);
    await ctx.store.append(stream, version, decideDelete(state, repository, by, ctx.now()));
    await ctx.storage.delete(row.object_key).catch((err) => ctx.logger.warn({ err, key: row.object_key }, 'could not remove a deleted file from storage'));
  }
}

export async function resyncFiles(ctx: FilesContext, actor: Actor, info: RepositoryInfo, filters: FileFilters | undefined): Promise<FileRow[]> {
  const access = await openRepository(ctx.db, actor, info);
  requireChange(access, 'upload');
  const { repository } = access;
  const base = own(ctx.db).selectFrom('files').selectAll().where('repo_type', '=', repository.type).where('repo_owner', '=', repository.owner_id);
  const rows = await applyFilters(base, filters).orderBy('updated_at', 'desc').limit(RESYNC_MAX).execute();
  const now = ctx.now();
  const jobs = await ctx.db.transaction().execute(async (trx) => {
    const started = [];
    for (const row of rows) {
      const stream = fileStream(row.file_uuid);
      const { state, version } = await ctx.store.aggregate(stream, NO_FILE, evolveFile, trx);
      const events = decideResync(state, now);
      if (!events.length) continue;
      await ctx.store.append(stream, version, events, trx);
      started.push({ file_uuid: row.file_uuid, version: events[0].data.version });
    }
    return started;
  });
  await startAll(ctx, jobs);
  // Synced files are looked at again at their source too (their items go EVALUATING_RESYNC).
  await ctx.connectorFiles?.resync(actor, repository, filters);
  return filesByUuid(
    ctx.db,
    jobs.map((j) => j.file_uuid),
  );
}

export const fileNotFound = fileErrors.fileNotFound;
