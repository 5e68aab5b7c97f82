import { Kysely, PostgresDialect } from 'kysely';
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

/**
 * Marks a hot statement to be prepared once per connection: put it first in the SQL text.
 * Kysely sends unnamed statements, which PostgreSQL parses and plans on every call.
 */
export const prepared = (name: string) => `/*prepared:${name}*/`;

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
            const name = typeof text === 'string' ? PREPARED.exec(text)?.[1] : undefined;
            return name ? target.query({ name, text: text as string, values }) : target.query(text as string, values);
          };
        },
      });
    },
    end: () => pool.end(),
  };
}
