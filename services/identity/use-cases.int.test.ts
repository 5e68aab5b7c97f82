// Identity use cases on real PostgreSQL: registering records the account and claims the
// visitor's work once, also when sign-ups race; signing in claims a visitor nobody has claimed.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { migratedDb } from '../../tests/support/database.js';
import { projections } from '../app/projections.js';
import type { Db } from '../db/database.js';
import { EventStore } from '../eventstore/store.js';
import { claimVisitorOnSignIn, registerAccount } from './use-cases.js';
import { allTables } from '../../tests/support/all-tables.js';

let db: Db;
let close: () => Promise<void>;
let store: EventStore;
beforeAll(async () => {
  ({ db, close } = await migratedDb(20));
  store = new EventStore(db, projections);
});
afterAll(async () => close?.());

const now = new Date('2025-02-03T04:05:06Z');
let n = 0;
const visitor = () => `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`;
const register = (userId: string, visitorId: string | null) => registerAccount(store, { userId, email: `${userId}@example.com`, name: userId, visitorId, now });
const claimsOf = (visitorId: string) => allTables(db).selectFrom('visitor_claims').selectAll().where('visitor_id', '=', visitorId).execute();

test('registering records the account and claims the visitor', async () => {
  const v = visitor();
  await register('solo', v);
  expect(await allTables(db).selectFrom('accounts').selectAll().where('user_id', '=', 'solo').execute()).toEqual([
    {
      user_id: 'solo',
      email: 'solo@example.com',
      name: 'solo',
      subscription_status: 'none',
      visitor_id: v,
      registered_at: now,
      username: null,
      avatar_key: null,
      email_verified_at: null,
      two_factor_enabled: false,
    },
  ]);
  expect(await claimsOf(v)).toEqual([{ visitor_id: v, user_id: 'solo', claimed_at: now }]);
});

test('without a visitor id nothing is claimed', async () => {
  await register('no-visitor', null);
  expect(await allTables(db).selectFrom('visitor_claims').selectAll().where('user_id', '=', 'no-visitor').execute()).toEqual([]);
});

test('a later account from the same visitor is registered but claims nothing', async () => {
  const v = visitor();
  await register('first', v);
  await register('second', v);
  expect((await claimsOf(v)).map((c) => c.user_id)).toEqual(['first']);
  expect(await allTables(db).selectFrom('accounts').select('user_id').where('user_id', '=', 'second').execute()).toHaveLength(1);
});

test('accounts registering at the same moment from one visitor are all registered, and one of them claims it', async () => {
  for (let round = 0; round < 5; round++) {
    const v = visitor();
    const users = Array.from({ length: 6 }, (_, i) => `race-${round}-${i}`);
    const results = await Promise.allSettled(users.map((u) => register(u, v)));
    expect(results.filter((r) => r.status === 'rejected').map((r) => String((r as PromiseRejectedResult).reason))).toEqual([]);
    const accounts = await allTables(db).selectFrom('accounts').select('user_id').where('user_id', 'in', users).execute();
    expect(accounts).toHaveLength(users.length);
    const claims = await claimsOf(v);
    expect(claims).toHaveLength(1);
    expect(users).toContain(claims[0].user_id);
  }
});

test('registering the same account twice is refused and changes nothing', async () => {
  const v = visitor();
  await register('twice', v);
  await expect(register('twice', visitor())).rejects.toMatchObject({ code: 'account_exists' });
  const events = await store.readStream('account-twice');
  expect(events.map((e) => e.type)).toEqual(['AccountRegistered']);
});

test('signing in claims a free visitor once; a visitor another account claimed stays theirs', async () => {
  const free = visitor();
  await claimVisitorOnSignIn(store, { visitorId: free, userId: 'signer', now });
  await claimVisitorOnSignIn(store, { visitorId: free, userId: 'signer', now });
  expect(await claimsOf(free)).toEqual([{ visitor_id: free, user_id: 'signer', claimed_at: now }]);
  expect((await store.readStream(`visitor-${free}`)).map((e) => e.type)).toEqual(['VisitorClaimed']);

  const taken = visitor();
  await register('first-owner', taken);
  await claimVisitorOnSignIn(store, { visitorId: taken, userId: 'signer', now });
  expect((await claimsOf(taken)).map((c) => c.user_id)).toEqual(['first-owner']);
});
