// The organisation area over HTTP (/rest/organizations/...): thin handlers that find the actor,
// run the rules of decide.ts through decideOrg, and answer with the read model as it now is.
import { randomUUID } from 'node:crypto';
import type { DomainRoutes } from '../http/handler.js';
import type { Actor as RequestActor } from '../shared/actor.js';
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
import type { Access, OrgInvitationResent, OrgMemberInvited, OrgPermissions, OrgRole, OrgState, UserAccess } from './events.js';
import { invitationMail } from './invite-mail.js';
import { findOrg, listInvitations, listMembers, membershipRow } from './queries.js';
import { decideOrg, orgState } from './use-cases.js';
import { orgSlug } from './slug.js';
import { type InsightRange, orgInsights } from './insights.js';

/** The signed-in person as the rules see them: the address binds invitations only once verified. */
export async function orgActor(actor: RequestActor): Promise<OrgActor & { name: string; account_email: string }> {
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
async function asMember(ctx: OrgsContext, orgUuid: string, actor: OrgActor) {
  let org = await findOrg(ctx.db, orgUuid);
  if (!org) {
    membershipOf(await orgState(ctx.store, orgUuid), actor);
    org = await findOrg(ctx.db, orgUuid);
  }
  const me = org && (await membershipRow(ctx.db, orgUuid, actor.user_id));
  if (!org || !me) throw orgErrors.notFound();
  return { org, me: { member_id: me.member_id, role: me.role as OrgRole } };
}

const permissionsOf = (org: NonNullable<Awaited<ReturnType<typeof findOrg>>>): OrgPermissions => ({
  pdf_downloads_restricted: org.pdf_downloads_restricted,
  public_sharing_allowed: org.public_sharing_allowed,
  space_creation: org.space_creation as OrgPermissions['space_creation'],
});

/** User access in one order of keys (jsonb keeps its own), the order the spec lists them in. */
function userAccessView(ua: UserAccess): UserAccess {
  const keys = ['web_search', 'connectors', 'file_uploads', 'file_downloads', 'models'] as const;
  const ordered = <T extends Partial<Access>>(a: T) => Object.fromEntries(keys.filter((k) => a[k] !== undefined).map((k) => [k, a[k]])) as T;
  return {
    roles: { owner: ordered(ua.roles.owner), admin: ordered(ua.roles.admin), member: ordered(ua.roles.member) },
    people: Object.fromEntries(Object.entries(ua.people).map(([id, a]) => [id, ordered(a)])),
  };
}

async function detailsView(ctx: OrgsContext, orgUuid: string, actor: OrgActor) {
  const { org, me } = await asMember(ctx, orgUuid, actor);
  return {
    uuid: org.uuid,
    name: org.name,
    slug: org.slug,
    logo_url: org.logo_url,
    email_domains: org.email_domains,
    default_thread_access: org.default_thread_access as 'owner-only',
    my_role: me.role,
  };
}

async function memberList(ctx: OrgsContext, orgUuid: string, actor: OrgActor) {
  const { me } = await asMember(ctx, orgUuid, actor);
  const manager = me.role === 'owner' || me.role === 'admin';
  const [members, invitations] = await Promise.all([listMembers(ctx.db, orgUuid), manager ? listInvitations(ctx.db, orgUuid) : []]);
  const iso = (d: Date | string) => new Date(d).toISOString();
  return {
    my_role: me.role,
    members: members.map((m) => ({
      member_id: m.member_id,
      user_id: m.user_id,
      email: m.email,
      name: m.name ?? null,
      role: m.role as 'member',
      joined_at: iso(m.joined_at),
    })),
    invitations: invitations.map((i) => ({
      invitation_id: i.invitation_id,
      email: i.email,
      role: i.role as 'member',
      invited_at: iso(i.invited_at),
      last_sent_at: iso(i.last_sent_at),
      expires_at: iso(i.expires_at),
    })),
  };
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

export const orgRoutes = {
  async createOrganization({ actor: requestActor, body }, ctx) {
    const actor = await orgActor(requestActor);
    const slug = body.slug ?? orgSlug(body.name);
    if (await slugTaken(ctx.db, slug)) throw orgErrors.slugTaken();
    const orgUuid = randomUUID();
    try {
      await decideOrg(ctx.store, orgUuid, (state) =>
        decideCreate(state, { org_uuid: orgUuid, name: body.name, slug, actor, member_id: randomUUID(), now: ctx.now() }),
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
    return { status: 201, body: { uuid: org.uuid, name: org.name, slug: org.slug } };
  },

  async getOrganization({ actor, path }, ctx) {
    return { status: 200, body: await detailsView(ctx, path.org_uuid, await orgActor(actor)) };
  },

  async updateOrganization({ actor: requestActor, body, path }, ctx) {
    const actor = await orgActor(requestActor);
    await decideOrg(ctx.store, path.org_uuid, (state) => decideDetails(state, { actor, changes: body, now: ctx.now() }));
    return { status: 200, body: await detailsView(ctx, path.org_uuid, actor) };
  },

  async listOrgMembers({ actor, path }, ctx) {
    return { status: 200, body: await memberList(ctx, path.org_uuid, await orgActor(actor)) };
  },

  async inviteOrgMember({ actor: requestActor, body, path }, ctx) {
    const actor = await orgActor(requestActor);
    const inviteeOrg = await orgOfEmail(ctx.db, body.email.trim().toLowerCase());
    const [event] = (await decideOrg(ctx.store, path.org_uuid, (state) =>
      decideInvite(state, { actor, email: body.email, role: body.role, invitation_id: randomUUID(), inviteeOrg, now: ctx.now() }),
    )) as OrgMemberInvited[];
    await mailInvitation(ctx, await orgState(ctx.store, path.org_uuid), event, actor.name);
    return { status: 201, body: await memberList(ctx, path.org_uuid, actor) };
  },

  async resendOrgInvitation({ actor: requestActor, path }, ctx) {
    const actor = await orgActor(requestActor);
    const [event] = (await decideOrg(ctx.store, path.org_uuid, (state) =>
      decideResend(state, { actor, invitation_id: path.invitation_id, now: ctx.now() }),
    )) as OrgInvitationResent[];
    await mailInvitation(ctx, await orgState(ctx.store, path.org_uuid), event, actor.name);
    return { status: 200, body: await memberList(ctx, path.org_uuid, actor) };
  },

  async revokeOrgInvitation({ actor: requestActor, path }, ctx) {
    const actor = await orgActor(requestActor);
    await decideOrg(ctx.store, path.org_uuid, (state) => decideRevoke(state, { actor, invitation_id: path.invitation_id, now: ctx.now() }));
    return { status: 200, body: await memberList(ctx, path.org_uuid, actor) };
  },

  async getOrgInvitation({ actor: requestActor, path }, ctx) {
    const actor = await orgActor(requestActor);
    const state = await orgState(ctx.store, path.org_uuid);
    const me = Object.values(state.members).find((m) => m.user_id === actor.user_id);
    const isManager = me?.role === 'owner' || me?.role === 'admin';
    if (!isManager && !actor.email) throw orgErrors.emailNotVerified();
    const i = state.invitations[path.invitation_id];
    if (!i || (!isManager && i.email !== actor.email)) throw orgErrors.invitationNotFound();
    return {
      status: 200,
      body: { invitation_id: i.invitation_id, org_uuid: path.org_uuid, org_name: state.details!.name, email: i.email, role: i.role, expires_at: i.expires_at },
    };
  },

  async acceptOrgInvitation({ actor: requestActor, path }, ctx) {
    const actor = await orgActor(requestActor);
    // Before anything is looked up: the same answer for every invitation, so it tells nothing.
    if (!actor.email) throw orgErrors.emailNotVerified();
    const actorOrg = await requestActor.org();
    await decideOrg(ctx.store, path.org_uuid, (state) =>
      decideAccept(state, { actor, invitation_id: path.invitation_id, member_id: randomUUID(), actorOrg, now: ctx.now() }),
    );
    ctx.forgetSessions();
    return { status: 200, body: await detailsView(ctx, path.org_uuid, actor) };
  },

  async changeOrgMemberRole({ actor: requestActor, body, path }, ctx) {
    const actor = await orgActor(requestActor);
    await decideOrg(ctx.store, path.org_uuid, (state) => decideRoleChange(state, { actor, member_id: path.member_id, role: body.role, now: ctx.now() }));
    return { status: 200, body: await memberList(ctx, path.org_uuid, actor) };
  },

  async removeOrgMember({ actor: requestActor, path }, ctx) {
    const actor = await orgActor(requestActor);
    const events = await decideOrg(ctx.store, path.org_uuid, (state) => decideRemove(state, { actor, member_id: path.member_id, now: ctx.now() }));
    // The removed member's session loses the organisation at once.
    ctx.forgetSessions();
    // Removing oneself is leaving: there is no list left to show.
    if (events.some((e) => e.type === 'OrgMemberLeft')) return { status: 200, body: { members: [], invitations: [], my_role: 'member' as const } };
    return { status: 200, body: await memberList(ctx, path.org_uuid, actor) };
  },

  async leaveOrganization({ actor: requestActor, path }, ctx) {
    const actor = await orgActor(requestActor);
    await decideOrg(ctx.store, path.org_uuid, (state) => decideLeave(state, { actor, now: ctx.now() }));
    ctx.forgetSessions();
    return { status: 204 };
  },

  async getOrgPermissions({ actor: requestActor, path }, ctx) {
    const actor = await orgActor(requestActor);
    const { org } = await asMember(ctx, path.org_uuid, actor);
    return { status: 200, body: { ...permissionsOf(org), downloads_disabled: await ctx.orgFileSettings.downloadsDisabled(path.org_uuid) } };
  },

  async updateOrgPermissions({ actor: requestActor, body, path }, ctx) {
    const actor = await orgActor(requestActor);
    const { downloads_disabled, ...changes } = body;
    await decideOrg(ctx.store, path.org_uuid, (state) => decidePermissions(state, { actor, changes, now: ctx.now() }));
    // The downloads switch is the files domain's setting; the rule above has checked the actor may change it.
    if (downloads_disabled !== undefined)
      await ctx.orgFileSettings.setDownloadsDisabled({ org_uuid: path.org_uuid, downloads_disabled, changed_by: actor.user_id, now: ctx.now() });
    const { org } = await asMember(ctx, path.org_uuid, actor);
    return { status: 200, body: { ...permissionsOf(org), downloads_disabled: await ctx.orgFileSettings.downloadsDisabled(path.org_uuid) } };
  },

  async getOrgUserAccess({ actor: requestActor, path }, ctx) {
    const actor = await orgActor(requestActor);
    const { org } = await asMember(ctx, path.org_uuid, actor);
    return { status: 200, body: { ...userAccessView(org.user_access as UserAccess), models: ctx.answerModels() } };
  },

  async updateOrgUserAccess({ actor: requestActor, body, path }, ctx) {
    const actor = await orgActor(requestActor);
    const user_access = { roles: body.roles, people: body.people } as UserAccess;
    await decideOrg(ctx.store, path.org_uuid, (state) => decideUserAccess(state, { actor, user_access, models: ctx.answerModels(), now: ctx.now() }));
    const { org } = await asMember(ctx, path.org_uuid, actor);
    return { status: 200, body: { ...userAccessView(org.user_access as UserAccess), models: ctx.answerModels() } };
  },
  async getOrgInsights({ actor: requestActor, path, query }, ctx) {
    const actor = await orgActor(requestActor);
    const { me } = await asMember(ctx, path.org_uuid, actor);
    if (me.role === 'member') throw orgErrors.notAdmin();
    return { status: 200, body: await orgInsights(ctx, path.org_uuid, Number(query.days ?? 30) as InsightRange, ctx.now()) };
  },
} satisfies DomainRoutes<OrgsContext>;
