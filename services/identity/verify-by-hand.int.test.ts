// `make verify-account` on real PostgreSQL: an administrator verifies an address by hand; the
// address is matched whatever its case, and only that account changes.
import { sql } from 'kysely';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { migratedDbWithAuth } from '../../tests/support/database.js';
import type { Db } from '../db/database.js';
import { verifyAccountByHand } from './verify-by-hand.js';

let db: Db;
let close: () => Promise<void>;
beforeAll(async () => {
  // `user`, `member` and `organization` are Better Auth's tables.
  ({ db, close } = await migratedDbWithAuth(2));
});
afterAll(async () => close?.());

async function account(email: string) {
  const now = new Date();
  await sql`insert into "user" (id, name, email, "emailVerified", "createdAt", "updatedAt") values (${randomUUID()}, 'U', ${email}, false, ${now}, ${now})`.execute(
    db,
  );
}
const verified = async (email: string) =>
  (await db.selectFrom('user').select('emailVerified').where('email', '=', email).executeTakeFirstOrThrow()).emailVerified;

test('verifies the one account with the address, then says it already was; an unknown address changes nothing', async () => {
  await account('ann@example.com');
  await account('bob@example.com');
  expect(await verifyAccountByHand(db, '  ANN@example.com ')).toBe('verified');
  expect(await verified('ann@example.com')).toBe(true);
  expect(await verified('bob@example.com')).toBe(false);
  expect(await verifyAccountByHand(db, 'ann@example.com')).toBe('already_verified');
  expect(await verifyAccountByHand(db, 'nobody@example.com')).toBe('no_account');
});
