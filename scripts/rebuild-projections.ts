// `make rebuild-projections`: empties every read model and replays the event log through the
// projections. Uses DATABASE_URL, or the embedded PostgreSQL in DATA_DIR as `make start` does.
import { loadConfig } from '../services/shared/config.js';
import { projections } from '../services/app/projections.js';
import { createDb, createPool } from '../services/db/database.js';
import { startEmbeddedPostgres } from '../services/db/embedded.js';
import { migrateToLatest } from '../services/db/migrate.js';
import { rebuildProjections } from '../services/eventstore/rebuild.js';
import { EventStore } from '../services/eventstore/store.js';

const config = loadConfig();
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
