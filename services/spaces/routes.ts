// Spaces over HTTP (seed 000 §7 "The calls it makes"): thin handlers that find the actor and the
// Space, call the rules in decide.ts through the use cases, and answer with the Space as it is.
import { randomUUID } from 'node:crypto';
import type { DomainRoutes } from '../http/handler.js';
import { actorOf, requireActor, visibleSpace } from './access.js';
import { decideAccept, decideAccess, decideEdit, decideInvite, decideRemoveMember, decideRoleChange } from './decide.js';
import { spaceErrors } from './errors.js';
import { addLink, removeLink } from './links-use-case.js';
import { memberList } from './member-list.js';
import { collectionView, listUserSpaces } from './queries.js';
import { SPACE_TEMPLATES } from './templates.js';
import { fieldsOf, respondWithSpace, spaceFor } from './space-view.js';
import { decideSpace } from './use-cases.js';

export const spaceRoutes = {
  async editCollection({ actor: requestActor, body, path }, ctx) {
    const actor = await requireActor(requestActor);
    const { space, owner } = await spaceFor(ctx, path.collection_uuid, actor);
    await decideSpace(ctx.store, space.uuid, (state) => decideEdit(state, { actor, owner, changes: fieldsOf(body), access: body.access, now: ctx.now() }));
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
    return { status: 200, body: await respondWithSpace(ctx, String(query.collection_slug), await actorOf(actor)) };
  },

  async updateCollectionAccess({ actor: requestActor, body, path }, ctx) {
    const actor = await requireActor(requestActor);
    const { space, owner } = await spaceFor(ctx, path.collection_uuid, actor);
    const access = body.updated_access;
    await decideSpace(ctx.store, space.uuid, (state) => decideAccess(state, { actor, owner, access, now: ctx.now() }));
    return { status: 200, body: await respondWithSpace(ctx, space.uuid, actor) };
  },

  async addCollectionLink({ actor: requestActor, body }, ctx) {
    const { collection_uuid, link } = body;
    const actor = await requireActor(requestActor);
    const { space, owner } = await spaceFor(ctx, collection_uuid, actor);
    await addLink(ctx, { uuid: space.uuid, actor, owner, link });
    return { status: 200, body: await respondWithSpace(ctx, space.uuid, actor) };
  },

  async removeCollectionLink({ actor: requestActor, body }, ctx) {
    const { collection_uuid, link } = body;
    const actor = await requireActor(requestActor);
    const { space, owner } = await spaceFor(ctx, collection_uuid, actor);
    await removeLink(ctx, { uuid: space.uuid, actor, owner, link });
    return { status: 200, body: await respondWithSpace(ctx, space.uuid, actor) };
  },

  async listCollectionMembers({ actor: requestActor, path }, ctx) {
    const actor = await requireActor(requestActor);
    const { space } = await visibleSpace(ctx.db, path.collection_uuid, actor);
    return { status: 200, body: { members: await memberList(ctx.db, space) } };
  },

  async inviteCollectionMember({ actor: requestActor, body, path }, ctx) {
    const { email, role } = body;
    const actor = await requireActor(requestActor);
    const { space, owner } = await spaceFor(ctx, path.collection_uuid, actor);
    await decideSpace(ctx.store, space.uuid, (state) => decideInvite(state, { actor, owner, email, role, member_id: randomUUID(), now: ctx.now() }));
    return { status: 200, body: { members: await memberList(ctx.db, space) } };
  },

  async acceptCollectionInvite({ actor: requestActor, path }, ctx) {
    const actor = await requireActor(requestActor);
    // Before the Space is looked up: the same answer for every Space, so it tells nothing of this one.
    if (!actor.email) throw spaceErrors.emailNotVerified();
    const { space, owner } = await spaceFor(ctx, path.collection_uuid, actor);
    await decideSpace(ctx.store, space.uuid, (state) => decideAccept(state, { actor, owner, now: ctx.now() }));
    return { status: 200, body: await respondWithSpace(ctx, space.uuid, actor) };
  },

  async changeCollectionMemberRole({ actor: requestActor, body, path }, ctx) {
    const actor = await requireActor(requestActor);
    const { space, owner } = await spaceFor(ctx, path.collection_uuid, actor);
    const role = body.role;
    await decideSpace(ctx.store, space.uuid, (state) => decideRoleChange(state, { actor, owner, member_id: path.member_id, role, now: ctx.now() }));
    return { status: 200, body: { members: await memberList(ctx.db, space) } };
  },

  async removeCollectionMember({ actor: requestActor, path }, ctx) {
    const actor = await requireActor(requestActor);
    const { space, owner } = await spaceFor(ctx, path.collection_uuid, actor);
    await decideSpace(ctx.store, space.uuid, (state) => decideRemoveMember(state, { actor, owner, member_id: path.member_id, now: ctx.now() }));
    return { status: 200, body: { members: await memberList(ctx.db, space) } };
  },
} satisfies DomainRoutes;
