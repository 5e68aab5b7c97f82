// Spaces over HTTP (seed 000 §7 "The calls it makes"): thin handlers that hand the request's
// actor to a use case (a change runs a rule of decide.ts) and answer with the Space as it is.
import { randomUUID } from 'node:crypto';
import type { DomainRoutes } from '../http/handler.js';
import { decideAccept, decideAccess, decideEdit, decideInvite, decideRemoveMember, decideRoleChange } from './decide.js';
import { addLink, removeLink } from './links-use-case.js';
import { memberList } from './member-list.js';
import { membersOfSpace, spacesOf } from './list-use-cases.js';
import { SPACE_TEMPLATES } from './templates.js';
import { fieldsOf, respondWithSpace } from './space-view.js';
import { acceptInvite, changeSpace } from './change-use-case.js';

export const spaceRoutes = {
  async editCollection({ actor, body, path }, ctx) {
    const space = await changeSpace(ctx, actor, path.collection_uuid, (state, cmd) =>
      decideEdit(state, { ...cmd, changes: fieldsOf(body), access: body.access }),
    );
    return { status: 200, body: await respondWithSpace(ctx, space.uuid, actor) };
  },

  async listSpaceTemplates() {
    return { status: 200, body: { templates: [...SPACE_TEMPLATES] } };
  },

  async listUserCollections({ actor, query }, ctx) {
    return { status: 200, body: await spacesOf(ctx.db, actor, { limit: Number(query.limit ?? 50), offset: Number(query.offset ?? 0) }) };
  },

  async getCollection({ actor, query }, ctx) {
    return { status: 200, body: await respondWithSpace(ctx, String(query.collection_slug), actor) };
  },

  async updateCollectionAccess({ actor, body, path }, ctx) {
    const access = body.updated_access;
    const space = await changeSpace(ctx, actor, path.collection_uuid, (state, cmd) => decideAccess(state, { ...cmd, access }));
    return { status: 200, body: await respondWithSpace(ctx, space.uuid, actor) };
  },

  async addCollectionLink({ actor, body }, ctx) {
    const uuid = await addLink(ctx, actor, body.collection_uuid, body.link);
    return { status: 200, body: await respondWithSpace(ctx, uuid, actor) };
  },

  async removeCollectionLink({ actor, body }, ctx) {
    const uuid = await removeLink(ctx, actor, body.collection_uuid, body.link);
    return { status: 200, body: await respondWithSpace(ctx, uuid, actor) };
  },

  async listCollectionMembers({ actor, path }, ctx) {
    return { status: 200, body: await membersOfSpace(ctx.db, actor, path.collection_uuid) };
  },

  async inviteCollectionMember({ actor, body, path }, ctx) {
    const { email, role } = body;
    const space = await changeSpace(ctx, actor, path.collection_uuid, (state, cmd) => decideInvite(state, { ...cmd, email, role, member_id: randomUUID() }));
    return { status: 200, body: { members: await memberList(ctx.db, space) } };
  },

  async acceptCollectionInvite({ actor, path }, ctx) {
    const space = await acceptInvite(ctx, actor, path.collection_uuid, decideAccept);
    return { status: 200, body: await respondWithSpace(ctx, space.uuid, actor) };
  },

  async changeCollectionMemberRole({ actor, body, path }, ctx) {
    const role = body.role;
    const space = await changeSpace(ctx, actor, path.collection_uuid, (state, cmd) => decideRoleChange(state, { ...cmd, member_id: path.member_id, role }));
    return { status: 200, body: { members: await memberList(ctx.db, space) } };
  },

  async removeCollectionMember({ actor, path }, ctx) {
    const space = await changeSpace(ctx, actor, path.collection_uuid, (state, cmd) => decideRemoveMember(state, { ...cmd, member_id: path.member_id }));
    return { status: 200, body: { members: await memberList(ctx.db, space) } };
  },
} satisfies DomainRoutes;
