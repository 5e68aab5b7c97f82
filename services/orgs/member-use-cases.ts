// The organisation's own calls as use cases: each takes the one Actor, finds the facts its rules
// need (who, and the address only once verified), runs decide.ts through decideOrg, and answers
// with the read model as it now is. Nothing here knows HTTP.
import { randomUUID } from 'node:crypto';
import type { Actor } from '../shared/actor.js';
import { ConcurrencyError } from '../eventstore/types.js';
import { orgOfEmail, personByEmail, requireUser, slugTaken } from '../identity/index.js';
import type { OrgsContext } from './context.js';
import {
  decideAccept,
  decideCreate,
  decideDetails,
  decideInvite,
  decideLeave,
  decidePermissions,
  decideRemove,
  decideResend,
  decideRevoke,
  decideRoleChange,
  decideUserAccess,
  membershipOf,
  type OrgActor,
} from './decide.js';
import { orgErrors } from './errors.js';
import type { OrgDetails, OrgInvitationResent, OrgMemberInvited, OrgPermissions, OrgRole, OrgState, UserAccess } from './events.js';
import { invitationMail } from './invite-mail.js';
import { findOrg, listInvitations, listMembers, membershipRow } from './queries.js';
import { decideOrg, orgState } from './use-cases.js';
import { orgSlug } from './slug.js';
import { type InsightRange, orgInsights } from './insights.js';
import { detailsView, memberListView, permissionsOf, userAccessView } from './views.js';

/** The signed-in person as the rules see them: the address binds invitations only once verified. */
export async function orgFacts(actor: Actor): Promise<OrgActor & { name: string; account_email: string }> {
  const user = await requireUser(actor).catch(() => {
    throw orgErrors.loginRequired();
  });
  return { user_id: user.id, email: user.email_verified ? user.email.toLowerCase() : null, name: user.name, account_email: user.email };
}

/**
 * The actor's membership and the organisation's row, from the read models (a read does not fold
 * the stream), or 404 for anyone outside it. An organisation the read model does not know yet
 * may be one made before organisations were events: folding its stream adopts it.
 */
async function asMember(ctx: OrgsContext, orgUuid: string, facts: OrgActor) {
  let org = await findOrg(ctx.db, orgUuid);
  if (!org) {
    membershipOf(await orgState(ctx.store, orgUuid), facts);
    org = await findOrg(ctx.db, orgUuid);
  }
  const me = org && (await membershipRow(ctx.db, orgUuid, facts.user_id));
  if (!org || !me) throw orgErrors.notFound();
  return { org, me: { member_id: me.member_id, role: me.role as OrgRole } };
}

async function details(ctx: OrgsContext, orgUuid: string, facts: OrgActor) {
  const { org, me } = await asMember(ctx, orgUuid, facts);
  return detailsView(org, me.role);
}

async function members(ctx: OrgsContext, orgUuid: string, facts: OrgActor) {
  const { me } = await asMember(ctx, orgUuid, facts);
  const manager = me.role === 'owner' || me.role === 'admin';
  const [rows, invitations] = await Promise.all([listMembers(ctx.db, orgUuid), manager ? listInvitations(ctx.db, orgUuid) : []]);
  return memberListView(me.role, rows, invitations);
}

/** Mails the invitation just recorded (a new one, or one sent again). */
async function mailInvitation(ctx: OrgsContext, state: OrgState, event: OrgMemberInvited | OrgInvitationResent, inviter: string) {
  const invitation = state.invitations[event.data.invitation_id] ?? null;
  const email = event.type === 'OrgMemberInvited' ? event.data.email : invitation?.email;
  const role = event.type === 'OrgMemberInvited' ? event.data.role : invitation?.role;
  if (!email || !role) return;
  const invitee = await personByEmail(ctx.db, email);
  await ctx.orgMail(
    invitationMail({
      org_uuid: event.data.org_uuid,
      org_name: state.details?.name ?? 'an organisation',
      invitation_id: event.data.invitation_id,
      inviter,
      email,
      role,
      invitee_user_id: invitee?.id ?? null,
      expires_at: event.data.expires_at,
      publicUrl: ctx.config.publicUrl,
    }),
  );
}

export async function createOrganization(ctx: OrgsContext, actor: Actor, input: { name: string; slug?: string }) {
  const facts = await orgFacts(actor);
  const slug = input.slug ?? orgSlug(input.name);
  if (await slugTaken(ctx.db, slug)) throw orgErrors.slugTaken();
  const orgUuid = randomUUID();
  try {
    await decideOrg(ctx.store, orgUuid, (state) =>
      decideCreate(state, { org_uuid: orgUuid, name: input.name, slug, actor: facts, member_id: randomUUID(), now: ctx.now() }),
    );
  } catch (err) {
    // Two creations with one slug at the same time: the later insert fails on the unique slug,
    // and is told the same as if it had come second.
    if (err instanceof ConcurrencyError && (await slugTaken(ctx.db, slug))) throw orgErrors.slugTaken();
    throw err;
  }
  // The creator's session now has an organisation.
  ctx.forgetSessions();
  const org = (await findOrg(ctx.db, orgUuid))!;
  return { uuid: org.uuid, name: org.name, slug: org.slug };
}

export async function orgDetails(ctx: OrgsContext, actor: Actor, orgUuid: string) {
  return details(ctx, orgUuid, await orgFacts(actor));
}

export async function changeOrgDetails(ctx: OrgsContext, actor: Actor, orgUuid: string, changes: Partial<OrgDetails>) {
  const facts = await orgFacts(actor);
  await decideOrg(ctx.store, orgUuid, (state) => decideDetails(state, { actor: facts, changes, now: ctx.now() }));
  return details(ctx, orgUuid, facts);
}

export async function orgMembers(ctx: OrgsContext, actor: Actor, orgUuid: string) {
  return members(ctx, orgUuid, await orgFacts(actor));
}

export async function inviteMember(ctx: OrgsContext, actor: Actor, orgUuid: string, input: { email: string; role: OrgRole }) {
  const facts = await orgFacts(actor);
  const inviteeOrg = await orgOfEmail(ctx.db, input.email.trim().toLowerCase());
  const [event] = (await decideOrg(ctx.store, orgUuid, (state) =>
    decideInvite(state, { actor: facts, email: input.email, role: input.role, invitation_id: randomUUID(), inviteeOrg, now: ctx.now() }),
  )) as OrgMemberInvited[];
  await mailInvitation(ctx, await orgState(ctx.store, orgUuid), event, facts.name);
  return members(ctx, orgUuid, facts);
}

export async function resendInvitation(ctx: OrgsContext, actor: Actor, orgUuid: string, invitationId: string) {
  const facts = await orgFacts(actor);
  const [event] = (await decideOrg(ctx.store, orgUuid, (state) =>
    decideResend(state, { actor: facts, invitation_id: invitationId, now: ctx.now() }),
  )) as OrgInvitationResent[];
  await mailInvitation(ctx, await orgState(ctx.store, orgUuid), event, facts.name);
  return members(ctx, orgUuid, facts);
}

export async function revokeInvitation(ctx: OrgsContext, actor: Actor, orgUuid: string, invitationId: string) {
  const facts = await orgFacts(actor);
  await decideOrg(ctx.store, orgUuid, (state) => decideRevoke(state, { actor: facts, invitation_id: invitationId, now: ctx.now() }));
  return members(ctx, orgUuid, facts);
}

/** An invitation as its invitee (by verified address) or the organisation's managers see it. */
export async function invitationOf(ctx: OrgsContext, actor: Actor, orgUuid: string, invitationId: string) {
  const facts = await orgFacts(actor);
  const state = await orgState(ctx.store, orgUuid);
  const me = Object.values(state.members).find((m) => m.user_id === facts.user_id);
  const isManager = me?.role === 'owner' || me?.role === 'admin';
  if (!isManager && !facts.email) throw orgErrors.emailNotVerified();
  const i = state.invitations[invitationId];
  if (!i || (!isManager && i.email !== facts.email)) throw orgErrors.invitationNotFound();
  return { invitation_id: i.invitation_id, org_uuid: orgUuid, org_name: state.details!.name, email: i.email, role: i.role, expires_at: i.expires_at };
}

export async function acceptInvitation(ctx: OrgsContext, actor: Actor, orgUuid: string, invitationId: string) {
  const facts = await orgFacts(actor);
  // Before anything is looked up: the same answer for every invitation, so it tells nothing.
  if (!facts.email) throw orgErrors.emailNotVerified();
  const actorOrg = await actor.org();
  await decideOrg(ctx.store, orgUuid, (state) =>
    decideAccept(state, { actor: facts, invitation_id: invitationId, member_id: randomUUID(), actorOrg, now: ctx.now() }),
  );
  ctx.forgetSessions();
  return details(ctx, orgUuid, facts);
}

export async function changeMemberRole(ctx: OrgsContext, actor: Actor, orgUuid: string, memberId: string, role: OrgRole) {
  const facts = await orgFacts(actor);
  await decideOrg(ctx.store, orgUuid, (state) => decideRoleChange(state, { actor: facts, member_id: memberId, role, now: ctx.now() }));
  return members(ctx, orgUuid, facts);
}

/** Removing oneself is leaving: there is no list left to show then. */
export async function removeMember(ctx: OrgsContext, actor: Actor, orgUuid: string, memberId: string) {
  const facts = await orgFacts(actor);
  const events = await decideOrg(ctx.store, orgUuid, (state) => decideRemove(state, { actor: facts, member_id: memberId, now: ctx.now() }));
  // The removed member's session loses the organisation at once.
  ctx.forgetSessions();
  if (events.some((e) => e.type === 'OrgMemberLeft')) return { members: [], invitations: [], my_role: 'member' as const };
  return members(ctx, orgUuid, facts);
}

export async function leaveOrganization(ctx: OrgsContext, actor: Actor, orgUuid: string) {
  const facts = await orgFacts(actor);
  await decideOrg(ctx.store, orgUuid, (state) => decideLeave(state, { actor: facts, now: ctx.now() }));
  ctx.forgetSessions();
}

async function permissionsView(ctx: OrgsContext, orgUuid: string, facts: OrgActor) {
  const { org } = await asMember(ctx, orgUuid, facts);
  return { ...permissionsOf(org), downloads_disabled: await ctx.orgFileSettings.downloadsDisabled(orgUuid) };
}

export async function orgPermissions(ctx: OrgsContext, actor: Actor, orgUuid: string) {
  return permissionsView(ctx, orgUuid, await orgFacts(actor));
}

export async function changeOrgPermissions(ctx: OrgsContext, actor: Actor, orgUuid: string, input: Partial<OrgPermissions> & { downloads_disabled?: boolean }) {
  const facts = await orgFacts(actor);
  const { downloads_disabled, ...changes } = input;
  await decideOrg(ctx.store, orgUuid, (state) => decidePermissions(state, { actor: facts, changes, now: ctx.now() }));
  // The downloads switch is the files domain's setting; the rule above has checked the actor may change it.
  if (downloads_disabled !== undefined)
    await ctx.orgFileSettings.setDownloadsDisabled({ org_uuid: orgUuid, downloads_disabled, changed_by: facts.user_id, now: ctx.now() });
  return permissionsView(ctx, orgUuid, facts);
}

async function userAccessOf(ctx: OrgsContext, orgUuid: string, facts: OrgActor) {
  const { org } = await asMember(ctx, orgUuid, facts);
  return { ...userAccessView(org.user_access as UserAccess), models: ctx.answerModels() };
}

export async function orgUserAccess(ctx: OrgsContext, actor: Actor, orgUuid: string) {
  return userAccessOf(ctx, orgUuid, await orgFacts(actor));
}

export async function changeOrgUserAccess(ctx: OrgsContext, actor: Actor, orgUuid: string, user_access: UserAccess) {
  const facts = await orgFacts(actor);
  await decideOrg(ctx.store, orgUuid, (state) => decideUserAccess(state, { actor: facts, user_access, models: ctx.answerModels(), now: ctx.now() }));
  return userAccessOf(ctx, orgUuid, facts);
}

/** The organisation's insights, for its owners and admins only. */
export async function insightsOf(ctx: OrgsContext, actor: Actor, orgUuid: string, days: InsightRange) {
  const { me } = await asMember(ctx, orgUuid, await orgFacts(actor));
  if (me.role === 'member') throw orgErrors.notAdmin();
  return orgInsights(ctx, orgUuid, days, ctx.now());
}
