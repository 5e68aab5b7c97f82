// What the answers benches share: a signed-up asker, the passages bulk-loaded, and the server's
// retrieval query run as plain SQL (the baseline).
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import { TOP_K } from '../../services/answers/decide.js';
import type { Db } from '../../services/db/database.js';
import { bm25Query, questionWords } from '../../services/passages/index.js';
import { insertPassages, OTHER_USERS, recountPassageStatistics } from './answers-corpus.js';
import { fmt, note } from './util.js';
import { allTables } from '../support/all-tables.js';

export const LOAD_PARALLEL = 2;
const CHUNK = 125_000;

/** Signs a new user up over HTTP; returns the Cookie header and the user's id. */
export async function signUp(base: string, db: Db) {
  const email = `bench-${Date.now()}@example.com`;
  const res = await fetch(`${base}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ name: 'Bench User', email, password: 'bench-password-123456' }),
  });
  if (!res.ok) throw new Error(`sign-up answered ${res.status}: ${await res.text()}`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const user = await allTables(db).selectFrom('user').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  return { cookie, userId: user.id };
}

/** The other users the passages not the asker's belong to. */
export const otherUsers = () => Array.from({ length: OTHER_USERS }, () => randomUUID());

export type LoadPart = { from: number; to: number; share: number };

/**
 * Passages bulk-loaded the usual way: the passages indexes dropped, the rows
 * inserted in chunks on parallel connections, the same indexes (read from the catalogue, so
 * exactly the migrations') built again, then VACUUM ANALYZE and a CHECKPOINT. Each part is the
 * passages `from`..`to`, one document in `share` the asker's (none when `share` is 0).
 */
export async function loadPassages(db: Db, userId: string, opts: { parts: LoadPart[]; others: string[] }) {
  const indexes = await sql<{
    indexname: string;
    indexdef: string;
  }>`select indexname, indexdef from pg_indexes where tablename = 'passages' and indexname <> 'passages_pkey'`.execute(db);
  for (const i of indexes.rows) await sql`drop index ${sql.id(i.indexname)}`.execute(db);
  let t = performance.now();
  const chunks: [number, number, number][] = [];
  for (const part of opts.parts) for (let at = part.from; at <= part.to; at += CHUNK) chunks.push([at, Math.min(at + CHUNK - 1, part.to), part.share]);
  let next = 0;
  await Promise.all(
    Array.from({ length: LOAD_PARALLEL }, async () => {
      for (let i = next++; i < chunks.length; i = next++) {
        await insertPassages(db, userId, chunks[i][0], chunks[i][1], opts.others, chunks[i][2]);
        note(`answers: loaded passages ${fmt(chunks[i][0])}-${fmt(chunks[i][1])}`);
      }
    }),
  );
  const loadMs = performance.now() - t;
  t = performance.now();
  await db.connection().execute(async (c) => {
    await sql`set maintenance_work_mem = '512MB'`.execute(c);
    for (const i of indexes.rows) await sql.raw(i.indexdef).execute(c);
  });
  // As after any bulk load: statistics for the planner, and the visibility map and hint bits
  // set now rather than by the first queries and an autovacuum in the middle of the measuring.
  // Then the load's writes flushed by a checkpoint now: the load's WAL had started one spread
  // over minutes, and while its writes went to disk, commits waited for their WAL flush
  // 150-260 ms at a time, all at once (PostgreSQL's log, with log_min_duration_statement).
  await recountPassageStatistics(db);
  await sql`vacuum (analyze) passages, passage_corpus_stats, passage_term_stats`.execute(db);
  await sql`checkpoint`.execute(db);
  return { loadMs, indexMs: performance.now() - t };
}

/** The server's retrieval query (services/passages bm25Query), as plain SQL through pg on its own connections. */
export async function plainSql(db: Db, url: string, corpora: string[], qs: string[], concurrency: number) {
  const clients = await Promise.all(
    Array.from({ length: concurrency }, async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      return c;
    }),
  );
  const times: number[] = [];
  let next = 0;
  try {
    await Promise.all(
      clients.map(async (c) => {
        for (let i = next++; i < qs.length; i = next++) {
          const t = performance.now();
          // The same text and parameters the server sends, prepared once per connection as it is there.
          const q = bm25Query(corpora, questionWords(qs[i]), TOP_K).compile(db);
          await c.query({ name: 'search_bm25', text: q.sql, values: [...q.parameters] });
          times.push(performance.now() - t);
        }
      }),
    );
  } finally {
    await Promise.all(clients.map((c) => c.end()));
  }
  return times;
}
