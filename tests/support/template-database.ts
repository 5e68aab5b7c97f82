// The run's template database: the app's migrations, Better Auth's tables and DBOS's system
// schema applied once, so a test file's fresh database is `CREATE DATABASE … TEMPLATE` (about
// 0.3 s) instead of a migration run (about 2 s at each server start, 0.4 s of it DBOS's).
import pg from 'pg';

export const TEST_AUTH_SECRET = 'test-secret-test-secret-test-secret-0123';

export async function makeTemplateDatabase(adminUrl: string, name = 'ae_template'): Promise<string> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  // Imported here, not at the top: every test file imports this module (through database.ts) for its secret.
  const [{ migrateAuth }, { createDb, createPool }, { migrateToLatest }] = await Promise.all([
    import('../../services/identity/auth.js'),
    import('../../services/db/database.js'),
    import('../../services/db/migrate.js'),
  ]);
  const pool = createPool(url.toString(), 2);
  try {
    await migrateToLatest(createDb(pool));
    await migrateAuth({ pool, secret: TEST_AUTH_SECRET, baseURL: 'http://127.0.0.1', trustedOrigins: [] });
    const { DBOS } = await import('@dbos-inc/dbos-sdk');
    await DBOS.migrate(url.toString());
  } finally {
    await pool.end();
  }
  return name;
}
