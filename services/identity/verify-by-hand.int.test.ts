// `make verify-account` on real PostgreSQL: an administrator verifies an address by hand; the
// address is matched whatever its case, and only that account changes; the account's stream
// records AccountEmailVerified (via an administrator) and the accounts read model shows it.
import { sql } from 'kysely';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { migratedDbWithAuth } from '../../tests/support/database.js';
import { projections } from '../app/projections.js';
import type { Db } from '../db/database.js';
import { EventStore } from '../eventstore/store.js';
import { accountStream } from './events.js';
import { registerAccount } from './use-cases.js';
import { verifyAccountByHand } from './verify-by-hand.js';
import { allTables } from '../../tests/support/all-tables.js';

let db: Db;
let store: EventStore;
let close: () => Promise<void>;
beforeAll(async () => {
  // `user`, `member` and `organization` are Better Auth's tables.
  ({ db, close } = await migratedDbWithAuth(2));
  store = new EventStore(db, projections);
});
afterAll(async () => close?.());

async function account(email: string) {
  const now = new Date();
  const id = randomUUID();
  await sql`insert into "user" (id, name, email, "emailVerified", "createdAt", "updatedAt") values (${id}, 'U', ${email}, false, ${now}, ${now})`.execute(db);
  await registerAccount(store, { userId: id, email, name: 'U', visitorId: null, now });
  return id;
}
const verified = async (email: string) =>
  (await allTables(db).selectFrom('user').select('emailVerified').where('email', '=', email).executeTakeFirstOrThrow()).emailVerified;

test('verifies the one account with the address, then says it already was; an unknown address changes nothing', async () => {
  const ann = await account('ann@example.com');
  const bob = await account('bob@example.com');
  const at = new Date('2026-03-04T05:06:07.000Z');
  expect(await verifyAccountByHand(store, '  ANN@example.com ', at)).toBe('verified');
  expect(await verified('ann@example.com')).toBe(true);
  expect(await verified('bob@example.com')).toBe(false);
  expect(await verifyAccountByHand(store, 'ann@example.com')).toBe('already_verified');
  expect(await verifyAccountByHand(store, 'nobody@example.com')).toBe('no_account');
  const events = await allTables(db)
    .selectFrom('events')
    .select(['type', 'data'])
    .where('stream_id', '=', accountStream(ann))
    .orderBy('stream_version')
    .execute();
  expect(events.map((e) => e.type)).toEqual(['AccountRegistered', 'AccountEmailVerified']);
  expect(events[1].data).toEqual({ user_id: ann, via: 'administrator', verified_at: at.toISOString() });
  const rows = await allTables(db).selectFrom('accounts').select(['user_id', 'email_verified_at']).where('user_id', 'in', [ann, bob]).execute();
  expect(Object.fromEntries(rows.map((r) => [r.user_id, r.email_verified_at]))).toEqual({ [ann]: at, [bob]: null });
});
