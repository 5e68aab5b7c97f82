// Many small files' outcomes in one transaction (issue 32: a first sync of 10,000 small files).
// Each file indexed alone cost a transaction of its own, its passages one passages write; now
// the outcomes that arrive while a write is running wait for it and go together in the next one
// (group commit): the files' rows locked in one statement, their streams read in one, their
// events appended in one, with the passages projection run once over all of them. Still all or
// nothing per file: a file that failed to parse is an outcome like the others (FileIndexFailed),
// and should the batch fail (a file changed meanwhile by a new version or a delete), each of its
// files is written again alone, so one file's trouble never costs the others theirs.
import { evolveFile, fileStream, NO_FILE } from './events.js';
import { type IndexDeps, type IndexResult, outcomeEvents, type OutcomeToRecord, recordOutcome, skipCommitFlush } from './index-use-case.js';
import { own } from './tables.js';

/** At most this many files in one transaction, and passages among them: a file with more goes alone. */
export const BATCH_LIMITS = { files: 32, passages: 500 } as const;

/** The outcomes of `records` (distinct files) in one transaction, all or none. */
export async function recordOutcomes(deps: IndexDeps, records: readonly OutcomeToRecord[]): Promise<IndexResult[]> {
  return deps.db.transaction().execute(async (trx) => {
    const uuids = records.map((r) => r.fileUuid).sort();
    // Serialises with a delete or a new version of the same files; locked in one order, so two batches never deadlock.
    await own(trx).selectFrom('files').select('file_uuid').where('file_uuid', 'in', uuids).orderBy('file_uuid').forUpdate().execute();
    const streams = await deps.store.aggregateMany(uuids.map(fileStream), NO_FILE, evolveFile, trx);
    if (records.some((r) => r.extracted)) await skipCommitFlush(trx);
    const appends = [];
    const results: IndexResult[] = [];
    for (const record of records) {
      const { state, version } = streams.get(fileStream(record.fileUuid))!;
      const events = outcomeEvents(deps, state, record);
      if (!events) {
        results.push('stale');
        continue;
      }
      appends.push({ streamId: fileStream(record.fileUuid), expected: version, events });
      results.push(record.outcome.ok ? 'indexed' : 'failed');
    }
    await deps.store.appendToStreams(appends, trx);
    return results;
  });
}

type Waiting = OutcomeToRecord & { resolve: (r: IndexResult) => void; reject: (err: unknown) => void };

const passagesOf = (r: OutcomeToRecord) => r.extracted?.passages.length ?? 0;

/**
 * A writer of outcomes that groups the ones arriving together: the first is written at once, and
 * those that come while it is written go together next. One per process (the indexing workflow's).
 */
export function createOutcomeBatcher(deps: IndexDeps, limits: { files: number; passages: number } = BATCH_LIMITS) {
  const queue: Waiting[] = [];
  let writing = false;

  // The next batch: the oldest first, then whoever fits (one version of a file per batch).
  const take = () => {
    const batch: Waiting[] = [];
    const files = new Set<string>();
    let passages = 0;
    for (let i = 0; i < queue.length && batch.length < limits.files; ) {
      const w = queue[i];
      const fits = batch.length === 0 || (!files.has(w.fileUuid) && passages + passagesOf(w) <= limits.passages);
      if (!fits) {
        i++;
        continue;
      }
      batch.push(w);
      files.add(w.fileUuid);
      passages += passagesOf(w);
      queue.splice(i, 1);
    }
    return batch;
  };

  const alone = async (w: Waiting) => {
    try {
      w.resolve(await recordOutcome(deps, w.fileUuid, w.version, w.outcome, w.extracted));
    } catch (err) {
      w.reject(err);
    }
  };

  const write = async (batch: Waiting[]) => {
    if (batch.length === 1) await alone(batch[0]);
    else {
      let results: IndexResult[] | null = null;
      try {
        results = await recordOutcomes(deps, batch);
      } catch {
        // Each file alone: the ones that can be written are, the others fail their own step (which retries).
        for (const w of batch) await alone(w);
      }
      if (results) for (const [i, w] of batch.entries()) w.resolve(results[i]);
    }
  };

  const drain = async () => {
    writing = true;
    try {
      while (queue.length) await write(take());
    } finally {
      writing = false;
    }
  };

  return async (record: OutcomeToRecord): Promise<IndexResult> => {
    // A large file's write takes seconds: alone, and not in the way of the small files' batches.
    if (passagesOf(record) > limits.passages) return recordOutcome(deps, record.fileUuid, record.version, record.outcome, record.extracted);
    return new Promise<IndexResult>((resolve, reject) => {
      queue.push({ ...record, resolve, reject });
      if (!writing) void drain();
    });
  };
}
