// The rules of a Space: who may do what (access-levels.ts), and what each change records.
// Pure: callers pass the actor, the owner's organisation and the clock.
import type { SignedInFacts } from '../shared/actor.js';
import { spaceErrors } from './errors.js';
import {
  ACCESS_LEVEL,
  DEFAULT_SPACE_TITLE,
  invitedLevel,
  isAdminCapable,
  isInvited,
  isOwnerLevel,
  isReadable,
  roleLevel,
  SPACE_ACCESS,
  SPACE_LIMITS,
  type AccessLevel,
  type SpaceAccess,
  type SpaceRole,
  canEditSources,
} from './access-levels.js';
import type {
  SpaceAccessChanged,
  SpaceCreated,
  SpaceDeleted,
  SpaceEdited,
  SpaceFields,
  SpaceInviteAccepted,
  SpaceLinkAdded,
  SpaceLinkRemoved,
  SpaceMemberInvited,
  SpaceMemberRemoved,
  SpaceMemberRoleChanged,
  SpaceState,
  MemberState,
} from './events.js';

/** The address that binds invitations: a verified one only, so registering someone's address takes over nothing. */
export const invitationEmail = (user: { email: string; email_verified: boolean }) => (user.email_verified ? user.email.toLowerCase() : null);

/** What the caller knows about the Space's owner that the stream does not hold. */
export type OwnerFacts = { org_uuid: string | null; email: string };

export const NOT_FOUND = spaceErrors.notFound;

/**
 * What a person may do in a Space: their own level (owner or member row), and whether they may
 * read it: a readable level, or a Space open to them (anyone with the link; the owner's
 * organisation). Someone the Space is merely open to reads as a READER.
 */
export function effectiveAccess(f: { ownLevel: AccessLevel | null; access: SpaceAccess; sameOrgAsOwner: boolean }): { level: AccessLevel; readable: boolean } {
  const open = f.access === SPACE_ACCESS.ANYONE_WITH_LINK || (f.access === SPACE_ACCESS.ORGANIZATION && f.sameOrgAsOwner);
  if (f.ownLevel !== null && f.ownLevel !== ACCESS_LEVEL.NONE) return { level: f.ownLevel, readable: isReadable(f.ownLevel) || open };
  return open ? { level: ACCESS_LEVEL.READER, readable: true } : { level: ACCESS_LEVEL.NONE, readable: false };
}

/**
 * The actor's member row: the one they accepted (bound to their account, so it stays theirs when
 * they change their address), else an invitation still pending for their verified address.
 */
export function memberFor(state: SpaceState, actor: Pick<SignedInFacts, 'user_id' | 'email'>): MemberState | undefined {
  const members = Object.values(state.members);
  return members.find((m) => m.user_id === actor.user_id) ?? (actor.email ? members.find((m) => m.user_id === null && m.email === actor.email) : undefined);
}

/** The Space seen through the actor's eyes, from its stream. */
export function permissionIn(state: SpaceState, actor: Pick<SignedInFacts, 'user_id' | 'email' | 'org_uuid'> | null, owner: Pick<OwnerFacts, 'org_uuid'>) {
  const created = state.created;
  if (!created || state.deleted) return { level: ACCESS_LEVEL.NONE as AccessLevel, readable: false };
  const own = !actor ? null : created.owner_user_id === actor.user_id ? ACCESS_LEVEL.OWNER : (memberFor(state, actor)?.level ?? null);
  return effectiveAccess({ ownLevel: own, access: state.access!, sameOrgAsOwner: !!actor?.org_uuid && actor.org_uuid === owner.org_uuid });
}

/** The Space if the actor may read it; otherwise 404, so its existence is not revealed. */
function visible(state: SpaceState, actor: SignedInFacts, owner: OwnerFacts) {
  const p = permissionIn(state, actor, owner);
  if (!p.readable && !isInvited(p.level)) throw NOT_FOUND();
  return { created: state.created!, fields: state.fields!, level: p.level };
}

function mustWrite(level: number) {
  if (!canEditSources(level)) throw spaceErrors.notWriter();
}
function mustAdmin(level: number) {
  if (!isAdminCapable(level)) throw spaceErrors.notAdmin();
}

/** Characters as the spec's maxLength counts them (code points, so an emoji is one). */
const chars = (s: string) => [...s].length;

/** Trims and checks the fields a person typed; the documented maximums (SPACE_LIMITS). */
export function checkFields(changes: Partial<SpaceFields>): Partial<SpaceFields> {
  const out: Partial<SpaceFields> = { ...changes };
  if (changes.title !== undefined) {
    out.title = changes.title.trim();
    if (!out.title) throw spaceErrors.titleRequired();
    if (chars(out.title) > SPACE_LIMITS.title) throw spaceErrors.titleTooLong(SPACE_LIMITS.title);
  }
  if (changes.description !== undefined) {
    out.description = changes.description.trim();
    if (chars(out.description) > SPACE_LIMITS.description) throw spaceErrors.descriptionTooLong(SPACE_LIMITS.description);
  }
  if (changes.instructions !== undefined) {
    out.instructions = changes.instructions.trim();
    if (chars(out.instructions) > SPACE_LIMITS.instructions) throw spaceErrors.instructionsTooLong(SPACE_LIMITS.instructions);
  }
  if (changes.emoji !== undefined && !EMOJI_CODE.test(changes.emoji)) throw spaceErrors.invalidEmoji();
  return out;
}

/** Lower-case hex code points joined by '-' (1f516, 2708-fe0f), or empty for none. */
const EMOJI_CODE = /^([0-9a-f]{4,6}(-[0-9a-f]{4,6})*)?$/;

function checkAccess(access: SpaceAccess, ownerOrg: string | null) {
  if (access === SPACE_ACCESS.ORGANIZATION && !ownerOrg) throw spaceErrors.enterpriseOnly();
}

export type CreateCommand = {
  uuid: string;
  actor: SignedInFacts;
  fields: Partial<SpaceFields>;
  access?: SpaceAccess;
  template: { id: string; title: string; description: string; emoji: string; instructions: string } | null;
  now: Date;
};

/** Left out: "New Space", web search on, private; a template fills what is left out. */
export function decideCreate(state: SpaceState, cmd: CreateCommand): SpaceCreated[] {
  if (state.created) throw spaceErrors.spaceExists();
  const given = checkFields(cmd.fields);
  const t = cmd.template;
  const access = cmd.access ?? SPACE_ACCESS.PRIVATE;
  checkAccess(access, cmd.actor.org_uuid);
  return [
    {
      type: 'SpaceCreated',
      data: {
        uuid: cmd.uuid,
        title: given.title ?? t?.title ?? DEFAULT_SPACE_TITLE,
        description: given.description ?? t?.description ?? '',
        instructions: given.instructions ?? t?.instructions ?? '',
        emoji: given.emoji ?? t?.emoji ?? '',
        enable_web_by_default: given.enable_web_by_default ?? true,
        access,
        template_id: t?.id ?? null,
        owner_user_id: cmd.actor.user_id,
        created_at: cmd.now.toISOString(),
      },
    },
  ];
}

export type EditCommand = { actor: SignedInFacts; owner: OwnerFacts; changes: Partial<SpaceFields>; access?: SpaceAccess; now: Date };

/** Only what differs is recorded; access and web search are the owner's or an admin's. */
export function decideEdit(state: SpaceState, cmd: EditCommand): (SpaceEdited | SpaceAccessChanged)[] {
  const { created, fields, level } = visible(state, cmd.actor, cmd.owner);
  mustWrite(level);
  const wanted = checkFields(cmd.changes);
  const changes = Object.fromEntries(
    Object.entries(wanted).filter(([k, v]) => v !== undefined && fields[k as keyof SpaceFields] !== v),
  ) as Partial<SpaceFields>;
  const accessChanges = cmd.access !== undefined && cmd.access !== state.access;
  if (changes.enable_web_by_default !== undefined || accessChanges) mustAdmin(level);
  const at = cmd.now.toISOString();
  const events: (SpaceEdited | SpaceAccessChanged)[] = [];
  if (Object.keys(changes).length) events.push({ type: 'SpaceEdited', data: { uuid: created.uuid, changes, edited_by: cmd.actor.user_id, edited_at: at } });
  if (accessChanges) events.push(...accessChange(state, cmd.access!, cmd));
  return events;
}

function accessChange(state: SpaceState, access: SpaceAccess, cmd: { actor: SignedInFacts; owner: OwnerFacts; now: Date }): SpaceAccessChanged[] {
  if (access === state.access) return [];
  checkAccess(access, cmd.owner.org_uuid);
  return [
    {
      type: 'SpaceAccessChanged',
      data: { uuid: state.created!.uuid, access, previous_access: state.access!, changed_by: cmd.actor.user_id, changed_at: cmd.now.toISOString() },
    },
  ];
}

export function decideAccess(state: SpaceState, cmd: { actor: SignedInFacts; owner: OwnerFacts; access: SpaceAccess; now: Date }): SpaceAccessChanged[] {
  const { level } = visible(state, cmd.actor, cmd.owner);
  mustAdmin(level);
  return accessChange(state, cmd.access, cmd);
}

export function decideDelete(state: SpaceState, cmd: { actor: SignedInFacts; owner: OwnerFacts; now: Date }): SpaceDeleted[] {
  const { created, level } = visible(state, cmd.actor, cmd.owner);
  if (!isOwnerLevel(level)) throw spaceErrors.notSpaceOwner();
  return [{ type: 'SpaceDeleted', data: { uuid: created.uuid, deleted_by: cmd.actor.user_id, deleted_at: cmd.now.toISOString() } }];
}

export type InviteCommand = { actor: SignedInFacts; owner: OwnerFacts; email: string; role: SpaceRole; member_id: string; now: Date };

/** An invitation holds INVITED_<role> until accepted; inviting someone already there changes their role. */
export function decideInvite(state: SpaceState, cmd: InviteCommand): (SpaceMemberInvited | SpaceMemberRoleChanged)[] {
  const { created, level } = visible(state, cmd.actor, cmd.owner);
  mustAdmin(level);
  const email = cmd.email.trim().toLowerCase();
  if (email === cmd.owner.email) throw spaceErrors.alreadyOwner();
  const at = cmd.now.toISOString();
  const existing = Object.values(state.members).find((m) => m.email === email);
  if (existing) {
    const next = isInvited(existing.level) ? invitedLevel(cmd.role) : roleLevel(cmd.role);
    if (next === existing.level) return [];
    return [
      {
        type: 'SpaceMemberRoleChanged',
        data: { uuid: created.uuid, member_id: existing.member_id, level: next, changed_by: cmd.actor.user_id, changed_at: at },
      },
    ];
  }
  if (state.members[cmd.member_id]) throw spaceErrors.memberExists();
  return [
    {
      type: 'SpaceMemberInvited',
      data: { uuid: created.uuid, member_id: cmd.member_id, email, level: invitedLevel(cmd.role), invited_by: cmd.actor.user_id, invited_at: at },
    },
  ];
}

/** The invited person (by email) takes the role they were invited to; twice changes nothing. */
export function decideAccept(state: SpaceState, cmd: { actor: SignedInFacts; owner: OwnerFacts; now: Date }): SpaceInviteAccepted[] {
  // Said for any Space, so it tells nothing of this one.
  if (!cmd.actor.email) throw spaceErrors.emailNotVerified();
  visible(state, cmd.actor, cmd.owner);
  const member = memberFor(state, cmd.actor);
  if (!member) throw spaceErrors.noInvitation();
  if (!isInvited(member.level)) return [];
  return [
    {
      type: 'SpaceInviteAccepted',
      data: {
        uuid: state.created!.uuid,
        member_id: member.member_id,
        user_id: cmd.actor.user_id,
        level: (member.level - 10) as AccessLevel,
        accepted_at: cmd.now.toISOString(),
      },
    },
  ];
}

function memberOf(state: SpaceState, memberId: string) {
  if (memberId === state.created!.uuid) throw spaceErrors.ownerStays();
  const m = state.members[memberId];
  if (!m) throw spaceErrors.memberNotFound();
  return m;
}

export function decideRoleChange(
  state: SpaceState,
  cmd: { actor: SignedInFacts; owner: OwnerFacts; member_id: string; role: SpaceRole; now: Date },
): SpaceMemberRoleChanged[] {
  const { level } = visible(state, cmd.actor, cmd.owner);
  mustAdmin(level);
  const m = memberOf(state, cmd.member_id);
  const next = isInvited(m.level) ? invitedLevel(cmd.role) : roleLevel(cmd.role);
  if (next === m.level) return [];
  return [
    {
      type: 'SpaceMemberRoleChanged',
      data: { uuid: state.created!.uuid, member_id: m.member_id, level: next, changed_by: cmd.actor.user_id, changed_at: cmd.now.toISOString() },
    },
  ];
}

/** The owner or an admin removes anyone but the owner; a member may leave (or decline). */
export function decideRemoveMember(state: SpaceState, cmd: { actor: SignedInFacts; owner: OwnerFacts; member_id: string; now: Date }): SpaceMemberRemoved[] {
  const { level } = visible(state, cmd.actor, cmd.owner);
  const m = memberOf(state, cmd.member_id);
  if (memberFor(state, cmd.actor)?.member_id !== m.member_id) mustAdmin(level);
  return [
    {
      type: 'SpaceMemberRemoved',
      data: { uuid: state.created!.uuid, member_id: m.member_id, removed_by: cmd.actor.user_id, removed_at: cmd.now.toISOString() },
    },
  ];
}

/** Whether the actor may add a link here; checked before the page is fetched. */
export function checkCanAddLink(state: SpaceState, cmd: { actor: SignedInFacts; owner: OwnerFacts; link: string }): 'new' | 'present' {
  const { level } = visible(state, cmd.actor, cmd.owner);
  mustWrite(level);
  if (state.links.includes(cmd.link)) return 'present';
  if (state.links.length >= SPACE_LIMITS.links) throw spaceErrors.tooManyLinks(SPACE_LIMITS.links);
  return 'new';
}

export function decideAddLink(
  state: SpaceState,
  cmd: { actor: SignedInFacts; owner: OwnerFacts; link: string; title: string; text: string; text_truncated?: boolean; now: Date },
): SpaceLinkAdded[] {
  if (checkCanAddLink(state, cmd) === 'present') return [];
  return [
    {
      type: 'SpaceLinkAdded',
      data: {
        uuid: state.created!.uuid,
        link: cmd.link,
        title: cmd.title,
        text: cmd.text,
        ...(cmd.text_truncated ? { text_truncated: true as const } : {}),
        added_by: cmd.actor.user_id,
        added_at: cmd.now.toISOString(),
      },
    },
  ];
}

export function decideRemoveLink(state: SpaceState, cmd: { actor: SignedInFacts; owner: OwnerFacts; link: string; now: Date }): SpaceLinkRemoved[] {
  const { level } = visible(state, cmd.actor, cmd.owner);
  mustWrite(level);
  if (!state.links.includes(cmd.link)) return [];
  return [{ type: 'SpaceLinkRemoved', data: { uuid: state.created!.uuid, link: cmd.link, removed_by: cmd.actor.user_id, removed_at: cmd.now.toISOString() } }];
}
