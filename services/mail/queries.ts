import { sql } from 'kysely';
import type { Db } from '../db/database.js';

/**
 * The outbox mail of a user: only once their address is verified, and only mail to that address,
 * so registering someone else's address opens none of the mail sent to it (a verification link
 * among them). Without SMTP, an administrator verifies new accounts (`make verify-account`).
 */
export async function listOutbox(db: Db, user: { id: string; email: string; email_verified: boolean }) {
  if (!user.email_verified) return [];
  const rows = await db
    .selectFrom('mail_outbox')
    .selectAll()
    .where('user_id', '=', user.id)
    .where(sql<boolean>`lower("to") = ${user.email.toLowerCase()}`)
    .orderBy('queued_at', 'desc')
    .limit(100)
    .execute();
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
