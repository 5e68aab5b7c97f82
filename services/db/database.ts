import { createHash } from 'node:crypto';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.js';

// bigint (int8) stays a string so positions never lose precision.
export type Db = Kysely<Database>;

export function createPool(connectionString: string, max = 10) {
  return new pg.Pool({ connectionString, max });
}

export function createDb(pool: pg.Pool): Db {
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool: withPreparedStatements(pool) }) });
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
            const name = typeof text !== 'string' ? undefined : (PREPARED.exec(text)?.[1] ?? (PREPARED_BUILT.test(text) ? nameOfBuilt(text) : undefined));
            return name ? target.query({ name, text: text as string, values }) : target.query(text as string, values);
          };
        },
      });
    },
    end: () => pool.end(),
  };
}
