import { createHash } from 'node:crypto';
import { type CompiledQuery, Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import type { NoTables } from './owned.js';

// bigint (int8) stays a string so positions never lose precision.
/** The handle every context carries: typed over no table, each owner narrows it (owned.ts). */
export type Db = Kysely<NoTables>;

export function createPool(connectionString: string, max = 10) {
  return new pg.Pool({ connectionString, max });
}

const poolOf = new WeakMap<Db, pg.Pool>();

export function createDb(pool: pg.Pool): Db {
  const db = new Kysely<NoTables>({ dialect: new PostgresDialect({ pool: withPreparedStatements(pool) }) });
  poolOf.set(db, pool);
  return db;
}

const PREPARED = /^\/\*prepared:(\w+)\*\//;
const PREPARED_BUILT = /\/\*prepared\*\/$/;

/**
 * Marks a hot statement to be prepared once per connection: put it first in the SQL text.
 * Kysely sends unnamed statements, which PostgreSQL parses and plans on every call.
 */
export const prepared = (name: string) => `/*prepared:${name}*/`;

/**
 * The same for a statement built with Kysely's builder (an insert, update or select on a key):
 * it is named after its text, so each shape the builder makes is prepared once per connection.
 * Only for statements whose shapes are few and whose plan does not depend on the values.
 */
export const preparedBuilt = <Q extends { modifyEnd: (modifier: ReturnType<typeof sql.raw>) => Q }>(query: Q): Q => query.modifyEnd(sql.raw('/*prepared*/'));

const builtNames = new Map<string, string>();
function nameOfBuilt(text: string) {
  let name = builtNames.get(text);
  if (!name) builtNames.set(text, (name = `built_${createHash('sha1').update(text).digest('hex').slice(0, 16)}`));
  return name;
}

/** The name a statement marked with `prepared()` or `preparedBuilt()` is prepared under. */
function preparedName(text: string) {
  return PREPARED.exec(text)?.[1] ?? (PREPARED_BUILT.test(text) ? nameOfBuilt(text) : undefined);
}

/** A pool whose clients send statements marked with `prepared()` as named statements. */
function withPreparedStatements(pool: pg.Pool) {
  return {
    // Kysely opens a control connection of the same kind to cancel queries.
    Client: (pool as unknown as { Client: typeof pg.Client }).Client,
    options: pool.options,
    connect: async () => {
      const client = await pool.connect();
      return new Proxy(client, {
        get(target, prop, receiver) {
          if (prop !== 'query') return Reflect.get(target, prop, receiver);
          return (text: unknown, values?: unknown[]) => {
            const name = typeof text !== 'string' ? undefined : preparedName(text);
            return name ? target.query({ name, text: text as string, values }) : target.query(text as string, values);
          };
        },
      });
    },
    end: () => pool.end(),
  };
}

/**
 * A transaction in two round trips, whatever its number of statements: `begin` and every
 * statement go out in one write (pg's pipeline mode) and are answered together; then
 * `commitIf` sees the results and the transaction commits, or rolls back when it says no or
 * throws, or a statement failed (its error is thrown; the ones after it fail as aborted). One
 * at a time, a transaction of n statements costs n + 2 round trips, each a write the database
 * has to wake up for: on two cores those writes were a third of the server's CPU.
 * Only for a `db` made by createDb, outside any transaction.
 */
export async function transactionInTwoTrips(db: Db, statements: CompiledQuery[], commitIf: (results: pg.QueryResult[]) => boolean) {
  const pool = poolOf.get(db);
  if (!pool) throw new Error('transactionInTwoTrips needs a database made by createDb');
  const client = await pool.connect();
  // A connection that failed (not a statement) is not given back to the pool.
  let broken: Error | undefined;
  const send = (text: string, values?: unknown[]) =>
    client.query({ name: preparedName(text), text, values }).catch((err: Error) => {
      if (!(err instanceof pg.DatabaseError)) broken ??= err;
      throw err;
    });
  const pipelined = client as unknown as { pipeline: boolean; connection: { stream: { cork(): void; uncork(): void } } };
  try {
    pipelined.pipeline = true;
    let sent: Promise<pg.QueryResult>[];
    // Corked, every statement's messages leave in a single write.
    pipelined.connection.stream.cork();
    try {
      sent = [send('begin'), ...statements.map((s) => send(s.sql, [...s.parameters]))];
    } finally {
      pipelined.connection.stream.uncork();
    }
    const settled = await Promise.allSettled(sent);
    let committed = false;
    try {
      const failed = settled.find((s) => s.status === 'rejected');
      if (failed) throw failed.reason;
      const results = settled.slice(1).map((s) => (s as PromiseFulfilledResult<pg.QueryResult>).value);
      committed = commitIf(results);
      await send(committed ? 'commit' : 'rollback');
      return { committed, results };
    } catch (err) {
      if (!committed && !broken) await send('rollback').catch(() => {});
      throw err;
    }
  } finally {
    pipelined.pipeline = false;
    client.release(broken);
  }
}
