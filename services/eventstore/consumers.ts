// Async consumers read the log in (transaction id, position) order and only below the oldest
// transaction still running, so an event whose transaction commits late is still seen.
// Each batch and its checkpoint commit together: a consumer sees every event once.
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import type { EventStore } from './store.js';
import type { StoredEvent, Trx } from './types.js';

export type ConsumerHandler = (trx: Trx, events: StoredEvent[]) => Promise<void>;

const BATCH_SIZE = 500;

/**
 * One batch: up to `batchSize` events after the checkpoint, handed over in order, then the
 * checkpoint moves past them. With `types`, only events of those types are handed over, and only
 * their payloads are read: a consumer of a few types does not read every file's passages (several
 * MB an indexed file) to skip them. Returns how many events the batch passed.
 */
export async function consumeOnce(
  store: EventStore,
  name: string,
  handle: ConsumerHandler,
  batchSize = BATCH_SIZE,
  types?: readonly string[],
): Promise<number> {
  return store.db.transaction().execute(async (trx) => {
    const lockCheckpoint = () =>
      trx.selectFrom('consumer_checkpoints').select(['tx_id', 'position']).where('consumer', '=', name).forUpdate().executeTakeFirst();
    let checkpoint = await lockCheckpoint();
    if (!checkpoint) {
      // First run: make the row to lock, so a second instance starting at the same time waits
      // for this batch instead of handling it too.
      await trx
        .insertInto('consumer_checkpoints')
        .values({ consumer: name, tx_id: '0', position: '0', updated_at: new Date() })
        .onConflict((oc) => oc.column('consumer').doNothing())
        .execute();
      checkpoint = await lockCheckpoint();
    }
    const afterTx = checkpoint?.tx_id ?? '0';
    const afterPos = checkpoint?.position ?? '0';
    const rows = await trx
      .selectFrom('events')
      .select(['global_position', 'tx_id', 'stream_id', 'stream_version', 'type', 'metadata', 'recorded_at'])
      .select(types ? sql<unknown>`case when type = any(${[...types]}::text[]) then data end`.as('data') : 'data')
      .where(sql<boolean>`(tx_id, global_position) > (${afterTx}::xid8, ${afterPos}::bigint)`)
      .where(sql<boolean>`tx_id < pg_snapshot_xmin(pg_current_snapshot())`)
      .orderBy('tx_id')
      .orderBy('global_position')
      .limit(batchSize)
      .execute();
    if (rows.length === 0) return 0;
    const wanted = types ? rows.filter((r) => types.includes(r.type)) : rows;
    if (wanted.length || !types)
      await handle(
        trx,
        wanted.map((r) => store.toStored(r)),
      );
    const last = rows[rows.length - 1];
    await trx
      .updateTable('consumer_checkpoints')
      .set({ tx_id: last.tx_id, position: last.global_position, updated_at: new Date() })
      .where('consumer', '=', name)
      .execute();
    return rows.length;
  });
}

/**
 * Polls until stopped; a full batch is followed at once by the next. A partial one waits for the
 * next poll: under a steady stream of events, looking again at once would read a handful of
 * events per look, five round trips each (a tenth of the database's work under load).
 */
export function startConsumer(
  store: EventStore,
  name: string,
  handle: ConsumerHandler,
  opts: { pollMs?: number; batchSize?: number; onError?: (e: unknown) => void; types?: readonly string[] } = {},
) {
  const batchSize = opts.batchSize ?? BATCH_SIZE;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const tick = async () => {
    if (stopped) return;
    try {
      while (!stopped && (await consumeOnce(store, name, handle, batchSize, opts.types)) === batchSize);
    } catch (err) {
      opts.onError?.(err);
    }
    if (!stopped) timer = setTimeout(() => (running = tick()), opts.pollMs ?? 250);
  };
  running = tick();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}

export type { Db };

/**
 * A consumer that is about what happens from now on (notifications: no one wants to hear of an
 * invitation from last year when the consumer first starts on an existing log) starts at the
 * log's head: its checkpoint is set to the newest event, once, if it has none yet.
 */
export async function checkpointAtHead(store: EventStore, name: string) {
  await sql`
    insert into consumer_checkpoints (consumer, tx_id, position, updated_at)
    select ${name}, tx_id, global_position, now() from events order by tx_id desc, global_position desc limit 1
    on conflict (consumer) do nothing`.execute(store.db);
}
