// `make rebuild-projections`: empties every read model and replays the event log through the
// projections. Uses DATABASE_URL, or the embedded PostgreSQL in DATA_DIR as `make start` does.
// Refuses while a server runs on that embedded data directory (the app's, most likely): a rebuild
// beside a running app would race its writes, and stopping its database would break it.
import { loadConfig } from '../services/shared/config.js';
import { projections } from '../services/app/projections.js';
import { createDb, createPool } from '../services/db/database.js';
import { runningServerOf, startEmbeddedPostgres } from '../services/db/embedded.js';
import { migrateToLatest } from '../services/db/migrate.js';
import { rebuildProjections } from '../services/eventstore/rebuild.js';
import { EventStore } from '../services/eventstore/store.js';

const config = loadConfig();
const running = config.databaseUrl ? null : runningServerOf(config.dataDir);
if (running) {
  console.error(
    `PostgreSQL (pid ${running.pid}) runs on ${config.dataDir}/pg, most likely for the app: stop the app (Ctrl-C where make start runs), then run make rebuild-projections again.`,
  );
  process.exit(1);
}
const embedded = config.databaseUrl ? undefined : await startEmbeddedPostgres({ dataDir: config.dataDir, port: config.embeddedPgPort });
const db = createDb(createPool(config.databaseUrl ?? embedded!.url));
try {
  await migrateToLatest(db);
  const started = Date.now();
  const { events, tables } = await rebuildProjections(new EventStore(db, projections));
  console.log(`rebuilt ${tables.join(', ')} from ${events} events in ${Date.now() - started} ms`);
} finally {
  await db.destroy();
  await embedded?.stop();
}
