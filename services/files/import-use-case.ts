// A file a connector brings in (services/connectors): its bytes stored straight under a sealed
// key of the repository (no upload form), then submitted for indexing exactly like an upload; a
// file synced before gets a new version of the same file. All or nothing: bytes stored but never
// recorded are removed.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { ConcurrencyError, type Trx } from '../eventstore/types.js';
import type { FilesContext } from './context.js';
import { decideSubmit, type Submission } from './decide.js';
import { fileErrors } from './errors.js';
import { evolveFile, type FileSource, fileStream, NO_FILE, type Repository } from './events.js';
import { contentTypeOf, fileTypeOf, isAttachmentType } from './file-types.js';
import { objectKeyFor, sealedKeyFor } from './stored-object.js';
import { startAll } from './upload-use-cases.js';
import { openRepository, requireChange, type RepositoryInfo } from './repository-access.js';
import type { Actor, Plan } from '../shared/actor.js';
import { decideDelete } from './decide.js';
import { fitWithinLimits } from './plan-limits.js';
import { fileCounts } from './queries.js';

export type ImportJob = {
  repository: Repository;
  /** The file an earlier sync of the same item made, to replace; null for a new file. */
  file_uuid: string | null;
  filename: string;
  bytes: Buffer;
  uploaded_by: string;
  uploader_email: string;
  /** The plan of the person it is synced for: a new file counts toward its limits as an upload does. */
  plan?: Plan;
  /** Where it comes from at its source, and who may read it there (the passage index's principal keys; null: everyone who may read the repository). */
  source?: FileSource;
  readers?: string[] | null;
};

export type ImportDeps = Pick<FilesContext, 'db' | 'store' | 'storage' | 'now' | 'config' | 'logger'> & { indexing: Pick<FilesContext['indexing'], 'start'> };

const ATTEMPTS = 3;

export async function importFile(deps: ImportDeps, job: ImportJob): Promise<{ file_uuid: string }> {
  const type = fileTypeOf(job.filename);
  if (!type) throw fileErrors.unsupportedFileType(job.filename);
  if (job.bytes.length > deps.config.fileMaxBytes) throw fileErrors.fileTooLarge(job.filename, deps.config.fileMaxBytes);
  if (job.bytes.length === 0) throw fileErrors.emptyFile(job.filename);
  // A cheap refusal before the bytes are stored; checked again, under a lock, where the file is recorded.
  if (job.plan && !job.file_uuid) await checkLimits(deps.db, deps, job, job.plan);
  const fileUuid = job.file_uuid ?? randomUUID();
  const key = sealedKeyFor(objectKeyFor(job.repository, fileUuid, randomUUID(), job.filename));
  await deps.storage.put(key, job.bytes, contentTypeOf(type));
  const submission: Submission = {
    file_uuid: fileUuid,
    repository: job.repository,
    filename: job.filename,
    content_type: contentTypeOf(type),
    file_type: type,
    is_attachment: isAttachmentType(type),
    file_size: job.bytes.length,
    object_key: key,
    uploaded_by: job.uploaded_by,
    uploader_email: job.uploader_email.toLowerCase(),
    ...(job.source ? { source: job.source } : {}),
    ...(job.readers !== undefined ? { readers: job.readers } : {}),
  };
  let replaced: string | null = null;
  let version = 0;
  try {
    for (let attempt = 1; ; attempt++) {
      try {
        await deps.db.transaction().execute(async (trx) => {
          const stream = fileStream(fileUuid);
          const { state, version: at } = await deps.store.aggregate(stream, NO_FILE, evolveFile, trx);
          if (job.plan && !state.current) await checkLimits(trx, deps, job, job.plan, { lock: true });
          const events = decideSubmit(state, submission, !!state.current, deps.now());
          await deps.store.append(stream, at, events, trx);
          replaced = state.current?.object_key ?? null;
          version = events[0].data.version;
        });
        break;
      } catch (err) {
        if (!(err instanceof ConcurrencyError) || attempt >= ATTEMPTS) throw err;
      }
    }
  } catch (err) {
    await deps.storage.delete(key).catch(() => {});
    throw err;
  }
  await startAll(deps, [{ file_uuid: fileUuid, version }]);
  const old = replaced as string | null;
  if (old && old !== key)
    await deps.storage.delete(old).catch((err) => deps.logger.warn({ err, key: old }, 'could not remove the replaced copy of a synced file'));
  return { file_uuid: fileUuid };
}

/** A new synced file fits the plan's limits (per repository; per person outside an organisation), or the upload's 422. */
async function checkLimits(db: Db, deps: ImportDeps, job: ImportJob, plan: Plan, opts: { lock?: boolean } = {}) {
  const limits = deps.config.fileLimits[plan];
  // Files synced at once into one repository (or by one person) are counted one after another.
  if (opts.lock)
    for (const key of [`files-limit:${job.repository.type}:${job.repository.owner_id}`, `files-limit:user:${job.uploaded_by}`])
      await sql`select pg_advisory_xact_lock(hashtext(${key}))`.execute(db);
  const counts = await fileCounts(db, job.repository, job.uploaded_by, deps.now());
  const fit = fitWithinLimits(limits, { ...counts, counts_for_user: job.repository.type !== 'ORG' }, 1);
  if (fit.reached) throw fileErrors.limitReached(fit.reached, fit.reached === 'FILE_REPOSITORY_LIMIT_EXCEEDED' ? limits.per_repository : limits.per_user);
}

/**
 * A synced file removed at its source (or its connection gone): deleted as a person's delete
 * does, its passages with it. Deleting one already gone does nothing, so a retry is harmless.
 */
export async function deleteImportedFile(deps: Pick<FilesContext, 'db' | 'store' | 'storage' | 'now' | 'logger'>, fileUuid: string, by: string) {
  const removeStored = await deps.db.transaction().execute((trx) => deleteImportedFilesIn(deps, trx, [fileUuid], by));
  await removeStored();
}

/**
 * Synced files deleted in the caller's transaction, so that they go with whatever else it commits
 * (a connector's items leaving with their files: neither without the other). Each file is read
 * again when a racing writer (its indexing) moved it on; one already deleted appends nothing.
 * Answers the removal of their stored bytes, to be called once the transaction committed: rolled
 * back, the files stand, bytes and all.
 */
export async function deleteImportedFilesIn(
  deps: Pick<FilesContext, 'store' | 'storage' | 'now' | 'logger'>,
  trx: Trx,
  fileUuids: readonly string[],
  by: string,
): Promise<() => Promise<void>> {
  const keys: string[] = [];
  for (const fileUuid of fileUuids)
    for (let attempt = 1; ; attempt++) {
      const { state, version } = await deps.store.aggregate(fileStream(fileUuid), NO_FILE, evolveFile, trx);
      if (!state.current || state.deleted) break;
      try {
        await deps.store.append(fileStream(fileUuid), version, decideDelete(state, state.current.repository, by, deps.now()), trx);
        keys.push(state.current.object_key);
        break;
      } catch (err) {
        if (!(err instanceof ConcurrencyError) || attempt >= 5) throw err;
      }
    }
  return async () => {
    for (const key of keys)
      await deps.storage.delete(key).catch((err) => deps.logger.warn({ err, key }, 'could not remove a deleted synced file from storage'));
  };
}

/** The repository a person may add files to (as for an upload), or the error an upload would get. */
export async function repositoryForImport(deps: Pick<FilesContext, 'db'>, actor: Actor, info: RepositoryInfo): Promise<Repository> {
  const access = await openRepository(deps.db, actor, info);
  requireChange(access, 'upload');
  return access.repository;
}
