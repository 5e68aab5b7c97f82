import type { Db } from '../db/database.js';

export async function listOutbox(db: Db, userId: string) {
  const rows = await db.selectFrom('mail_outbox').selectAll().where('user_id', '=', userId).orderBy('queued_at', 'desc').limit(100).execute();
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
