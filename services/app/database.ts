// The database the app runs on: DATABASE_URL's, or an embedded PostgreSQL in the data directory,
// migrated to the latest schema before anything uses it.
import { join } from 'node:path';
import { createDb, createPool } from '../db/database.js';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../db/embedded.js';
import { migrateToLatest } from '../db/migrate.js';
import type { Config } from '../shared/config.js';
import type { Logger } from './logger.js';

export type AppDatabase = Awaited<ReturnType<typeof openDatabase>>;

/** `stopping`: whether the app is stopping, when a connection's failure is the stop itself. */
export async function openDatabase(config: Config, logger: Logger, stopping: () => boolean) {
  let embedded: EmbeddedDatabase | undefined;
  let url = config.databaseUrl;
  if (!url) {
    embedded = await startEmbeddedPostgres({ dataDir: config.dataDir, port: config.embeddedPgPort });
    url = embedded.url;
    logger.info({ port: config.embeddedPgPort, dir: join(config.dataDir, 'pg') }, 'embedded PostgreSQL started');
  }
  const pool = createPool(url);
  const db = createDb(pool);
  await migrateToLatest(db);

  // At stop, embedded PostgreSQL may end a connection the pool has just let go of before its
  // socket closed: that is the stop itself, not a failure worth a warning.
  pool.on('error', (err) => {
    if (!stopping()) logger.warn({ err }, 'idle database connection failed');
  });
  return {
    url,
    pool,
    db,
    /** The pool's connections, then the embedded PostgreSQL if there is one. */
    async close() {
      await db.destroy().catch(() => {});
      if (embedded) await embedded.stop().catch((err) => logger.warn({ err }, 'embedded PostgreSQL did not stop cleanly'));
    },
  };
}
