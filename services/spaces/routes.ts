// Spaces over HTTP (seed 000 §7 "The calls it makes"): thin handlers that find the actor and the
// Space, call the rules in decide.ts through the use cases, and answer with the Space as it is.
import { randomUUID } from 'node:crypto';
import type { AppContext } from '../app/context.js';
import type { Routes } from '../app/handler.js';
import { HttpProblem } from '../app/problem.js';
import { summaryView } from '../threads/views.js';
import type { SpaceAccess, SpaceRole } from './access-levels.js';
import { actorOf, ownerFacts, requireActor, visibleSpace } from './access.js';
import { decideAccept, decideAccess, decideCreate, decideEdit, decideInvite, decideRemoveMember, decideRoleChange, type Actor } from './decide.js';
import type { SpaceFields } from './events.js';
import { addLink, removeLink } from './links-use-case.js';
import { collectionView, listMembers, listUserSpaces } from './queries.js';
import { deleteSpace } from './delete-use-case.js';
import { findTemplate, SPACE_TEMPLATES } from './templates.js';
import { spaceThreads } from './thread-queries.js';
import { decideSpace } from './use-cases.js';
import { assertMovableThread, moveThreadIntoSpace } from './thread-moves.js';

type FieldsBody = Partial<SpaceFields> & { access?: SpaceAccess };
type CreateBody = FieldsBody & { template_id?: string; entry_uuid?: string };

const fieldsOf = (b: FieldsBody): Partial<SpaceFields> => {
  const { title, description, instructions, emoji, enable_web_by_default } = b;
  return Object.fromEntries(Object.entries({ title, description, instructions, emoji, enable_web_by_default }).filter(([, v]) => v !== undefined));
};

/** The Space as the actor sees it now (read models are written with the append). */
async function respondWithSpace(ctx: AppContext, key: string, actor: Actor | null) {
  const { space, level } = await visibleSpace(ctx.db, key, actor);
  return collectionView(space, level);
}

async function spaceFor(ctx: AppContext, uuid: string, actor: Actor) {
  const view = await visibleSpace(ctx.db, uuid, actor);
  return { ...view, owner: await ownerFacts(ctx.db, view.space.owner_user_id) };
}

export const spaceRoutes: Routes = {
  async createCollection(req, res, ctx) {
    const body = req.body as CreateBody;
    const actor = await requireActor(req, ctx);
    const template = body.template_id ? findTemplate(body.template_id) : null;
    if (body.template_id && !template) throw new HttpProblem(400, 'unknown_template', `There is no template "${body.template_id}".`);
    // Thread-linked creation: a thread that cannot move in stops the creation before it starts.
    if (body.entry_uuid) await assertMovableThread(ctx, req, res, body.entry_uuid);
    const uuid = randomUUID();
    await decideSpace(ctx.store, uuid, (state) => decideCreate(state, { uuid, actor, fields: fieldsOf(body), access: body.access, template, now: ctx.now() }));
    if (body.entry_uuid) await moveThreadIntoSpace(ctx, req, res, { entryUuid: body.entry_uuid, collectionUuid: uuid, actor, articleMode: false });
    res.status(201).json(await respondWithSpace(ctx, uuid, actor));
  },

  async editCollection(req, res, ctx) {
    const body = req.body as FieldsBody;
    const actor = await requireActor(req, ctx);
    const { space, owner } = await spaceFor(ctx, req.params.collection_uuid as string, actor);
    await decideSpace(ctx.store, space.uuid, (state) => decideEdit(state, { actor, owner, changes: fieldsOf(body), access: body.access, now: ctx.now() }));
    res.json(await respondWithSpace(ctx, space.uuid, actor));
  },

  async deleteCollection(req, res, ctx) {
    const actor = await requireActor(req, ctx);
    const { space, owner } = await spaceFor(ctx, req.params.collection_uuid as string, actor);
    await deleteSpace(ctx, space.uuid, actor, owner);
    res.status(204).end();
  },

  async listSpaceTemplates(_req, res) {
    res.json({ templates: SPACE_TEMPLATES });
  },

  async listUserCollections(req, res, ctx) {
    const actor = await actorOf(req, ctx);
    if (!actor) return void res.json({ collections: [], total: 0 });
    const limit = Number(req.query.limit ?? 50);
    const offset = Number(req.query.offset ?? 0);
    const { rows, total } = await listUserSpaces(ctx.db, { id: actor.user_id, email: actor.email }, limit, offset);
    res.json({ collections: rows.map((r) => collectionView(r, r.level as never)), total });
  },

  async getCollection(req, res, ctx) {
    res.json(await respondWithSpace(ctx, String(req.query.collection_slug), await actorOf(req, ctx)));
  },

  async updateCollectionAccess(req, res, ctx) {
    const actor = await requireActor(req, ctx);
    const { space, owner } = await spaceFor(ctx, req.params.collection_uuid as string, actor);
    const access = (req.body as { updated_access: SpaceAccess }).updated_access;
    await decideSpace(ctx.store, space.uuid, (state) => decideAccess(state, { actor, owner, access, now: ctx.now() }));
    res.json(await respondWithSpace(ctx, space.uuid, actor));
  },

  async addCollectionLink(req, res, ctx) {
    const { collection_uuid, link } = req.body as { collection_uuid: string; link: string };
    const actor = await requireActor(req, ctx);
    const { space, owner } = await spaceFor(ctx, collection_uuid, actor);
    await addLink(ctx, { uuid: space.uuid, actor, owner, link });
    res.json(await respondWithSpace(ctx, space.uuid, actor));
  },

  async removeCollectionLink(req, res, ctx) {
    const { collection_uuid, link } = req.body as { collection_uuid: string; link: string };
    const actor = await requireActor(req, ctx);
    const { space, owner } = await spaceFor(ctx, collection_uuid, actor);
    await removeLink(ctx, { uuid: space.uuid, actor, owner, link });
    res.json(await respondWithSpace(ctx, space.uuid, actor));
  },

  async listCollectionThreads(req, res, ctx) {
    const limit = Number(req.query.limit ?? 20);
    const offset = Number(req.query.offset ?? 0);
    const collectionUuid = req.query.collection_uuid as string | undefined;
    const actor = await actorOf(req, ctx);
    if (!collectionUuid && !actor) throw new HttpProblem(401, 'login_required', 'Sign in to see your bookmarks.');
    const page = await spaceThreads(ctx, { collectionUuid, actor, limit, offset });
    res.json({ items: page.rows.map(summaryView), total: page.total });
  },

  async listCollectionMembers(req, res, ctx) {
    const actor = await requireActor(req, ctx);
    const { space } = await visibleSpace(ctx.db, req.params.collection_uuid as string, actor);
    res.json({ members: await memberList(ctx, space.uuid) });
  },

  async inviteCollectionMember(req, res, ctx) {
    const { email, role } = req.body as { email: string; role: SpaceRole };
    const actor = await requireActor(req, ctx);
    const { space, owner } = await spaceFor(ctx, req.params.collection_uuid as string, actor);
    await decideSpace(ctx.store, space.uuid, (state) => decideInvite(state, { actor, owner, email, role, member_id: randomUUID(), now: ctx.now() }));
    res.json({ members: await memberList(ctx, space.uuid) });
  },

  async acceptCollectionInvite(req, res, ctx) {
    const actor = await requireActor(req, ctx);
    const { space, owner } = await spaceFor(ctx, req.params.collection_uuid as string, actor);
    await decideSpace(ctx.store, space.uuid, (state) => decideAccept(state, { actor, owner, now: ctx.now() }));
    res.json(await respondWithSpace(ctx, space.uuid, actor));
  },

  async changeCollectionMemberRole(req, res, ctx) {
    const actor = await requireActor(req, ctx);
    const { space, owner } = await spaceFor(ctx, req.params.collection_uuid as string, actor);
    const role = (req.body as { role: SpaceRole }).role;
    await decideSpace(ctx.store, space.uuid, (state) =>
      decideRoleChange(state, { actor, owner, member_id: req.params.member_id as string, role, now: ctx.now() }),
    );
    res.json({ members: await memberList(ctx, space.uuid) });
  },

  async removeCollectionMember(req, res, ctx) {
    const actor = await requireActor(req, ctx);
    const { space, owner } = await spaceFor(ctx, req.params.collection_uuid as string, actor);
    await decideSpace(ctx.store, space.uuid, (state) => decideRemoveMember(state, { actor, owner, member_id: req.params.member_id as string, now: ctx.now() }));
    res.json({ members: await memberList(ctx, space.uuid) });
  },
};

/** The owner first (member_id: the Space's uuid), then members and invitations as made. */
async function memberList(ctx: AppContext, spaceUuid: string) {
  const row = await ctx.db
    .selectFrom('spaces')
    .innerJoin('user', 'user.id', 'spaces.owner_user_id')
    .select(['spaces.uuid', 'spaces.created_at', 'user.id', 'user.name', 'user.email'])
    .where('spaces.uuid', '=', spaceUuid)
    .executeTakeFirstOrThrow();
  const members = await listMembers(ctx.db, spaceUuid);
  return [
    { member_id: row.uuid, email: row.email, user_id: row.id, name: row.name, access: 4, invited_at: new Date(row.created_at).toISOString() },
    ...members.map((m) => ({
      member_id: m.member_id,
      email: m.email,
      user_id: m.user_id,
      name: m.name,
      access: m.level,
      invited_at: new Date(m.invited_at).toISOString(),
    })),
  ];
}
