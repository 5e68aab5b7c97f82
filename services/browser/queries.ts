import type { Db } from '../db/database.js';
import { own } from './tables.js';

export async function claimOf(db: Db, userId: string) {
  const row = await own(db).selectFrom('browser_invite_claims').select(['code', 'claimed_at']).where('user_id', '=', userId).executeTakeFirst();
  return row ? { code: row.code, claimed_at: new Date(row.claimed_at).toISOString() } : null;
}

export async function listInvites(db: Db) {
  const rows = await own(db)
    .selectFrom('browser_invites')
    .select(['code', 'max_uses', 'uses', 'issued_at'])
    .orderBy('issued_at', 'desc')
    .orderBy('code')
    .limit(200)
    .execute();
  return rows.map((r) => ({ code: r.code, max_uses: r.max_uses, uses: r.uses, issued_at: new Date(r.issued_at).toISOString() }));
}
