// `make verify-account EMAIL=someone@example.com`: marks an account's address as verified, for a
// server without SMTP_URL (its verification mail reaches nobody). Uses DATABASE_URL, or the
// embedded PostgreSQL in DATA_DIR as `make start` does; run it while the app is stopped when
// the database is the embedded one.
import { projections } from '../services/app/projections.js';
import { createDb, createPool } from '../services/db/database.js';
import { startEmbeddedPostgres } from '../services/db/embedded.js';
import { EventStore } from '../services/eventstore/store.js';
import { verifyAccountByHand } from '../services/identity/verify-by-hand.js';
import { loadConfig } from '../services/shared/config.js';

const email = process.argv[2]?.trim();
if (!email) {
  console.error('Usage: make verify-account EMAIL=someone@example.com');
  process.exit(2);
}
const config = loadConfig();
const embedded = config.databaseUrl ? undefined : await startEmbeddedPostgres({ dataDir: config.dataDir, port: config.embeddedPgPort });
const db = createDb(createPool(config.databaseUrl ?? embedded!.url));
try {
  const outcome = await verifyAccountByHand(new EventStore(db, projections), email);
  const said = {
    verified: `${email} is verified now.`,
    already_verified: `${email} was already verified.`,
    no_account: `No account has the address ${email}.`,
  };
  console.log(said[outcome]);
  if (outcome === 'no_account') process.exitCode = 1;
} finally {
  await db.destroy();
  await embedded?.stop();
}
