// Uploading: hand out presigned POSTs for what fits the plan, each recorded as a pending upload
// (it counts toward the limits until it is indexed or expires, and an expired one's bytes are
// removed by workflows/expire-upload.ts), then submit what was stored for indexing; the submit
// checks the bytes are there.
import { requireUser } from '../identity/index.js';
import { randomUUID } from 'node:crypto';
import type { FilesContext } from './context.js';
import { ConcurrencyError } from '../eventstore/types.js';
import type { Actor, ActorUser } from '../shared/actor.js';
import { decideSubmit, decideUploadStart, type Submission, type UploadStart } from './decide.js';
import { evolveFile, fileStream, NO_FILE, type Repository } from './events.js';
import { contentTypeOf, fileTypeOf, isAttachmentType, type FileType } from './file-types.js';
import { planOf } from '../shared/plans.js';
import { fitWithinLimits, LIMIT_MESSAGES } from './plan-limits.js';
import { fileCounts, filesNamed, filesByUuid, findFileByKey, type FileRow } from './queries.js';
import { NoSuchKeyError } from '../storage/object-keys.js';
import { openRepository, requireChange, type RepositoryInfo } from './repository-access.js';
import { filePrefix, objectKeyFor, sealedKeyFor } from './stored-object.js';
import { fileErrors } from './errors.js';

export type UploadItem = { filename: string; content_type: string; file_size: number };
export type IndexItem = { file_s3_url: string; file_size: number; filename: string; file_uuid: string; replace_existing?: boolean };

const MAX_FORM_SECONDS = 15 * 60;

/**
 * How long an upload form works: half the pending TTL (at most 15 minutes), so every upload has
 * ended well before its pending record expires and its object is removed.
 */
export const uploadFormSeconds = (ttlSeconds: number) => Math.max(1, Math.min(MAX_FORM_SECONDS, Math.floor(ttlSeconds / 2)));

const RECORD_ATTEMPTS = 3;

/**
 * Records each form handed out as a pending upload of its file, in one transaction. A file being
 * indexed meanwhile moves its stream on: decided again on the fresh state, a few times.
 */
async function recordUploads(ctx: FilesContext, uploads: UploadStart[]) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await ctx.db.transaction().execute(async (trx) => {
        for (const upload of uploads) {
          const stream = fileStream(upload.file_uuid);
          const { state, version } = await ctx.store.aggregate(stream, NO_FILE, evolveFile, trx);
          await ctx.store.append(stream, version, decideUploadStart(state, upload), trx);
        }
      });
    } catch (err) {
      if (!(err instanceof ConcurrencyError) || attempt >= RECORD_ATTEMPTS) throw err;
    }
  }
}

/** The accepted type of a file, or a 400 naming it; also refuses empty and oversized files. */
function checkFile(ctx: FilesContext, filename: string, size: number): FileType {
  const type = fileTypeOf(filename);
  if (!type) throw fileErrors.unsupportedFileType(filename);
  if (size > ctx.config.fileMaxBytes) throw fileErrors.fileTooLarge(filename, ctx.config.fileMaxBytes);
  if (size === 0) throw fileErrors.emptyFile(filename);
  return type;
}

function limitsFor(ctx: FilesContext, user: ActorUser, repo: Repository) {
  return { limits: ctx.config.fileLimits[planOf(user)], countsForUser: repo.type !== 'ORG' };
}

export async function uploadUrls(ctx: FilesContext, actor: Actor, info: RepositoryInfo, items: UploadItem[]) {
  const user = await requireUser(actor);
  const access = await openRepository(ctx.db, actor, info);
  requireChange(access, 'upload');
  const { repository } = access;
  const types = items.map((item) => checkFile(ctx, item.filename, item.file_size));
  const existing = new Map(
    (
      await filesNamed(
        ctx.db,
        repository,
        items.map((i) => i.filename),
      )
    ).map((row) => [row.filename, row]),
  );
  const newNames = new Set(items.map((i) => i.filename).filter((name) => !existing.has(name)));
  const { limits, countsForUser } = limitsFor(ctx, user, repository);
  const now = ctx.now();
  const ttlSeconds = ctx.config.uploadTtlSeconds;
  // Forms handed out and not yet indexed count too, so asking again and again gets no more.
  const counts = await fileCounts(ctx.db, repository, user.id, now, [], await ctx.readerPrincipals(user.id));
  const fit = fitWithinLimits(limits, { ...counts, counts_for_user: countsForUser }, newNames.size);

  const admitted = new Set([...newNames].slice(0, fit.fits));
  const planned = new Map<string, string>();
  const file_url_params = [];
  const uploads: UploadStart[] = [];
  for (const [i, item] of items.entries()) {
    const old = existing.get(item.filename);
    if (!old && !admitted.has(item.filename)) continue;
    // Two items with one name in a batch are one file: the second replaces the first.
    const fileUuid = old?.file_uuid ?? planned.get(item.filename) ?? randomUUID();
    planned.set(item.filename, fileUuid);
    const key = objectKeyFor(repository, fileUuid, randomUUID(), item.filename);
    const post = await ctx.storage.presignPost({
      key,
      contentType: contentTypeOf(types[i]),
      minBytes: item.file_size,
      maxBytes: item.file_size,
      expiresInSeconds: uploadFormSeconds(ttlSeconds),
    });
    uploads.push({
      file_uuid: fileUuid,
      repository,
      object_key: key,
      filename: item.filename,
      uploaded_by: user.id,
      counts_as_new: !old,
      now,
      ttlSeconds,
    });
    file_url_params.push({
      s3_bucket_url: post.url,
      fields: post.fields,
      s3_object_url: ctx.storage.objectUrl(key),
      file_uuid: fileUuid,
      replaces_existing: !!old,
    });
  }
  await recordUploads(ctx, uploads);
  const limit = fit.reached === 'FILE_REPOSITORY_LIMIT_EXCEEDED' ? limits.per_repository : limits.per_user;
  const limits_reached = fit.reached ? [{ code: fit.reached, limit, message: LIMIT_MESSAGES[fit.reached](limit) }] : [];
  return { limits_reached, file_url_params };
}

/** Checks each stored object, then submits every file in one transaction: all or none. */
export async function submitFiles(ctx: FilesContext, actor: Actor, info: RepositoryInfo, items: IndexItem[]): Promise<FileRow[]> {
  const user = await requireUser(actor);
  const access = await openRepository(ctx.db, actor, info);
  requireChange(access, 'upload');
  const { repository } = access;
  if (new Set(items.map((i) => i.file_uuid)).size !== items.length) throw fileErrors.duplicateFile();
  const submissions: { replace: boolean; submission: Submission }[] = [];
  for (const item of items) {
    const type = checkFile(ctx, item.filename, item.file_size);
    const key = ctx.storage.keyOf(item.file_s3_url);
    const stored = key?.startsWith(filePrefix(repository, item.file_uuid)) ? await ctx.storage.head(key) : null;
    if (!key || !stored || stored.size !== item.file_size) throw fileErrors.fileNotUploaded(item.filename);
    submissions.push({
      replace: item.replace_existing ?? false,
      submission: {
        file_uuid: item.file_uuid,
        repository,
        filename: item.filename,
        content_type: contentTypeOf(type),
        file_type: type,
        is_attachment: isAttachmentType(type),
        file_size: item.file_size,
        object_key: sealedKeyFor(key),
        upload_key: key,
        uploaded_by: user.id,
        uploader_email: user.email.toLowerCase(),
      },
    });
  }
  const known = new Set(
    (
      await filesByUuid(
        ctx.db,
        items.map((i) => i.file_uuid),
      )
    ).map((r) => r.file_uuid),
  );
  const { limits, countsForUser } = limitsFor(ctx, user, repository);
  const fit = fitWithinLimits(
    limits,
    {
      ...(await fileCounts(
        ctx.db,
        repository,
        user.id,
        ctx.now(),
        items.map((i) => i.file_uuid),
        await ctx.readerPrincipals(user.id),
      )),
      counts_for_user: countsForUser,
    },
    items.filter((i) => !known.has(i.file_uuid)).length,
  );
  if (fit.reached) {
    const limit = fit.reached === 'FILE_REPOSITORY_LIMIT_EXCEEDED' ? limits.per_repository : limits.per_user;
    throw fileErrors.limitReached(fit.reached, limit);
  }

  const now = ctx.now();
  const replacedKeys: string[] = [];
  const sealed = await sealUploads(
    ctx,
    submissions.map((s) => s.submission),
  );
  const jobs = await ctx.db
    .transaction()
    .execute(async (trx) => {
      const started = [];
      for (const { submission, replace } of submissions) {
        const stream = fileStream(submission.file_uuid);
        const { state, version } = await ctx.store.aggregate(stream, NO_FILE, evolveFile, trx);
        const events = decideSubmit(state, submission, replace, now);
        await ctx.store.append(stream, version, events, trx);
        if (state.current && state.current.object_key !== submission.object_key) replacedKeys.push(state.current.object_key);
        started.push({ file_uuid: submission.file_uuid, version: events[0].data.version });
      }
      return started;
    })
    .catch(async (err) => {
      await dropUnusedCopies(ctx, sealed);
      throw err;
    });
  await startAll(ctx, jobs);
  // The replaced bytes are no longer any file's; a leftover is harmless, so failures are only logged.
  for (const key of replacedKeys) await ctx.storage.delete(key).catch((err) => ctx.logger.warn({ err, key }, 'could not remove replaced upload'));
  return filesByUuid(
    ctx.db,
    jobs.map((j) => j.file_uuid),
  );
}

/**
 * Copies each upload to its sealed key before anything is recorded. The upload's own key stays
 * until its form is dead (workflows/expire-upload.ts removes it then), so the local bucket keeps
 * refusing a second write there, and what S3 takes from a replayed form is read by nobody.
 */
async function sealUploads(ctx: FilesContext, submissions: Submission[]): Promise<string[]> {
  const sealed: string[] = [];
  try {
    for (const s of submissions) {
      if (!s.upload_key) continue;
      await ctx.storage.copy(s.upload_key, s.object_key);
      sealed.push(s.object_key);
    }
  } catch (err) {
    await dropUnusedCopies(ctx, sealed);
    if (err instanceof NoSuchKeyError) throw fileErrors.fileNotUploaded(submissions.find((s) => s.upload_key === err.key)?.filename ?? '');
    throw err;
  }
  return sealed;
}

/** A submit that failed leaves no copies, except those a racing submit of the same upload recorded. */
async function dropUnusedCopies(ctx: FilesContext, keys: string[]) {
  for (const key of keys) {
    if (await findFileByKey(ctx.db, key)) continue;
    await ctx.storage.delete(key).catch((err) => ctx.logger.warn({ err, key }, 'could not remove the copy of a failed submit'));
  }
}

/** Starts each file's indexing now; the log's consumer starts any this misses (a crash just here). */
export async function startAll(
  ctx: { indexing: Pick<FilesContext['indexing'], 'start'>; logger: FilesContext['logger'] },
  jobs: { file_uuid: string; version: number }[],
) {
  for (const job of jobs) await ctx.indexing.start(job).catch((err) => ctx.logger.warn({ err, job }, 'indexing start deferred to the log consumer'));
}
