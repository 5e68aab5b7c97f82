// Proving an administrator's address from the machine, on a server that sends no mail: at sign-up
// of an address listed in ADMIN_EMAILS (and when asked again on /mail), a one-time code is printed
// in the server's log (the terminal running `make start`), never in a reply; entering it on /mail
// verifies the address. The code is kept only as its hash, for VERIFICATION_CODE.minutes, and a few
// wrong tries use it up.
import { createHash, randomInt } from 'node:crypto';
import type { Logger } from 'pino';
import type { EventStore } from '../eventstore/store.js';
import { type CodeOutcome, decideVerificationCode, decideVerificationCodeIssued, VERIFICATION_CODE } from './decide.js';
import { accountStream, evolveAccount, initialAccount } from './events.js';
import { own } from './tables.js';

/** Whether this account may prove its address with a code from the log: listed, unverified, and no mail to prove it by. */
export function mayVerifyByCode(user: { email: string; email_verified: boolean }, config: { smtpUrl?: string; adminEmails: readonly string[] }) {
  return !config.smtpUrl && !user.email_verified && config.adminEmails.includes(user.email.toLowerCase());
}

export const codeHashOf = (userId: string, code: string) => createHash('sha256').update(`${userId}:${code}`).digest('hex');

const newCode = () => String(randomInt(0, 10 ** VERIFICATION_CODE.digits)).padStart(VERIFICATION_CODE.digits, '0');

/** Makes a new code for the account and prints it in the server's log (info level). False when none was due (verified already). */
export async function issueVerificationCode(deps: { store: EventStore; logger: Logger }, user: { id: string; email: string }, now: Date) {
  const code = newCode();
  const issued = await deps.store.db.transaction().execute(async (trx) => {
    const account = await deps.store.aggregate(accountStream(user.id), initialAccount, evolveAccount, trx);
    const events = decideVerificationCodeIssued(account.state, { userId: user.id, codeHash: codeHashOf(user.id, code), now });
    await deps.store.append(accountStream(user.id), account.version, events, trx);
    return events.length > 0;
  });
  if (issued)
    deps.logger.info(
      { email: user.email, code, expires_in_minutes: VERIFICATION_CODE.minutes },
      `One-time code to verify ${user.email}: ${code} (enter it on /mail; valid ${VERIFICATION_CODE.minutes} minutes)`,
    );
  return issued;
}

/** Checks a code entered by the account's owner; a right one verifies the address (Better Auth's flag and the event, in one transaction). */
export async function enterVerificationCode(store: EventStore, userId: string, code: string, now: Date): Promise<CodeOutcome> {
  return store.db.transaction().execute(async (trx) => {
    const account = await store.aggregate(accountStream(userId), initialAccount, evolveAccount, trx);
    const { outcome, events } = decideVerificationCode(account.state, { userId, codeHash: codeHashOf(userId, code.trim()), now });
    await store.append(accountStream(userId), account.version, events, trx);
    if (outcome === 'verified') await own(trx).updateTable('user').set({ emailVerified: true }).where('id', '=', userId).execute();
    return outcome;
  });
}
