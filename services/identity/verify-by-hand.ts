// An administrator's verification of an account's address, for servers that send no mail (the
// verification link never reaches anyone there): `make verify-account EMAIL=…`.
import { sql } from 'kysely';
import type { Db } from '../db/database.js';

export type VerifiedByHand = 'verified' | 'already_verified' | 'no_account';

export async function verifyAccountByHand(db: Db, email: string): Promise<VerifiedByHand> {
  const user = await db.selectFrom('user').select(['id', 'emailVerified']).where(sql<boolean>`lower(email) = ${email.trim().toLowerCase()}`).executeTakeFirst();
  if (!user) return 'no_account';
  if (user.emailVerified) return 'already_verified';
  await db.updateTable('user').set({ emailVerified: true }).where('id', '=', user.id).execute();
  return 'verified';
}
