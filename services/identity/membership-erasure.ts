// Better Auth's organisation rows (identity's tables) of an erased account (services/rights/deletion.ts runs it in the
// erasure's transaction, before the user row goes): its memberships and the invitations to its addresses.
import { sql } from 'kysely';
import type { Trx } from '../eventstore/types.js';

export async function eraseMemberships(trx: Trx, userId: string, emails: readonly string[]) {
  await sql`delete from "member" where "userId" = ${userId}`.execute(trx);
  if (emails.length) await sql`delete from "invitation" where lower("email") = any(${emails}::text[])`.execute(trx);
}
