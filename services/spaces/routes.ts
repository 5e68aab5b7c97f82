// Spaces over HTTP (seed 000 §7 "The calls it makes"): thin handlers that hand the request's
// actor to a use case (a change runs a rule of decide.ts) and answer with the Space as it is.
import { randomUUID } from 'node:crypto';
import type { DomainRoutes } from '../http/handler.js';
import { actorOf, requireActor, visibleSpace } from './access.js';
import { decideAccept, decideAccess, decideEdit, decideInvite, decideRemoveMember, decideRoleChange } from './decide.js';
import { addLink, removeLink } from './links-use-case.js';
import { memberList } from './member-list.js';
import { collectionView, listUserSpaces } from './queries.js';
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

  async listUserCollections({ actor: requestActor, query }, ctx) {
    const actor = await actorOf(requestActor);
    if (!actor) return { status: 200, body: { collections: [], total: 0 } };
    const limit = Number(query.limit ?? 50);
    const offset = Number(query.offset ?? 0);
    const { rows, total } = await listUserSpaces(ctx.db, { id: actor.user_id, email: actor.email }, limit, offset);
    return { status: 200, body: { collections: rows.map((r) => collectionView(r, r.level as never, r.owner_name)), total } };
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
    const { space } = await visibleSpace(ctx.db, path.collection_uuid, await requireActor(actor));
    return { status: 200, body: { members: await memberList(ctx.db, space) } };
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
