// Budget: event-store appends reach at least 70% of plain INSERTs of the same rows.
// A temporary embedded PostgreSQL (default settings, as the app runs it), one pool of 10
// connections shared by both sides. The store appends 1 event at a time with its expected
// version; the baseline INSERTs the identical row (same columns, same JSON) into a table of
// the same shape (same columns, defaults, unique key and indexes) with one auto-committed
// statement, without the store. Each case runs store and baseline alternately, twice each,
// and compares the means.
import { sql } from 'kysely';
import { projections } from '../../services/app/projections.js';
import { createDb, createPool, type Db } from '../../services/db/database.js';
import { startEmbeddedPostgres } from '../../services/db/embedded.js';
import { migrateToLatest } from '../../services/db/migrate.js';
import { EventStore } from '../../services/eventstore/store.js';
import { fmt, freePort, mean, note, onInterrupt, pct, tempDir, verdict, type Row } from './util.js';

const SINGLE_STREAM_APPENDS = 1000;
const STREAMS = 100;
const APPENDS_PER_STREAM = 20;
const ROUNDS = 2;
const ROUND_TIME_LIMIT_MS = 30_000;
const EVENT_TYPE = 'bench.Appended'; // no projection handles it: the store's own cost only

type Side = 'store' | 'plain';
type Appender = (streamId: string, version: number) => Promise<void>;

export async function benchAppend(): Promise<Row[]> {
  const tmp = tempDir('ae-bench-append-');
  note(`append: starting a temporary embedded PostgreSQL in ${tmp.dir}`);
  const pg = await startEmbeddedPostgres({ dataDir: tmp.dir, port: await freePort(), database: 'bench' }).catch((err) => {
    tmp.remove();
    throw err;
  });
  const pool = createPool(pg.url);
  // pool.end() resolves before every socket has closed; PostgreSQL's shutdown notice to a
  // closing connection must not become an unhandled 'error' event.
  pool.on('error', () => {});
  const db = createDb(pool);
  const cleanup = async () => {
    await db.destroy().catch(() => {});
    await pg.stop();
    tmp.remove();
  };
  const unregister = onInterrupt(cleanup);
  try {
    await migrateToLatest(db);
    await createPlainTable(db);
    const store = new EventStore(db, projections);
    const data = (streamId: string, version: number) => ({ stream: streamId, n: version, text: 'an event of a typical small size' });

    const appenders: Record<Side, Appender> = {
      store: async (streamId, version) => {
        await store.append(streamId, version - 1, [{ type: EVENT_TYPE, data: data(streamId, version) }]);
      },
      // The row the store writes for the same event: same columns, same serialised JSON.
      plain: async (streamId, version) => {
        await sql`insert into bench_plain_events (stream_id, stream_version, type, data, metadata)
                  values (${streamId}, ${version}, ${EVENT_TYPE}, ${JSON.stringify(data(streamId, version))}, ${JSON.stringify({ v: 1 })})`.execute(db);
      },
    };

    // Warm-up: connections opened, plans cached, tables touched.
    for (const side of ['store', 'plain'] as const) await runStreams(appenders[side], `warm-${side}`, 10, 10);

    const rows: Row[] = [];
    const cases = [
      { name: `single stream (${SINGLE_STREAM_APPENDS} sequential appends)`, streams: 1, perStream: SINGLE_STREAM_APPENDS },
      { name: `${STREAMS} streams (concurrent, ${APPENDS_PER_STREAM} each)`, streams: STREAMS, perStream: APPENDS_PER_STREAM },
    ];
    for (const c of cases) {
      const rates: Record<Side, number[]> = { store: [], plain: [] };
      for (let round = 0; round < ROUNDS; round++) {
        const order: Side[] = round % 2 === 0 ? ['store', 'plain'] : ['plain', 'store'];
        for (const side of order) {
          const r = await runStreams(appenders[side], `r${round}-${c.streams}-${side}`, c.streams, c.perStream);
          note(`append: ${c.name}, round ${round + 1}, ${side}: ${fmt(r.perSecond)} appends/s (${r.count} in ${fmt(r.ms)} ms)`);
          rates[side].push(r.perSecond);
        }
      }
      const s = mean(rates.store);
      const p = mean(rates.plain);
      rows.push({
        bench: `event append, ${c.name}`,
        metric: 'appends/s',
        measured: `${fmt(s)} (store)`,
        baseline: `${fmt(p)} (plain INSERT)`,
        ratio: pct(s / p),
        budget: '>= 70%',
        verdict: verdict(s / p >= 0.7),
      });
    }
    return rows;
  } finally {
    unregister();
    await cleanup();
  }
}

/** `streams` appenders run concurrently, each appending `perStream` events to its own stream in order. */
async function runStreams(append: Appender, prefix: string, streams: number, perStream: number) {
  const deadline = Date.now() + ROUND_TIME_LIMIT_MS;
  let count = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: streams }, async (_, i) => {
      const streamId = `${prefix}-${i}`;
      for (let v = 1; v <= perStream && Date.now() < deadline; v++) {
        await append(streamId, v);
        count++;
      }
    }),
  );
  const ms = performance.now() - started;
  return { count, ms, perSecond: (count / ms) * 1000 };
}

/** The shape of `events` (0001_event_store), under another name and with its own sequence. */
async function createPlainTable(db: Db) {
  await sql`create table bench_plain_events (
    global_position bigserial primary key,
    stream_id text not null,
    stream_version integer not null,
    type text not null,
    data jsonb not null,
    metadata jsonb not null default '{}'::jsonb,
    recorded_at timestamptz not null default now(),
    tx_id xid8 not null default pg_current_xact_id(),
    constraint bench_plain_events_stream_version_key unique (stream_id, stream_version)
  )`.execute(db);
  await sql`create index bench_plain_events_tx_position_idx on bench_plain_events (tx_id, global_position)`.execute(db);
  await sql`create index bench_plain_events_type_idx on bench_plain_events (type)`.execute(db);
}
