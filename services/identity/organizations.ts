// Reads of Better Auth's organisation rows (`organization`, `member`) for the domains above
// identity: orgs (invitees, organisations from before organisations were events) and files (an
// organisation's file settings). The session's own read is orgOf (queries.ts).
import type { Db } from '../db/database.js';
import { own } from './tables.js';

/** The organisation an account with this address belongs to (the first joined), if any (emails kept in lower case). */
export async function orgOfEmail(db: Db, email: string) {
  const row = await own(db)
    .selectFrom('user')
    .innerJoin('member', 'member.userId', 'user.id')
    .select('member.organizationId')
    .where('user.email', '=', email)
    .orderBy('member.createdAt')
    .limit(1)
    .executeTakeFirst();
  return row?.organizationId ?? null;
}

/** The person's role in the organisation as Better Auth writes it (roles joined by commas), or undefined for a stranger. */
export async function memberRoleIn(db: Db, orgUuid: string, userId: string) {
  const row = await own(db).selectFrom('member').select('role').where('organizationId', '=', orgUuid).where('userId', '=', userId).executeTakeFirst();
  return row?.role;
}

export type BetterAuthOrganization = {
  id: string;
  name: string;
  slug: string;
  createdAt: Date;
  /** Its members with their addresses, the first joined first. */
  members: { id: string; userId: string; role: string; createdAt: Date; email: string }[];
};

/** An organisation as Better Auth's rows alone know it (made before organisations were events), or undefined. */
export async function betterAuthOrganizationOf(db: Db, orgUuid: string): Promise<BetterAuthOrganization | undefined> {
  const org = await own(db).selectFrom('organization').select(['id', 'name', 'slug', 'createdAt']).where('id', '=', orgUuid).executeTakeFirst();
  if (!org) return undefined;
  const members = await own(db)
    .selectFrom('member')
    .innerJoin('user', 'user.id', 'member.userId')
    .select(['member.id', 'member.userId', 'member.role', 'member.createdAt', 'user.email'])
    .where('member.organizationId', '=', orgUuid)
    .orderBy('member.createdAt')
    .orderBy('member.id')
    .execute();
  return { ...org, members };
}
