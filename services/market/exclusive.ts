// One check at a time across app instances: a check runs while holding a PostgreSQL advisory
// lock on one connection, and an instance that finds it held skips its turn, so N instances ask
// the provider once per interval rather than N times (its free tier counts calls per minute).
// Correctness does not rest on it: firings are appended with the expected version either way.
import { sql } from 'kysely';
import type { Db } from '../db/database.js';

const PRICE_ALERT_LOCK = 'price-alert-check';

/** Runs `work` unless another instance is running it now; returns null when it skipped. */
export async function exclusively<T>(db: Db, work: () => Promise<T>): Promise<T | null> {
  return db.connection().execute(async (conn) => {
    const { rows } = await sql<{ locked: boolean }>`select pg_try_advisory_lock(hashtext(${PRICE_ALERT_LOCK})) as locked`.execute(conn);
    if (!rows[0]?.locked) return null;
    try {
      return await work();
    } finally {
      await sql`select pg_advisory_unlock(hashtext(${PRICE_ALERT_LOCK}))`.execute(conn);
    }
  });
}
