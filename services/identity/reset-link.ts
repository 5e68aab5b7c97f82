// A one-time link to choose a new password, made for an account without mail: by an administrator
// on /mail, or by `make reset-password EMAIL=…` on the machine. It is the link the reset mail
// carries (/reset-password?token=…): Better Auth's own reset token (its `verification` row
// `reset-password:<token>`, the account's id as value), single use and valid RESET_LINK_MINUTES;
// setting the password with it ends every session of the account (revokeSessionsOnPasswordReset).
import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { EventStore } from '../eventstore/store.js';
import { RESET_LINK_MINUTES } from './account-mail.js';
import { decideResetLinkMade } from './decide.js';
import type { AccountResetLinkMade } from './events.js';
import { accountStream, evolveAccount, initialAccount } from './events.js';
import { own } from './tables.js';

export type ResetLink = { email: string; url: string; expires_at: string };

/** The reset link for the account of `email`, or null when no account has it. */
export async function makeResetLink(
  store: EventStore,
  input: { email: string; publicUrl: string; by: AccountResetLinkMade['data']['by']; now: Date },
): Promise<ResetLink | null> {
  const email = input.email.trim().toLowerCase();
  return store.db.transaction().execute(async (trx) => {
    const user = await own(trx).selectFrom('user').select(['id', 'email']).where(sql<boolean>`lower(email) = ${email}`).executeTakeFirst();
    if (!user) return null;
    // As Better Auth makes its own: 24 characters of a URL-safe alphabet.
    const token = randomBytes(18).toString('base64url');
    const expires = new Date(input.now.getTime() + RESET_LINK_MINUTES * 60_000);
    await sql`insert into verification (id, identifier, value, "expiresAt", "createdAt", "updatedAt")
      values (${randomUUID()}, ${`reset-password:${token}`}, ${user.id}, ${expires}, ${input.now}, ${input.now})`.execute(trx);
    const account = await store.aggregate(accountStream(user.id), initialAccount, evolveAccount, trx);
    await store.append(accountStream(user.id), account.version, decideResetLinkMade(account.state, { userId: user.id, by: input.by, now: input.now }), trx);
    return { email: user.email, url: `${input.publicUrl}/reset-password?token=${encodeURIComponent(token)}`, expires_at: expires.toISOString() };
  });
}
