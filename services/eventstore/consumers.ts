// Async consumers read the log in (transaction id, position) order and only below the oldest
// transaction still running, so an event whose transaction commits late is still seen.
// Each batch and its checkpoint commit together: a consumer sees every event once.
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import type { EventLogSignals } from './signals.js';
import type { EventStore } from './store.js';
import type { StoredEvent, Trx } from './types.js';
import { own } from './tables.js';

export type ConsumerHandler = (trx: Trx, events: StoredEvent[]) => Promise<void>;

const BATCH_SIZE = 500;

/**
 * `types`: the only events the handler is given (each consumer wants a few types of a log shared
 * by a dozen): the others are read without their payloads and only move the checkpoint on. Each
 * consumer read every payload of every event: about a sixth of the database's time with 10,000
 * task runs due at once, and as much parsing on the server.
 */
export async function consumeOnce(
  store: EventStore,
  name: string,
  handle: ConsumerHandler,
  batchSize = BATCH_SIZE,
  types?: readonly string[],
): Promise<number> {
  return (await readBatch(store, name, handle, batchSize, types)).read;
}

/**
 * One batch: `read` counts the events handled or passed over. `heldBack`: a committed event this
 * consumer wants lies past them, held back by an older transaction still running; when that one
 * ends it may say nothing (it may append nothing), so a consumer that is told must look again.
 * The held-back events come in the same query (they sort after the readable ones), without
 * their payloads.
 */
async function readBatch(store: EventStore, name: string, handle: ConsumerHandler, batchSize: number, types: readonly string[] | undefined) {
  return store.db.transaction().execute(async (trx) => {
    const lockCheckpoint = () =>
      own(trx).selectFrom('consumer_checkpoints').select(['tx_id', 'position']).where('consumer', '=', name).forUpdate().executeTakeFirst();
    let checkpoint = await lockCheckpoint();
    if (!checkpoint) {
      // First run: make the row to lock, so a second instance starting at the same time waits
      // for this batch instead of handling it too.
      await own(trx)
        .insertInto('consumer_checkpoints')
        .values({ consumer: name, tx_id: '0', position: '0', updated_at: new Date() })
        .onConflict((oc) => oc.column('consumer').doNothing())
        .execute();
      checkpoint = await lockCheckpoint();
    }
    const afterTx = checkpoint?.tx_id ?? '0';
    const afterPos = checkpoint?.position ?? '0';
    const wanted = types && new Set(types);
    const wantedTypes = wanted ? sql<boolean>`type = any(${[...wanted]}::text[])` : sql<boolean>`true`;
    const readable = sql<boolean>`tx_id < pg_snapshot_xmin(pg_current_snapshot())`;
    const rows = await own(trx)
      .selectFrom('events')
      .select(['global_position', 'tx_id', 'stream_id', 'stream_version', 'type', 'metadata', 'recorded_at'])
      .select(readable.as('readable'))
      .select(sql<unknown>`case when ${readable} and ${wantedTypes} then data end`.as('data'))
      .where(sql<boolean>`(tx_id, global_position) > (${afterTx}::xid8, ${afterPos}::bigint)`)
      .where(sql<boolean>`(${readable} or ${wantedTypes})`)
      .orderBy('tx_id')
      .orderBy('global_position')
      .limit(batchSize)
      .execute();
    // Ordered by transaction id, the readable events (below the oldest running transaction) come first.
    const read = rows.filter((r) => r.readable);
    const heldBack = read.length < rows.length;
    if (read.length === 0) return { read: 0, heldBack };
    const given = wanted ? read.filter((r) => wanted.has(r.type)) : read;
    if (given.length)
      await handle(
        trx,
        given.map((r) => store.toStored(r)),
      );
    const last = read[read.length - 1];
    await own(trx)
      .updateTable('consumer_checkpoints')
      .set({ tx_id: last.tx_id, position: last.global_position, updated_at: new Date() })
      .where('consumer', '=', name)
      .execute();
    return { read: read.length, heldBack };
  });
}

const FALLBACK_MS = 10_000;

export type ConsumerOptions = {
  /** Without `signals`: the time between reads. With them: the retry of events held back, and the least time between two reads. */
  pollMs?: number;
  batchSize?: number;
  onError?: (e: unknown) => void;
  /** The only events the handler is given; with `signals`, also the only ones that wake the consumer. */
  types?: readonly string[];
  /** The event log's signals: the consumer reads when told (services/eventstore/signals.ts) instead of polling. */
  signals?: EventLogSignals;
  /** With `signals`: the read made anyway when nothing was said, in case a notification was lost. */
  fallbackMs?: number;
};

/**
 * Reads until stopped; a full batch is followed at once by the next. Told by `signals`, a
 * consumer sleeps until events of its types are appended (or `fallbackMs` passes); without them
 * it polls every `pollMs`. Either way it reads at most once per `pollMs` after a partial batch:
 * under a steady stream of events, looking again at once would read a handful of events per look,
 * five round trips each (a tenth of the database's work under load).
 */
export function startConsumer(store: EventStore, name: string, handle: ConsumerHandler, opts: ConsumerOptions = {}) {
  const batchSize = opts.batchSize ?? BATCH_SIZE;
  const pollMs = opts.pollMs ?? 250;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  let idle = false; // waiting for `timer`
  let dueAt = 0;
  let lastEnd = 0;
  let said = false; // a signal came since the last read began
  const schedule = (ms: number) => {
    idle = true;
    dueAt = Date.now() + ms;
    timer = setTimeout(() => (running = tick()), ms);
  };
  const tick = async () => {
    idle = false;
    let heldBack = false;
    let failed = false;
    try {
      for (;;) {
        if (stopped) break;
        said = false;
        const batch = await readBatch(store, name, handle, batchSize, opts.types);
        heldBack = batch.heldBack;
        if (batch.read < batchSize) break;
      }
    } catch (err) {
      failed = true;
      opts.onError?.(err);
    }
    if (stopped) return;
    lastEnd = Date.now();
    // Told while reading: the read may have begun before the events it was told of committed.
    schedule(!opts.signals || failed || heldBack || said ? pollMs : (opts.fallbackMs ?? FALLBACK_MS));
  };
  const wake = () => {
    said = true;
    if (stopped || !idle) return;
    const wait = Math.max(0, lastEnd + pollMs - Date.now());
    if (Date.now() + wait >= dueAt) return;
    clearTimeout(timer);
    schedule(wait);
  };
  // Listening before the first read: nothing appended after it goes unsaid.
  const stopListening = opts.signals?.onAppend(opts.types, wake);
  running = tick();
  return {
    async stop() {
      stopped = true;
      stopListening?.();
      clearTimeout(timer);
      await running;
    },
  };
}

export type { Db };

/**
 * A consumer that is about what happens from now on (notifications: no one wants to hear of an
 * invitation from last year when the consumer first starts on an existing log) starts at the
 * log's head, once, if it has no checkpoint yet: just below the oldest transaction still running,
 * the end a consumer reads up to. Placed after the newest event seen, it skipped for good an
 * event whose transaction began earlier and committed after this start.
 */
export async function checkpointAtHead(store: EventStore, name: string) {
  await sql`
    insert into consumer_checkpoints (consumer, tx_id, position, updated_at)
    values (${name}, pg_snapshot_xmin(pg_current_snapshot()), 0, now())
    on conflict (consumer) do nothing`.execute(store.db);
}
