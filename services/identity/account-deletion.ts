// Identity's part in deleting an account (docs/data-rights.md; services/rights/deletion.ts runs
// the steps): who the account was, its sign-in, its picture and Better Auth's rows of it.
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import type { EventStore } from '../eventstore/store.js';
import type { Trx } from '../eventstore/types.js';
import type { KernelContext } from '../shared/context.js';
import { namesAndEmailsOf } from './erasure.js';
import { accountStream } from './events.js';
import { personOf } from './people.js';
import { own } from './tables.js';

/** The addresses and names the account has had: its own stream's and Better Auth's current ones. */
export async function accountNamesAndEmails(store: EventStore, db: Db | Trx, userId: string) {
  const events = await store.readStream(accountStream(userId), db);
  const user = await personOf(db, userId);
  return namesAndEmailsOf([...events, ...(user ? [{ data: { email: user.email, name: user.name } }] : [])]);
}

/** Better Auth's rows that let the person in: their sessions and credentials. Sign-in fails from here on. */
export async function closeSignIn(db: Db, userId: string) {
  const sessions = await sql`delete from "session" where "userId" = ${userId}`.execute(db);
  await sql`delete from "account" where "userId" = ${userId}`.execute(db);
  return Number(sessions.numAffectedRows ?? 0);
}

/** Their picture's bytes, readable by its address until removed. */
export async function removePicture(ctx: Pick<KernelContext, 'db' | 'storage' | 'logger'>, userId: string) {
  const account = await own(ctx.db).selectFrom('accounts').select('avatar_key').where('user_id', '=', userId).executeTakeFirst();
  if (account?.avatar_key) await ctx.storage.delete(account.avatar_key).catch((err) => ctx.logger.warn({ err }, 'could not remove a picture'));
}

/**
 * Better Auth's rows of the account, in the erasure's transaction: sessions, credentials, the
 * verifications that name it or its addresses, and the user itself.
 */
export async function eraseSignIn(trx: Trx, userId: string, emails: readonly string[]) {
  await sql`delete from "session" where "userId" = ${userId}`.execute(trx);
  await sql`delete from "account" where "userId" = ${userId}`.execute(trx);
  await sql`delete from "verification" where "value" like ${`%${userId}%`} or lower("identifier") = any(${emails}::text[])`.execute(trx);
  await sql`delete from "user" where "id" = ${userId}`.execute(trx);
}
