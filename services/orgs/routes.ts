// The organisation area over HTTP (/rest/organizations/...): thin handlers that pass the request's
// actor to the use cases (member-use-cases.ts) and answer with what they return.
import type { DomainRoutes } from '../http/handler.js';
import type { OrgsContext } from './context.js';
import type { UserAccess } from './events.js';
import type { InsightRange } from './insights.js';
import {
  acceptInvitation,
  changeMemberRole,
  changeOrgDetails,
  changeOrgPermissions,
  changeOrgUserAccess,
  createOrganization,
  insightsOf,
  invitationOf,
  inviteMember,
  leaveOrganization,
  orgDetails,
  orgMembers,
  orgPermissions,
  orgUserAccess,
  removeMember,
  resendInvitation,
  revokeInvitation,
} from './member-use-cases.js';

export const orgRoutes = {
  async createOrganization({ actor, body }, ctx) {
    return { status: 201, body: await createOrganization(ctx, actor, body) };
  },
  async getOrganization({ actor, path }, ctx) {
    return { status: 200, body: await orgDetails(ctx, actor, path.org_uuid) };
  },
  async updateOrganization({ actor, body, path }, ctx) {
    return { status: 200, body: await changeOrgDetails(ctx, actor, path.org_uuid, body) };
  },
  async listOrgMembers({ actor, path }, ctx) {
    return { status: 200, body: await orgMembers(ctx, actor, path.org_uuid) };
  },
  async inviteOrgMember({ actor, body, path }, ctx) {
    return { status: 201, body: await inviteMember(ctx, actor, path.org_uuid, body) };
  },
  async resendOrgInvitation({ actor, path }, ctx) {
    return { status: 200, body: await resendInvitation(ctx, actor, path.org_uuid, path.invitation_id) };
  },
  async revokeOrgInvitation({ actor, path }, ctx) {
    return { status: 200, body: await revokeInvitation(ctx, actor, path.org_uuid, path.invitation_id) };
  },
  async getOrgInvitation({ actor, path }, ctx) {
    return { status: 200, body: await invitationOf(ctx, actor, path.org_uuid, path.invitation_id) };
  },
  async acceptOrgInvitation({ actor, path }, ctx) {
    return { status: 200, body: await acceptInvitation(ctx, actor, path.org_uuid, path.invitation_id) };
  },
  async changeOrgMemberRole({ actor, body, path }, ctx) {
    return { status: 200, body: await changeMemberRole(ctx, actor, path.org_uuid, path.member_id, body.role) };
  },
  async removeOrgMember({ actor, path }, ctx) {
    return { status: 200, body: await removeMember(ctx, actor, path.org_uuid, path.member_id) };
  },
  async leaveOrganization({ actor, path }, ctx) {
    await leaveOrganization(ctx, actor, path.org_uuid);
    return { status: 204 };
  },
  async getOrgPermissions({ actor, path }, ctx) {
    return { status: 200, body: await orgPermissions(ctx, actor, path.org_uuid) };
  },
  async updateOrgPermissions({ actor, body, path }, ctx) {
    return { status: 200, body: await changeOrgPermissions(ctx, actor, path.org_uuid, body) };
  },
  async getOrgUserAccess({ actor, path }, ctx) {
    return { status: 200, body: await orgUserAccess(ctx, actor, path.org_uuid) };
  },
  async updateOrgUserAccess({ actor, body, path }, ctx) {
    return { status: 200, body: await changeOrgUserAccess(ctx, actor, path.org_uuid, { roles: body.roles, people: body.people } as UserAccess) };
  },
  async getOrgInsights({ actor, path, query }, ctx) {
    return { status: 200, body: await insightsOf(ctx, actor, path.org_uuid, Number(query.days ?? 30) as InsightRange) };
  },
} satisfies DomainRoutes<OrgsContext>;
