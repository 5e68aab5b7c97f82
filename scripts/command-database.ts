// The database of a command run on the machine beside the app (`make verify-account`, `make
// reset-password`): DATABASE_URL, or the embedded PostgreSQL of DATA_DIR. When the app runs on
// the embedded one, the command uses the app's server (found from its postmaster.pid) and leaves
// it running; otherwise it starts one for itself and stops only that one. It refuses, saying why,
// where it cannot: a server that does not answer, or a database the app has not made yet.
import { projections } from '../services/app/projections.js';
import { createDb, createPool } from '../services/db/database.js';
import { EmbeddedDatabaseBusy, embeddedPostgresForCommand } from '../services/db/embedded.js';
import { EventStore } from '../services/eventstore/store.js';
import { type Config, loadConfig } from '../services/shared/config.js';

export async function withCommandDatabase(run: (store: EventStore, config: Config) => Promise<number>) {
  const config = loadConfig();
  let embedded: Awaited<ReturnType<typeof embeddedPostgresForCommand>> | undefined;
  try {
    if (!config.databaseUrl) embedded = await embeddedPostgresForCommand({ dataDir: config.dataDir, port: config.embeddedPgPort });
  } catch (err) {
    if (!(err instanceof EmbeddedDatabaseBusy)) throw err;
    console.error(err.message);
    process.exitCode = 1;
    return;
  }
  const db = createDb(createPool(config.databaseUrl ?? embedded!.url));
  try {
    process.exitCode = await run(new EventStore(db, projections), config);
  } catch (err) {
    // 42P01: no such table. The app makes its tables at its first start.
    if ((err as { code?: string }).code !== '42P01') throw err;
    console.error('This database has no accounts yet: start the app once (make start) and sign up first.');
    process.exitCode = 1;
  } finally {
    await db.destroy();
    await embedded?.stop();
  }
}
