import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { own } from './tables.js';

/**
 * The outbox mail of a user: only once their address is verified, and only mail to that address
 * (every mail for an administrator), so registering someone else's address opens none of the mail
 * sent to it (a verification link among them). Without SMTP, an administrator verifies new
 * accounts (on /mail, or `make verify-account`).
 */
export async function listOutbox(db: Db, user: { id: string; email: string; email_verified: boolean }, opts: { everyone: boolean }) {
  if (!user.email_verified) return [];
  let query = own(db).selectFrom('mail_outbox').selectAll();
  // An administrator reads every mail: on a server without SMTP they pass links on by hand.
  if (!opts.everyone) query = query.where('user_id', '=', user.id).where(sql<boolean>`lower("to") = ${user.email.toLowerCase()}`);
  const rows = await query.orderBy('queued_at', 'desc').limit(100).execute();
  return rows.map((r) => ({
    id: r.id,
    to: r.to,
    subject: r.subject,
    text: r.text,
    status: r.status,
    queued_at: new Date(r.queued_at).toISOString(),
    delivered_at: r.delivered_at ? new Date(r.delivered_at).toISOString() : null,
  }));
}
