// Indexing one version of a file: read its bytes, extract and cut its text, then write the
// passages (as events the passages projection reads) and the outcome in one transaction, so the
// index and the file's state never disagree.
// Safe to run again (a recovered workflow does): a version already decided changes nothing.
import { sql } from 'kysely';
import pLimit from 'p-limit';
import type { Db } from '../db/database.js';
import type { EventStore } from '../eventstore/store.js';
import type { Storage } from '../storage/storage.js';
import { decideIndexResult, type IndexOutcome } from './decide.js';
import type { NewEvent, Trx } from '../eventstore/types.js';
import { evolveFile, type FileState, fileStream, NO_FILE } from './events.js';
import { type Extracted, FileExtractError } from './extract/types.js';
import { extractFileInWorker } from './extract/extract-in-worker.js';
import type { IndexedType } from './file-types.js';
import { filePassageEvents } from './file-passages.js';
import { warmPassageWorkers } from '../passages/index.js';
import { own } from './tables.js';

/**
 * `extract` reads a file's text: in a worker with limits unless given (tests give other limits).
 * `record` writes an outcome: with others' in one transaction when given (outcome-batch.ts), alone otherwise.
 */
export type IndexDeps = {
  store: EventStore;
  db: Db;
  storage: Storage;
  now: () => Date;
  extract?: typeof extractFileInWorker;
  record?: (record: OutcomeToRecord) => Promise<IndexResult>;
};
export type IndexResult = 'indexed' | 'failed' | 'stale';

/** About 2,000 passages of text: a file this large makes a put whose terms are counted in workers (services/passages). */
const LARGE_FILE_BYTES = 2 * 1024 * 1024;

export const NO_TEXT = 'No text was found in this file. A scanned document needs its text recognised (OCR) before it can be searched.';
export const MISSING_BYTES = 'The uploaded file is missing from storage; upload it again.';

export async function indexFileVersion(deps: IndexDeps, fileUuid: string, version: number): Promise<IndexResult> {
  const { state } = await deps.store.aggregate(fileStream(fileUuid), NO_FILE, evolveFile);
  const file = state.current;
  if (!file || state.deleted || file.version !== version || state.status !== 'PROCESSING') return 'stale';

  // A large file's bytes and passages are held through its parse and write: two at a time, whatever
  // the queue's places (workflows/index-file.ts), which are many for the small files' sake.
  return file.file_size >= LARGE_FILE_BYTES ? largeFiles(() => indexRead(deps, fileUuid, version, file)) : indexRead(deps, fileUuid, version, file);
}

const largeFiles = pLimit(2);

async function indexRead(deps: IndexDeps, fileUuid: string, version: number, file: NonNullable<FileState['current']>): Promise<IndexResult> {
  let extracted: Extracted | null = null;
  let outcome: IndexOutcome;
  if (file.is_attachment) outcome = { ok: true, title: null, description: '', page_count: null, passage_count: 0 };
  else {
    try {
      extracted = await readAndExtract(deps, file);
      // A file with nothing to search (a scanned PDF) would never be cited: say so rather than COMPLETE.
      if (extracted.passages.length === 0) throw new FileExtractError(NO_TEXT);
      outcome = {
        ok: true,
        title: extracted.title,
        description: extracted.description,
        page_count: extracted.pageCount,
        passage_count: extracted.passages.length,
      };
    } catch (err) {
      // Anything else (storage or database trouble) is thrown for the workflow step to retry.
      if (!(err instanceof FileExtractError)) throw err;
      outcome = { ok: false, error: err.message };
    }
  }
  // The passages' index entries left pending (services/passages/write.ts) are merged by the
  // statistics folder once it has folded the file's statistics, not here: merged here too, the
  // merge held this large file's place, and the next file waited a merge's time to be read.
  if (deps.record) return deps.record({ fileUuid, version, outcome, extracted });
  return recordOutcome(deps, fileUuid, version, outcome, extracted);
}

async function readAndExtract(deps: IndexDeps, file: { object_key: string; file_type: string }): Promise<Extracted> {
  const bytes = (await deps.storage.head(file.object_key)) ? await deps.storage.read(file.object_key) : null;
  if (!bytes) throw new FileExtractError(MISSING_BYTES);
  // Its passages will be many: their terms are counted in worker processes, started while it is read.
  if (bytes.byteLength >= LARGE_FILE_BYTES) warmPassageWorkers();
  return (deps.extract ?? extractFileInWorker)(bytes, file.file_type as IndexedType);
}

/** Writes the outcome (and on success the passages) if the version is still the one being indexed. */
export async function recordOutcome(
  deps: IndexDeps,
  fileUuid: string,
  version: number,
  outcome: IndexOutcome,
  extracted: Extracted | null = null,
): Promise<IndexResult> {
  return deps.db.transaction().execute(async (trx) => {
    // Serialises with a delete or a new version of the same file.
    await own(trx).selectFrom('files').select('file_uuid').where('file_uuid', '=', fileUuid).forUpdate().executeTakeFirst();
    const { state, version: streamVersion } = await deps.store.aggregate(fileStream(fileUuid), NO_FILE, evolveFile, trx);
    const decided = outcomeEvents(deps, state, { fileUuid, version, outcome, extracted });
    if (!decided) return 'stale';
    if (extracted) await skipCommitFlush(trx);
    await deps.store.append(fileStream(fileUuid), streamVersion, decided, trx);
    return outcome.ok ? 'indexed' : 'failed';
  });
}

/** One file version's outcome to record: its extracted text when it was read. */
export type OutcomeToRecord = { fileUuid: string; version: number; outcome: IndexOutcome; extracted: Extracted | null };

/**
 * A file's events for its outcome (its passages just before FileIndexed, so a reader of the
 * stream meets them first), or null when the version is no longer the one being indexed.
 */
export function outcomeEvents(deps: Pick<IndexDeps, 'now'>, state: FileState, record: OutcomeToRecord): NewEvent[] | null {
  const events = decideIndexResult(state, record.version, record.outcome, deps.now());
  if (events.length === 0 || !state.current) return null;
  const { current } = state;
  const { extracted } = record;
  const passages =
    extracted && events[0].type === 'FileIndexed'
      ? filePassageEvents(
          {
            file_uuid: record.fileUuid,
            version: record.version,
            title: extracted.title ?? current.filename,
            file_type: current.file_type,
            repository: current.repository,
            ...(current.readers !== undefined ? { readers: current.readers } : {}),
            ...(current.source
              ? { source: { connection_type: current.source.connection_type, url: current.source.url, connection_uuid: current.source.connection_uuid } }
              : {}),
          },
          extracted.passages,
        )
      : [];
  return [...passages, ...events];
}

/**
 * A file's passages make megabytes of WAL, and waiting at the commit for their flush took a
 * quarter of a batch's time. Not waiting is safe here: the workflow records this step as done
 * in a later, synchronous commit to the same PostgreSQL (DBOS), which flushes this one first;
 * a crash before that record only runs the step again.
 */
export async function skipCommitFlush(trx: Trx) {
  await sql`select set_config('synchronous_commit', 'off', true)`.execute(trx);
}
