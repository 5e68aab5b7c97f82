// The per-key limit of requests per minute, in the database so it holds across app instances: one
// statement counts the request into its window only while the window has room, so two instances
// racing for the last slot cannot both get it, and a refused request counts nothing.
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { decideRate, type RateDecision, windowStart } from './rate-window.js';
import { own } from './tables.js';

export async function admitRequest(db: Db, keyId: string, perMinute: number, now: Date): Promise<RateDecision> {
  const start = windowStart(now);
  const admitted = await own(db)
    .insertInto('api_key_rate_windows')
    .values({ key_id: keyId, window_start: start, requests: 1 })
    .onConflict((oc) =>
      oc
        .columns(['key_id', 'window_start'])
        .doUpdateSet({ requests: sql`api_key_rate_windows.requests + 1` })
        .where('api_key_rate_windows.requests', '<', perMinute),
    )
    .returning('requests')
    .executeTakeFirst();
  if (!admitted) return decideRate(perMinute, perMinute, now);
  // A key's first request of a minute tidies its earlier windows away: they count for nothing now.
  if (admitted.requests === 1) await own(db).deleteFrom('api_key_rate_windows').where('key_id', '=', keyId).where('window_start', '<', start).execute();
  return { allowed: true };
}
