// An administrator's verification of an account's address, for servers that send no mail (the
// verification link never reaches anyone there): `make verify-account EMAIL=…`. Better Auth's
// flag and the account's AccountEmailVerified change in one transaction.
import { sql } from 'kysely';
import type { EventStore } from '../eventstore/store.js';
import { recordEmailVerified } from './use-cases.js';
import { own } from './tables.js';

export type VerifiedByHand = 'verified' | 'already_verified' | 'no_account';

export async function verifyAccountByHand(store: EventStore, email: string, now = new Date()): Promise<VerifiedByHand> {
  return store.db.transaction().execute(async (trx) => {
    const user = await own(trx)
      .selectFrom('user')
      .select(['id', 'emailVerified'])
      .where(sql<boolean>`lower(email) = ${email.trim().toLowerCase()}`)
      .forUpdate()
      .executeTakeFirst();
    if (!user) return 'no_account';
    if (user.emailVerified) return 'already_verified';
    await own(trx).updateTable('user').set({ emailVerified: true }).where('id', '=', user.id).execute();
    await recordEmailVerified(store, { userId: user.id, via: 'administrator', now }, trx);
    return 'verified';
  });
}
