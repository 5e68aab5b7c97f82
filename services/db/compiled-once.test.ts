import { type CompiledQuery, type DatabaseConnection, DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler } from 'kysely';
import { describe, expect, test } from 'vitest';
import { compiledOnce } from './compiled-once.js';
import type { NoTables } from './owned.js';
import { allTables } from '../../tests/support/all-tables.js';

/** A Kysely that compiles for PostgreSQL and records what it is asked to run, with no database. */
function recordingDb() {
  const ran: CompiledQuery[] = [];
  class RecordingDriver extends DummyDriver {
    async acquireConnection(): Promise<DatabaseConnection> {
      return {
        executeQuery: async <R>(q: CompiledQuery) => {
          ran.push(q);
          return { rows: [] as R[] };
        },
        streamQuery: () => {
          throw new Error('not used');
        },
      };
    }
  }
  const db = new Kysely<NoTables>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => new RecordingDriver(),
      createIntrospector: (k) => new PostgresIntrospector(k),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
  });
  return { db, ran };
}

describe('compiledOnce', () => {
  test('builds once and runs with each call’s values in their places, constants kept', async () => {
    let builds = 0;
    const read = compiledOnce(2, (db, userId: string, limit: number) => {
      builds++;
      return allTables(db).selectFrom('memories').select('content').where('user_id', '=', userId).where('should_forget', '=', false).limit(limit);
    });
    const { db, ran } = recordingDb();
    await read(db, 'u-1', 5);
    await read(db, 'u-2', 7);
    expect(builds).toBe(1);
    expect(ran.map((q) => q.parameters)).toEqual([
      ['u-1', false, 5],
      ['u-2', false, 7],
    ]);
    expect(ran[1].sql).toBe(ran[0].sql);
    expect(ran[0].sql).toContain('"user_id" = $1');
  });

  test('refuses a builder that leaves an argument out or uses one twice', async () => {
    const { db } = recordingDb();
    const unused = compiledOnce(2, (d, userId: string, _other: string) => allTables(d).selectFrom('memories').select('content').where('user_id', '=', userId));
    await expect(unused(db, 'u', 'x')).rejects.toThrow('each of the 2 arguments must be one parameter');
    const twice = compiledOnce(1, (d, userId: string) =>
      allTables(d).selectFrom('memories').select('content').where('user_id', '=', userId).where('memory_key', '=', userId),
    );
    await expect(twice(db, 'u')).rejects.toThrow('each of the 1 arguments must be one parameter');
  });
});
