// Read-model queries of organisations, and the one question other domains ask: what the
// organisation of a person lets them do (policy.ts turns the row into answers).
import { sql } from 'kysely';
import { compiledOnce } from '../db/compiled-once.js';
import { type Db, preparedBuilt } from '../db/database.js';
import type { OrgRole, UserAccess } from './events.js';
import { own } from './tables.js';
import { crossRead } from '../db/cross-read.js';

export async function findOrg(db: Db, orgUuid: string) {
  return own(db).selectFrom('orgs').selectAll().where('uuid', '=', orgUuid).executeTakeFirst();
}

export async function listMembers(db: Db, orgUuid: string) {
  return crossRead(db)
    .selectFrom('org_members')
    .leftJoin('user', 'user.id', 'org_members.user_id')
    .select(['org_members.member_id', 'org_members.user_id', 'org_members.email', 'org_members.role', 'org_members.joined_at', 'user.name'])
    .where('org_members.org_uuid', '=', orgUuid)
    .orderBy('org_members.joined_at')
    .orderBy('org_members.member_id')
    .execute();
}

export async function listInvitations(db: Db, orgUuid: string) {
  return own(db).selectFrom('org_invitations').selectAll().where('org_uuid', '=', orgUuid).orderBy('invited_at').orderBy('invitation_id').execute();
}

export async function findInvitation(db: Db, invitationId: string) {
  return own(db).selectFrom('org_invitations').selectAll().where('invitation_id', '=', invitationId).executeTakeFirst();
}

/** The organisation an account with this address belongs to, if any (emails kept in lower case). */
export async function orgOfEmail(db: Db, email: string) {
  const row = await crossRead(db)
    .selectFrom('user')
    .innerJoin('member', 'member.userId', 'user.id')
    .select('member.organizationId')
    .where('user.email', '=', email)
    .orderBy('member.createdAt')
    .limit(1)
    .executeTakeFirst();
  return row?.organizationId ?? null;
}

export type OrgPolicyRow = {
  org_uuid: string;
  role: OrgRole;
  public_sharing_allowed: boolean;
  space_creation: string;
  pdf_downloads_restricted: boolean;
  user_access: UserAccess;
};

/** The person's organisation (the first joined, as the session's org_uuid) with its policy, or null. */
// Read before every signed-in answer: built once (compiledOnce), prepared per connection.
const policyRow = compiledOnce(1, (db, userId: string) =>
  preparedBuilt(
    own(db)
      .selectFrom('org_members')
      .innerJoin('orgs', 'orgs.uuid', 'org_members.org_uuid')
      .select([
        'orgs.uuid as org_uuid',
        'org_members.role',
        'orgs.public_sharing_allowed',
        'orgs.space_creation',
        'orgs.pdf_downloads_restricted',
        'orgs.user_access',
      ])
      .where('org_members.user_id', '=', userId)
      .orderBy('org_members.joined_at')
      .limit(sql.lit(1)),
  ),
);

export async function policyRowOf(db: Db, userId: string): Promise<OrgPolicyRow | null> {
  const [row] = await policyRow(db, userId);
  return row ? ({ ...row, role: row.role as OrgRole, user_access: row.user_access as UserAccess } as OrgPolicyRow) : null;
}

/** Whether an organisation (Better Auth's table, kept by our projection) has this slug. */
export async function slugTaken(db: Db, slug: string) {
  return !!(await own(db).selectFrom('organization').select('id').where('slug', '=', slug).executeTakeFirst());
}

/** The person's membership of the organisation, from the read model, or undefined. */
export async function membershipRow(db: Db, orgUuid: string, userId: string) {
  return own(db).selectFrom('org_members').select(['member_id', 'role']).where('org_uuid', '=', orgUuid).where('user_id', '=', userId).executeTakeFirst();
}

/** An organisation's single sign-on row (its sealed secret included: never send the row as is). */
export async function ssoOf(db: Db, orgUuid: string) {
  return own(db).selectFrom('org_sso').selectAll().where('org_uuid', '=', orgUuid).executeTakeFirst();
}

/** The organisation that verified this domain for single sign-on, if one did. */
export async function ssoOfVerifiedDomain(db: Db, domain: string) {
  return own(db).selectFrom('org_sso').selectAll().where('domain', '=', domain).where('verified_at', 'is not', null).executeTakeFirst();
}

/** Whether an organisation other than this one has verified the domain. */
export async function domainVerifiedElsewhere(db: Db, domain: string, orgUuid: string) {
  const row = await ssoOfVerifiedDomain(db, domain);
  return !!row && row.org_uuid !== orgUuid;
}

/** Any claim of the domain (verified or not), for telling an unverified domain from an unknown one. */
export async function ssoClaimsOfDomain(db: Db, domain: string) {
  return own(db).selectFrom('org_sso').select(['org_uuid', 'verified_at', 'issuer']).where('domain', '=', domain).execute();
}

/** The organisation a person belongs to (the first joined), or null. */
export async function orgOfUser(db: Db, userId: string) {
  const row = await own(db).selectFrom('member').select('organizationId').where('userId', '=', userId).orderBy('createdAt').limit(1).executeTakeFirst();
  return row?.organizationId ?? null;
}

/** What billing asks of an organisation: its name, the asker's role in it (null for a stranger) and its member count (seats); null when it does not exist. */
export async function orgBillingFacts(db: Db, orgUuid: string, userId: string) {
  const org = await own(db).selectFrom('orgs').select(['uuid', 'name']).where('uuid', '=', orgUuid).executeTakeFirst();
  if (!org) return null;
  const [membership, count] = await Promise.all([
    membershipRow(db, orgUuid, userId),
    own(db)
      .selectFrom('org_members')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('org_uuid', '=', orgUuid)
      .executeTakeFirstOrThrow(),
  ]);
  return { uuid: org.uuid, name: org.name, role: (membership?.role ?? null) as OrgRole | null, member_count: Number(count.n) };
}

/** Which of these uuids are organisations (billing asks: a subscription that started may be one's). */
export async function existingOrgs(db: Db, uuids: readonly string[]): Promise<Set<string>> {
  if (uuids.length === 0) return new Set();
  const rows = await own(db).selectFrom('orgs').select('uuid').where('uuid', 'in', uuids).execute();
  return new Set(rows.map((r) => r.uuid));
}
