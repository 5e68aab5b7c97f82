// A file a connector brings in (services/connectors): its bytes stored straight under a sealed
// key of the repository (no upload form), then submitted for indexing exactly like an upload; a
// file synced before gets a new version of the same file. All or nothing: bytes stored but never
// recorded are removed.
import { randomUUID } from 'node:crypto';
import { ConcurrencyError } from '../eventstore/types.js';
import type { FilesContext } from './context.js';
import { decideSubmit, type Submission } from './decide.js';
import { fileErrors } from './errors.js';
import { evolveFile, type FileSource, fileStream, NO_FILE, type Repository } from './events.js';
import { contentTypeOf, fileTypeOf, isAttachmentType } from './file-types.js';
import { objectKeyFor, sealedKeyFor } from './stored-object.js';
import { startAll } from './upload-use-cases.js';
import { openRepository, requireChange, type RepositoryInfo } from './repository-access.js';
import type { Actor } from '../shared/actor.js';

export type ImportJob = {
  repository: Repository;
  /** The file an earlier sync of the same item made, to replace; null for a new file. */
  file_uuid: string | null;
  filename: string;
  bytes: Buffer;
  uploaded_by: string;
  uploader_email: string;
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

/** The repository a person may add files to (as for an upload), or the error an upload would get. */
export async function repositoryForImport(deps: Pick<FilesContext, 'db'>, actor: Actor, info: RepositoryInfo): Promise<Repository> {
  const access = await openRepository(deps.db, actor, info);
  requireChange(access, 'upload');
  return access.repository;
}
