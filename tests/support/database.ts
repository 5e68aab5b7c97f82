// A fresh, migrated database per test file, in the run's PostgreSQL.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { createDb, createPool, type Db } from '../../services/db/database.js';
import { TEST_AUTH_SECRET } from './template-database.js';
// The migrations and Better Auth are imported when a test asks for a migrated database, not with
// this module: most files only copy the template, and loading them cost every file about a second.

export function adminUrl() {
  const url = process.env.TEST_DATABASE_ADMIN_URL;
  if (!url) throw new Error('TEST_DATABASE_ADMIN_URL is not set: run tests through vitest (tests/support/global-setup.ts)');
  return url;
}

/**
 * A new database in the run's PostgreSQL: a copy of the run's migrated template (see
 * template-database.ts), or an empty one with `{ empty: true }` (for tests of the migrations).
 */
export async function createTestDatabase(prefix = 't', opts: { empty?: boolean } = {}): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
  const template = opts.empty ? undefined : process.env.TEST_DATABASE_TEMPLATE;
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  try {
    await admin.query(template ? `create database "${name}" template "${template}"` : `create database "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl() });
      await c.connect();
      await c.query(`drop database if exists "${name}" with (force)`);
      await c.end();
    },
  };
}

/** A Kysely instance on a test database whose pool tolerates the database being dropped under it at teardown. */
export function testDb(url: string, max = 10): Db {
  const pool = createPool(url, max);
  // Dropping the database `with (force)` ends connections the pool may still be closing.
  pool.on('error', () => {});
  return createDb(pool);
}

/** A migrated Kysely instance on a fresh database; `close` destroys it and drops the database. */
export async function migratedDb(max = 10): Promise<{ db: Db; url: string; close: () => Promise<void> }> {
  const { url, drop } = await createTestDatabase();
  const pool = createPool(url, max);
  // Dropping the database ends connections the pool is still closing; that is expected here.
  pool.on('error', () => {});
  const db = createDb(pool);
  const { migrateToLatest } = await import('../../services/db/migrate.js');
  await migrateToLatest(db);
  return {
    db,
    url,
    close: async () => {
      await db.destroy();
      await drop();
    },
  };
}

/** migratedDb with Better Auth's tables too (`user`, `member`, `organization`…), as the app makes them at start. */
export async function migratedDbWithAuth(max = 10) {
  const migrated = await migratedDb(max);
  const pool = new pg.Pool({ connectionString: migrated.url, max: 1 });
  try {
    const { migrateAuth } = await import('../../services/identity/auth.js');
    await migrateAuth({ pool, secret: TEST_AUTH_SECRET, baseURL: 'http://127.0.0.1', trustedOrigins: [] });
  } finally {
    await pool.end();
  }
  return migrated;
}

/** Rows of one query on a test database, through a client of its own (a test reading what the server wrote). */
export async function queryRows<R extends pg.QueryResultRow>(url: string, text: string, values: unknown[] = []): Promise<R[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<R>(text, values)).rows;
  } finally {
    await client.end();
  }
}
