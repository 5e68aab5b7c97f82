// A benchmark's world: a temporary embedded PostgreSQL, migrated, a pool on it, and the real
// server as a child process with production settings. Everything is removed afterwards, also
// when the run is interrupted.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createDb, createPool, type Db } from '../../services/db/database.js';
import { startEmbeddedPostgres } from '../../services/db/embedded.js';
import { migrateToLatest } from '../../services/db/migrate.js';
import { startServerProcess, type ServerProcess } from '../support/server-process.js';
import { freePort, note, onInterrupt, tempDir } from './util.js';

export type BenchServer = { db: Db; server: ServerProcess; databaseUrl: string };

export async function withBenchServer<T>(
  name: string,
  opts: { poolSize: number; env?: Record<string, string>; root?: string },
  run: (world: BenchServer) => Promise<T>,
): Promise<T> {
  const tmp = tempDir(`ae-bench-${name}-`);
  note(`${name}: starting a temporary embedded PostgreSQL in ${tmp.dir}`);
  const database = await startEmbeddedPostgres({ dataDir: tmp.dir, port: await freePort(), database: 'bench' }).catch((err) => {
    tmp.remove();
    throw err;
  });
  const pool = createPool(database.url, opts.poolSize);
  pool.on('error', () => {});
  const db = createDb(pool);
  let server: ServerProcess | undefined;
  const cleanup = async () => {
    await server?.stop().catch(() => null);
    await db.destroy().catch(() => {});
    await database.stop();
    tmp.remove();
  };
  const unregister = onInterrupt(cleanup);
  try {
    // Another checkout's server runs on that checkout's migrations (an A/B of a migration).
    const migrate = opts.root
      ? ((await import(pathToFileURL(join(opts.root, 'services/db/migrate.ts')).href)) as { migrateToLatest: typeof migrateToLatest }).migrateToLatest
      : migrateToLatest;
    await migrate(db);
    server = await startServerProcess({
      databaseUrl: database.url,
      root: opts.root,
      env: { NODE_ENV: 'production', LOG_LEVEL: 'warn', DATA_DIR: tmp.dir, ...opts.env },
    });
    return await run({ db, server, databaseUrl: database.url });
  } catch (err) {
    // What the server said last, so a failed run shows its side too.
    if (server) note(`${name}: the server's last output:\n${server.logs().slice(-3000)}`);
    throw err;
  } finally {
    unregister();
    await cleanup();
  }
}
