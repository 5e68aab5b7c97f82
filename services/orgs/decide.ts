// The rules of an organisation: who may manage whom, and what each change records. Pure: callers
// pass the actor, the facts the stream does not hold (another organisation's claim on an
// address), the ids and the clock.
import { orgErrors } from './errors.js';
import {
  DEFAULT_THREAD_ACCESS,
  type Access,
  type OrgClosed,
  type OrgCreated,
  type OrgDetails,
  type OrgDetailsChanged,
  type OrgInvitationResent,
  type OrgInvitationRevoked,
  type OrgMember,
  type OrgMemberInvited,
  type OrgMemberJoined,
  type OrgMemberLeft,
  type OrgMemberRemoved,
  type OrgMemberRoleChanged,
  type OrgPermissions,
  type OrgPermissionsChanged,
  type OrgRole,
  type OrgState,
  type OrgUserAccessChanged,
  type UserAccess,
} from './events.js';

/** A signed-in person acting on an organisation: `email` their verified address in lower case, or null until verified. */
export type OrgActor = { user_id: string; email: string | null };

export const INVITATION_DAYS = 7;
export const ORG_LIMITS = { name: 100, email_domains: 20, logo_url: 2048 } as const;

const isManager = (role: OrgRole) => role === 'owner' || role === 'admin';
const owners = (state: OrgState) => Object.values(state.members).filter((m) => m.role === 'owner');

/** The actor's membership; anyone else is told the organisation does not exist. */
export function membershipOf(state: OrgState, actor: OrgActor): OrgMember {
  const m = state.org_uuid ? Object.values(state.members).find((x) => x.user_id === actor.user_id) : undefined;
  if (!m) throw orgErrors.notFound();
  return m;
}

/** The actor as an owner or admin of the organisation, or refused. */
export function manager(state: OrgState, actor: OrgActor) {
  const m = membershipOf(state, actor);
  if (!isManager(m.role)) throw orgErrors.notAdmin();
  return m;
}

function memberIn(state: OrgState, memberId: string) {
  const m = state.members[memberId];
  if (!m) throw orgErrors.memberNotFound();
  return m;
}

/** Losing this member as an owner would leave nobody owning the organisation. */
function mustKeepAnOwner(state: OrgState, m: OrgMember) {
  if (m.role === 'owner' && owners(state).length <= 1) throw orgErrors.lastOwner();
}

const addDays = (d: Date, days: number) => new Date(d.getTime() + days * 86_400_000).toISOString();

export const normalizeEmail = (email: string) => email.trim().toLowerCase();
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const DOMAIN = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

export function checkName(name: string) {
  const n = name.trim();
  if (!n) throw orgErrors.nameRequired();
  if ([...n].length > ORG_LIMITS.name) throw orgErrors.nameTooLong(ORG_LIMITS.name);
  return n;
}

/** Trims and checks the details a person typed. */
export function checkDetails(changes: Partial<OrgDetails>): Partial<OrgDetails> {
  const out: Partial<OrgDetails> = { ...changes };
  if (changes.name !== undefined) out.name = checkName(changes.name);
  if (changes.logo_url !== undefined && changes.logo_url !== null) {
    const url = changes.logo_url.trim();
    if (!url) out.logo_url = null;
    else {
      let parsed: URL | null = null;
      try {
        parsed = new URL(url);
      } catch {}
      if (parsed?.protocol !== 'https:' || url.length > ORG_LIMITS.logo_url) throw orgErrors.invalidLogo();
      out.logo_url = parsed.toString();
    }
  }
  if (changes.email_domains !== undefined) {
    const domains = [...new Set(changes.email_domains.map((d) => d.trim().toLowerCase().replace(/^@/, '')).filter(Boolean))];
    for (const d of domains) if (!DOMAIN.test(d)) throw orgErrors.invalidDomain(d);
    if (domains.length > ORG_LIMITS.email_domains) throw orgErrors.tooManyDomains(ORG_LIMITS.email_domains);
    out.email_domains = domains;
  }
  if (changes.default_thread_access !== undefined && !DEFAULT_THREAD_ACCESS.includes(changes.default_thread_access)) throw orgErrors.invalidThreadAccess();
  return out;
}

export function decideCreate(
  state: OrgState,
  cmd: { org_uuid: string; name: string; slug: string; actor: OrgActor & { account_email: string }; member_id: string; now: Date },
): OrgCreated[] {
  if (state.org_uuid) throw orgErrors.slugTaken();
  return [
    {
      type: 'OrgCreated',
      data: {
        org_uuid: cmd.org_uuid,
        name: checkName(cmd.name),
        slug: cmd.slug,
        owner_user_id: cmd.actor.user_id,
        owner_member_id: cmd.member_id,
        owner_email: cmd.actor.account_email.toLowerCase(),
        created_at: cmd.now.toISOString(),
      },
    },
  ];
}

/** Only what differs is recorded; a public default needs public sharing allowed. */
export function decideDetails(state: OrgState, cmd: { actor: OrgActor; changes: Partial<OrgDetails>; now: Date }): OrgDetailsChanged[] {
  manager(state, cmd.actor);
  const wanted = checkDetails(cmd.changes);
  const current = state.details!;
  const changes = Object.fromEntries(
    Object.entries(wanted).filter(([k, v]) => v !== undefined && JSON.stringify(current[k as keyof OrgDetails]) !== JSON.stringify(v)),
  ) as Partial<OrgDetails>;
  if (changes.default_thread_access === 'public read' && !state.permissions.public_sharing_allowed) throw orgErrors.publicDefaultNotAllowed();
  if (!Object.keys(changes).length) return [];
  return [{ type: 'OrgDetailsChanged', data: { org_uuid: state.org_uuid!, changes, changed_by: cmd.actor.user_id, changed_at: cmd.now.toISOString() } }];
}

export type InviteCommand = {
  actor: OrgActor;
  email: string;
  role: OrgRole;
  invitation_id: string;
  /** The organisation the address's account belongs to, if it has one. */
  inviteeOrg: string | null;
  now: Date;
};

export function decideInvite(state: OrgState, cmd: InviteCommand): OrgMemberInvited[] {
  const me = manager(state, cmd.actor);
  if (cmd.role === 'owner' && me.role !== 'owner') throw orgErrors.notOwner();
  const email = normalizeEmail(cmd.email);
  if (!EMAIL.test(email) || email.length > 254) throw orgErrors.invalidEmail();
  if (Object.values(state.members).some((m) => m.email === email) || cmd.inviteeOrg === state.org_uuid) throw orgErrors.alreadyMember();
  if (cmd.inviteeOrg) throw orgErrors.memberOfAnotherOrg();
  if (Object.values(state.invitations).some((i) => i.email === email)) throw orgErrors.alreadyInvited();
  return [
    {
      type: 'OrgMemberInvited',
      data: {
        org_uuid: state.org_uuid!,
        invitation_id: cmd.invitation_id,
        email,
        role: cmd.role,
        invited_by: cmd.actor.user_id,
        invited_at: cmd.now.toISOString(),
        expires_at: addDays(cmd.now, INVITATION_DAYS),
      },
    },
  ];
}

function invitationIn(state: OrgState, invitationId: string) {
  const i = state.invitations[invitationId];
  if (!i) throw orgErrors.invitationNotFound();
  return i;
}

/** A fresh mail and a fresh week. */
export function decideResend(state: OrgState, cmd: { actor: OrgActor; invitation_id: string; now: Date }): OrgInvitationResent[] {
  const me = manager(state, cmd.actor);
  const i = invitationIn(state, cmd.invitation_id);
  if (i.role === 'owner' && me.role !== 'owner') throw orgErrors.notOwner();
  return [
    {
      type: 'OrgInvitationResent',
      data: {
        org_uuid: state.org_uuid!,
        invitation_id: i.invitation_id,
        resent_by: cmd.actor.user_id,
        resent_at: cmd.now.toISOString(),
        expires_at: addDays(cmd.now, INVITATION_DAYS),
      },
    },
  ];
}

export function decideRevoke(state: OrgState, cmd: { actor: OrgActor; invitation_id: string; now: Date }): OrgInvitationRevoked[] {
  const me = manager(state, cmd.actor);
  const i = invitationIn(state, cmd.invitation_id);
  if (i.role === 'owner' && me.role !== 'owner') throw orgErrors.notOwner();
  return [
    {
      type: 'OrgInvitationRevoked',
      data: { org_uuid: state.org_uuid!, invitation_id: i.invitation_id, revoked_by: cmd.actor.user_id, revoked_at: cmd.now.toISOString() },
    },
  ];
}

/**
 * The invitation's own address, verified, accepts it; anyone else is told there is no such
 * invitation (an unverified account is told to verify first, the same for every invitation).
 */
export function decideAccept(
  state: OrgState,
  cmd: { actor: OrgActor; invitation_id: string; member_id: string; actorOrg: string | null; now: Date },
): OrgMemberJoined[] {
  if (!cmd.actor.email) throw orgErrors.emailNotVerified();
  const i = state.invitations[cmd.invitation_id];
  if (!i || i.email !== cmd.actor.email) throw orgErrors.invitationNotFound();
  if (Object.values(state.members).some((m) => m.user_id === cmd.actor.user_id) || cmd.actorOrg === state.org_uuid) throw orgErrors.alreadyMember();
  if (cmd.actorOrg) throw orgErrors.memberOfAnotherOrg();
  if (new Date(i.expires_at).getTime() <= cmd.now.getTime()) throw orgErrors.invitationExpired();
  return [
    {
      type: 'OrgMemberJoined',
      data: {
        org_uuid: state.org_uuid!,
        invitation_id: i.invitation_id,
        member_id: cmd.member_id,
        user_id: cmd.actor.user_id,
        email: i.email,
        role: i.role,
        joined_at: cmd.now.toISOString(),
      },
    },
  ];
}

/** Owners and admins change roles; only an owner makes or unmakes owners; the last owner stays one. */
export function decideRoleChange(state: OrgState, cmd: { actor: OrgActor; member_id: string; role: OrgRole; now: Date }): OrgMemberRoleChanged[] {
  const me = manager(state, cmd.actor);
  const m = memberIn(state, cmd.member_id);
  if (m.role === cmd.role) return [];
  if ((m.role === 'owner' || cmd.role === 'owner') && me.role !== 'owner') throw orgErrors.notOwner();
  mustKeepAnOwner(state, m);
  return [
    {
      type: 'OrgMemberRoleChanged',
      data: {
        org_uuid: state.org_uuid!,
        member_id: m.member_id,
        role: cmd.role,
        previous_role: m.role,
        changed_by: cmd.actor.user_id,
        changed_at: cmd.now.toISOString(),
      },
    },
  ];
}

/** Owners and admins remove others (an owner only by an owner); oneself leaves instead. */
export function decideRemove(state: OrgState, cmd: { actor: OrgActor; member_id: string; now: Date }): (OrgMemberRemoved | OrgMemberLeft)[] {
  const me = membershipOf(state, cmd.actor);
  if (cmd.member_id === me.member_id) return decideLeave(state, cmd);
  if (!isManager(me.role)) throw orgErrors.notAdmin();
  const m = memberIn(state, cmd.member_id);
  if (m.role === 'owner' && me.role !== 'owner') throw orgErrors.notOwner();
  mustKeepAnOwner(state, m);
  return [
    {
      type: 'OrgMemberRemoved',
      data: { org_uuid: state.org_uuid!, member_id: m.member_id, user_id: m.user_id, removed_by: cmd.actor.user_id, removed_at: cmd.now.toISOString() },
    },
  ];
}

export function decideLeave(state: OrgState, cmd: { actor: OrgActor; now: Date }): OrgMemberLeft[] {
  const me = membershipOf(state, cmd.actor);
  mustKeepAnOwner(state, me);
  return [{ type: 'OrgMemberLeft', data: { org_uuid: state.org_uuid!, member_id: me.member_id, user_id: me.user_id, left_at: cmd.now.toISOString() } }];
}

/**
 * A member's account is deleted: they leave, and an organisation they were alone in closes. The
 * last owner of an organisation with others in it hands it over first (checkDeparture refuses the
 * deletion until then); should someone have joined since that check, the longest-standing admin
 * (else member) becomes owner rather than the organisation being left without one.
 */
export function decideDeparture(state: OrgState, cmd: { user_id: string; now: Date }): (OrgClosed | OrgMemberRoleChanged | OrgMemberLeft)[] {
  const me = state.org_uuid ? Object.values(state.members).find((m) => m.user_id === cmd.user_id) : undefined;
  if (!me) return [];
  const at = cmd.now.toISOString();
  const others = Object.values(state.members).filter((m) => m.member_id !== me.member_id);
  if (!others.length) return [{ type: 'OrgClosed', data: { org_uuid: state.org_uuid!, closed_by: cmd.user_id, closed_at: at } }];
  const events: (OrgMemberRoleChanged | OrgMemberLeft)[] = [];
  if (me.role === 'owner' && owners(state).length <= 1) {
    const heir = others.find((m) => m.role === 'admin') ?? others[0];
    events.push({
      type: 'OrgMemberRoleChanged',
      data: { org_uuid: state.org_uuid!, member_id: heir.member_id, role: 'owner', previous_role: heir.role, changed_by: cmd.user_id, changed_at: at },
    });
  }
  events.push({ type: 'OrgMemberLeft', data: { org_uuid: state.org_uuid!, member_id: me.member_id, user_id: me.user_id, left_at: at } });
  return events;
}

/** Deleting the account is refused while they are the last owner of an organisation others are in. */
export function checkDeparture(state: OrgState, userId: string) {
  const me = state.org_uuid ? Object.values(state.members).find((m) => m.user_id === userId) : undefined;
  if (me?.role !== 'owner' || owners(state).length > 1 || Object.keys(state.members).length <= 1) return;
  throw orgErrors.lastOwnerMustHandOver(state.details?.name ?? 'your organisation');
}

export function decidePermissions(state: OrgState, cmd: { actor: OrgActor; changes: Partial<OrgPermissions>; now: Date }): OrgPermissionsChanged[] {
  manager(state, cmd.actor);
  const changes = Object.fromEntries(
    Object.entries(cmd.changes).filter(([k, v]) => v !== undefined && state.permissions[k as keyof OrgPermissions] !== v),
  ) as Partial<OrgPermissions>;
  if (!Object.keys(changes).length) return [];
  return [{ type: 'OrgPermissionsChanged', data: { org_uuid: state.org_uuid!, changes, changed_by: cmd.actor.user_id, changed_at: cmd.now.toISOString() } }];
}

/** Overrides only for members; models only those configured. */
export function decideUserAccess(
  state: OrgState,
  cmd: { actor: OrgActor; user_access: UserAccess; models: readonly string[]; now: Date },
): OrgUserAccessChanged[] {
  manager(state, cmd.actor);
  const memberIds = new Set(Object.values(state.members).map((m) => m.user_id));
  const checkModels = (a: Partial<Access>) => {
    for (const model of a.models ?? []) if (!cmd.models.includes(model)) throw orgErrors.unknownModel(model);
  };
  for (const a of Object.values(cmd.user_access.roles)) checkModels(a);
  for (const [userId, a] of Object.entries(cmd.user_access.people)) {
    if (!memberIds.has(userId)) throw orgErrors.unknownPerson();
    checkModels(a);
  }
  // Empty overrides say nothing: they are left out.
  const people = Object.fromEntries(Object.entries(cmd.user_access.people).filter(([, a]) => Object.values(a).some((v) => v !== undefined)));
  const next: UserAccess = { roles: cmd.user_access.roles, people };
  if (JSON.stringify(next) === JSON.stringify(state.user_access)) return [];
  return [
    { type: 'OrgUserAccessChanged', data: { org_uuid: state.org_uuid!, user_access: next, changed_by: cmd.actor.user_id, changed_at: cmd.now.toISOString() } },
  ];
}

/** What one member may use: their own overrides over their role's defaults. */
export function accessOf(userAccess: UserAccess, member: { user_id: string; role: OrgRole }): Access {
  const own = userAccess.people[member.user_id] ?? {};
  const base = userAccess.roles[member.role];
  return Object.fromEntries(Object.entries(base).map(([k, v]) => [k, own[k as keyof Access] !== undefined ? own[k as keyof Access] : v])) as Access;
}
