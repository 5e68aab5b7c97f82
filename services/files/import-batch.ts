// Files a connector brings in together (one batch of a sync, services/connectors/sync-files.ts):
// each stored as importFile stores it, then all recorded in one transaction: the plan's limits
// counted once for the batch under the same locks, the submissions appended in one statement.
// A file refused (its type or size, the plan's limit, a file deleted meanwhile) is refused alone;
// should the batch's transaction fail otherwise, each file is imported on its own instead. Bytes
// stored but never recorded are removed.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { StreamAppend } from '../eventstore/store.js';
import { decideSubmit, type Submission } from './decide.js';
import { fileErrors } from './errors.js';
import { evolveFile, fileStream, NO_FILE } from './events.js';
import { contentTypeOf, fileTypeOf, isAttachmentType } from './file-types.js';
import { type ImportDeps, type ImportJob, importFile } from './import-use-case.js';
import { fitWithinLimits } from './plan-limits.js';
import { fileCounts } from './queries.js';
import { objectKeyFor, sealedKeyFor } from './stored-object.js';
import { startAll } from './upload-use-cases.js';

export type ImportResult = { file_uuid: string } | { error: Error };

type Stored = { i: number; job: ImportJob; submission: Submission };

export async function importFiles(deps: ImportDeps, jobs: ImportJob[]): Promise<ImportResult[]> {
  const results: ImportResult[] = jobs.map(() => ({ error: new Error('not imported') }));
  const toStore: Stored[] = [];
  for (const [i, job] of jobs.entries()) {
    const refused = refusal(deps, job);
    if (refused) results[i] = { error: refused };
    else toStore.push({ i, job, submission: submissionOf(job) });
  }
  const puts = await Promise.allSettled(toStore.map((s) => deps.storage.put(s.submission.object_key, s.job.bytes, s.submission.content_type)));
  const stored = toStore.filter((s, k) => {
    const put = puts[k];
    if (put.status === 'rejected') results[s.i] = { error: put.reason as Error };
    return put.status === 'fulfilled';
  });
  const removeStored = (which: Stored[]) => Promise.all(which.map((s) => deps.storage.delete(s.submission.object_key).catch(() => {})));
  let recorded: { s: Stored; version: number; replaced: string | null }[];
  try {
    recorded = await deps.db.transaction().execute(async (trx) => {
      const states = await deps.store.aggregateMany(
        stored.map((s) => fileStream(s.submission.file_uuid)),
        NO_FILE,
        evolveFile,
        trx,
      );
      const stateOf = (s: Stored) => states.get(fileStream(s.submission.file_uuid))!;
      const refusedHere = new Map<Stored, Error>();
      // New files count toward the plan's limits: counted once per repository and person, in order.
      const groups = new Map<string, Stored[]>();
      for (const s of stored)
        if (s.job.plan && !stateOf(s).state.current) {
          const key = `${s.job.repository.type}:${s.job.repository.owner_id}:${s.job.uploaded_by}:${s.job.plan}`;
          groups.set(key, [...(groups.get(key) ?? []), s]);
        }
      for (const group of groups.values()) {
        const { job } = group[0];
        for (const key of [`files-limit:${job.repository.type}:${job.repository.owner_id}`, `files-limit:user:${job.uploaded_by}`])
          await sql`select pg_advisory_xact_lock(hashtext(${key}))`.execute(trx);
        const limits = deps.config.fileLimits[job.plan!];
        const counts = await fileCounts(trx, job.repository, job.uploaded_by, deps.now());
        const fit = fitWithinLimits(limits, { ...counts, counts_for_user: job.repository.type !== 'ORG' }, group.length);
        for (const s of group.slice(fit.fits))
          refusedHere.set(s, fileErrors.limitReached(fit.reached!, fit.reached === 'FILE_REPOSITORY_LIMIT_EXCEEDED' ? limits.per_repository : limits.per_user));
      }
      const appends: (StreamAppend & { s: Stored; version: number; replaced: string | null })[] = [];
      for (const s of stored) {
        if (refusedHere.has(s)) continue;
        const { state, version } = stateOf(s);
        try {
          const events = decideSubmit(state, s.submission, !!state.current, deps.now());
          appends.push({
            streamId: fileStream(s.submission.file_uuid),
            expected: version,
            events,
            s,
            version: events[0].data.version,
            replaced: state.current?.object_key ?? null,
          });
        } catch (err) {
          refusedHere.set(s, err as Error);
        }
      }
      await deps.store.appendToStreams(appends, trx);
      for (const [s, err] of refusedHere) results[s.i] = { error: err };
      return appends.map(({ s, version, replaced }) => ({ s, version, replaced }));
    });
  } catch {
    // The batch could not be recorded together (another writer moved a file meanwhile): each on its own.
    await removeStored(stored);
    for (const s of stored) results[s.i] = await importFile(deps, s.job).catch((error: Error) => ({ error }));
    return results;
  }
  const accepted = new Set(recorded.map((r) => r.s));
  await removeStored(stored.filter((s) => !accepted.has(s)));
  await startAll(
    deps,
    recorded.map((r) => ({ file_uuid: r.s.submission.file_uuid, version: r.version })),
  );
  for (const r of recorded) {
    results[r.s.i] = { file_uuid: r.s.submission.file_uuid };
    if (r.replaced && r.replaced !== r.s.submission.object_key)
      await deps.storage.delete(r.replaced).catch((err) => deps.logger.warn({ err, key: r.replaced }, 'could not remove the replaced copy of a synced file'));
  }
  return results;
}

/** Why a file is refused before anything is stored (as importFile refuses it), or null. */
function refusal(deps: ImportDeps, job: ImportJob): Error | null {
  if (!fileTypeOf(job.filename)) return fileErrors.unsupportedFileType(job.filename);
  if (job.bytes.length > deps.config.fileMaxBytes) return fileErrors.fileTooLarge(job.filename, deps.config.fileMaxBytes);
  if (job.bytes.length === 0) return fileErrors.emptyFile(job.filename);
  return null;
}

function submissionOf(job: ImportJob): Submission {
  const type = fileTypeOf(job.filename)!;
  const fileUuid = job.file_uuid ?? randomUUID();
  return {
    file_uuid: fileUuid,
    repository: job.repository,
    filename: job.filename,
    content_type: contentTypeOf(type),
    file_type: type,
    is_attachment: isAttachmentType(type),
    file_size: job.bytes.length,
    object_key: sealedKeyFor(objectKeyFor(job.repository, fileUuid, randomUUID(), job.filename)),
    uploaded_by: job.uploaded_by,
    uploader_email: job.uploader_email.toLowerCase(),
    ...(job.source ? { source: job.source } : {}),
    ...(job.readers !== undefined ? { readers: job.readers } : {}),
  };
}
