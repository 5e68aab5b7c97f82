// Read-model queries of organisations, and the one question other domains ask: what the
// organisation of a person lets them do (policy.ts turns the row into answers).
import { sql } from 'kysely';
import { compiledOnce } from '../db/compiled-once.js';
import { type Db, preparedBuilt } from '../db/database.js';
import type { OrgRole, UserAccess } from './events.js';
import { peopleOf } from '../identity/index.js';
import { own } from './tables.js';

export async function findOrg(db: Db, orgUuid: string) {
  return own(db).selectFrom('orgs').selectAll().where('uuid', '=', orgUuid).executeTakeFirst();
}

/** The organisation's members in the order they joined, with their names (null once an account is gone). */
export async function listMembers(db: Db, orgUuid: string) {
  const members = await own(db)
    .selectFrom('org_members')
    .select(['member_id', 'user_id', 'email', 'role', 'joined_at'])
    .where('org_uuid', '=', orgUuid)
    .orderBy('joined_at')
    .orderBy('member_id')
    .execute();
  const people = await peopleOf(
    db,
    members.map((m) => m.user_id),
  );
  return members.map((m) => ({ ...m, name: people.get(m.user_id)?.name ?? null }));
}

export async function listInvitations(db: Db, orgUuid: string) {
  return own(db).selectFrom('org_invitations').selectAll().where('org_uuid', '=', orgUuid).orderBy('invited_at').orderBy('invitation_id').execute();
}

export async function findInvitation(db: Db, invitationId: string) {
  return own(db).selectFrom('org_invitations').selectAll().where('invitation_id', '=', invitationId).executeTakeFirst();
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

/** The organisations a person is in, with their role in each (billing: members get their organisation's plan). */
export async function membershipsOf(db: Db, userId: string): Promise<{ org_uuid: string; role: string }[]> {
  return preparedBuilt(own(db).selectFrom('org_members').select(['org_uuid', 'role']).where('user_id', '=', userId)).execute();
}
