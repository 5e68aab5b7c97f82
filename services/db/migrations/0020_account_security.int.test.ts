// Migration 0020 on a database that had accounts before it: an address Better Auth holds as
// verified, and two-factor turned on, become events on the account's own stream (so a rebuild
// keeps them) and show in the accounts read model; other accounts get nothing.
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { migratedDbWithAuth } from '../../../tests/support/database.js';
import { projections } from '../../app/projections.js';
import { rebuildProjections } from '../../eventstore/rebuild.js';
import { EventStore } from '../../eventstore/store.js';
import { registerAccount } from '../../identity/use-cases.js';
import type { Db } from '../database.js';
import { up } from './0020_account_security.js';

let db: Db;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ db, close } = await migratedDbWithAuth(2));
});
afterAll(async () => close?.());

test('adopts the verified addresses and two-factor settings made before they were events', async () => {
  const store = new EventStore(db, projections);
  const at = new Date('2026-02-03T04:05:06.789Z');
  for (const [id, verified, twoFactor] of [
    ['ann', true, true],
    ['bob', true, false],
    ['cy', false, false],
  ] as const) {
    await sql`insert into "user" (id, name, email, "emailVerified", "twoFactorEnabled", "createdAt", "updatedAt") values (${id}, ${id}, ${`${id}@example.com`}, ${verified}, ${twoFactor}, ${at}, ${at})`.execute(
      db,
    );
    await registerAccount(store, { userId: id, email: `${id}@example.com`, name: id, visitorId: null, now: at });
  }
  // As the database was before this migration.
  await sql`alter table accounts drop column two_factor_enabled, drop column email_verified_at`.execute(db);
  await up(db as never);

  const events = await sql<{ stream_id: string; stream_version: number; type: string; data: unknown }>`
    select stream_id, stream_version, type, data from events where type <> 'AccountRegistered' order by stream_id, stream_version`.execute(db);
  expect(events.rows).toEqual([
    { stream_id: 'account-ann', stream_version: 2, type: 'AccountEmailVerified', data: { user_id: 'ann', via: 'adopted', verified_at: at.toISOString() } },
    { stream_id: 'account-ann', stream_version: 3, type: 'AccountTwoFactorEnabled', data: { user_id: 'ann', enabled_at: at.toISOString() } },
    { stream_id: 'account-bob', stream_version: 2, type: 'AccountEmailVerified', data: { user_id: 'bob', via: 'adopted', verified_at: at.toISOString() } },
  ]);
  const accounts = async () => (await sql`select user_id, email_verified_at, two_factor_enabled from accounts order by user_id`.execute(db)).rows;
  const expected = [
    { user_id: 'ann', email_verified_at: at, two_factor_enabled: true },
    { user_id: 'bob', email_verified_at: at, two_factor_enabled: false },
    { user_id: 'cy', email_verified_at: null, two_factor_enabled: false },
  ];
  expect(await accounts()).toEqual(expected);
  await rebuildProjections(store);
  expect(await accounts()).toEqual(expected);
});
