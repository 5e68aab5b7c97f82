// Spaces on the real server: create (defaults, templates), find by slug, key and uuid (also
// after a rename), members and their levels, links fetched and indexed, asking in a Space,
// threads moving in and out with the access rules, deleting, and rebuilding the read models.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { projections } from '../../services/app/projections.js';
import { createDb, createPool, type Db } from '../../services/db/database.js';
import { rebuildProjections } from '../../services/eventstore/rebuild.js';
import { EventStore } from '../../services/eventstore/store.js';
import { ARTICLE_PHRASE, ARTICLE_TITLE, startWebPages } from '../fakes/web-pages.js';
import { createTestDatabase } from '../support/database.js';
import type { Browser } from '../support/http.js';
import { askAndWait, signedUp as signUp, visitor } from '../support/people.js';
import { startServerProcess, type ServerProcess } from '../support/server-process.js';
import { allTables } from '../support/all-tables.js';

let database: { url: string; drop: () => Promise<void> };
let server: ServerProcess;
let pages: Awaited<ReturnType<typeof startWebPages>>;
let db: Db;
beforeAll(async () => {
  pages = await startWebPages();
  database = await createTestDatabase('spaces');
  server = await startServerProcess({ databaseUrl: database.url, env: { SPACE_LINKS_ALLOW_PRIVATE_HOSTS: pages.hostPort } });
  const pool = createPool(database.url, 2);
  pool.on('error', () => {});
  db = createDb(pool);
});
afterAll(async () => {
  await db?.destroy();
  await server?.stop();
  await database?.drop();
  await pages?.close();
});

let n = 0;
const emailOf = (name: string) => `${name.toLowerCase()}.space.${++n}.${Date.now()}@example.com`;
const signedUp = (name: string, email = emailOf(name)) => signUp(server.url, name, email);
const create = (b: Browser, body: Record<string, unknown> = {}) => b.post('/rest/collections/create_collection', body);
const get = (b: Browser, slug: string) => b.get(`/rest/collections/get_collection?collection_slug=${encodeURIComponent(slug)}`);
const edit = (b: Browser, uuid: string, body: Record<string, unknown>) => b.post(`/rest/collections/edit_collection/${uuid}`, body);
const eventsOf = async (uuid: string) =>
  Number((await sql<{ n: string }>`select count(*) as n from events where stream_id = ${`space-${uuid}`}`.execute(db)).rows[0].n);

describe('creating and finding a Space', () => {
  test('defaults: "New Space", web search on, private, the creator owns it', async () => {
    const ada = await signedUp('Ada');
    const res = await create(ada);
    expect(res.status, res.text).toBe(201);
    expect(res.json).toMatchObject({
      title: 'New Space',
      description: '',
      instructions: '',
      emoji: '',
      access: 1,
      enable_web_by_default: true,
      user_permission: 4,
      template_id: null,
      thread_count: 0,
      focused_web_config: { link_configs: [] },
    });
    expect(res.json.slug).toMatch(/^new-space-[A-Za-z0-9_-]{22}$/);
  });

  test('a template fills what is left out; the given fields win', async () => {
    const ada = await signedUp('Ada');
    const templates = await ada.get('/rest/collections/list_space_templates');
    expect(templates.status).toBe(200);
    expect(templates.json.templates.length).toBeGreaterThanOrEqual(4);
    const research = templates.json.templates.find((t: { id: string }) => t.id === 'research');
    const res = await create(ada, { template_id: 'research', title: 'Moths' });
    expect(res.json).toMatchObject({
      title: 'Moths',
      description: research.description,
      instructions: research.instructions,
      emoji: research.emoji,
      template_id: 'research',
    });
    expect((await create(ada, { template_id: 'nope' })).json.code).toBe('unknown_template');
  });

  test('bad input: 400 for a blank or too long title and an unknown access; 401 signed out; nothing written', async () => {
    const ada = await signedUp('Ada');
    const before = Number((await sql<{ n: string }>`select count(*) as n from spaces`.execute(db)).rows[0].n);
    const blank = await create(ada, { title: '   ' });
    expect(blank.status).toBe(400);
    expect(blank.json.code).toBe('title_required');
    expect((await create(ada, { title: 'x'.repeat(101) })).status).toBe(400);
    expect((await create(ada, { description: 'x'.repeat(501) })).status).toBe(400);
    expect((await create(ada, { access: 7 })).status).toBe(400);
    const anonymous = await create(await visitor(server.url), { title: 'Mine' });
    expect(anonymous.status).toBe(401);
    expect(anonymous.json.code).toBe('login_required');
    expect((await create(ada, { access: 3 })).json.code).toBe('enterprise_only');
    expect(Number((await sql<{ n: string }>`select count(*) as n from spaces`.execute(db)).rows[0].n)).toBe(before);
  });

  test('found by slug, key or uuid, also by the old slug after a rename; 404 for strangers', async () => {
    const ada = await signedUp('Ada');
    const space = (await create(ada, { title: 'Lisbon trip' })).json;
    const key = space.slug.slice(-22);
    for (const k of [space.slug, key, space.uuid]) expect((await get(ada, k)).json.uuid).toBe(space.uuid);
    const renamed = await edit(ada, space.uuid, { title: 'Porto trip' });
    expect(renamed.status, renamed.text).toBe(200);
    expect(renamed.json.slug).toBe(`porto-trip-${key}`);
    expect((await get(ada, space.slug)).json.title).toBe('Porto trip');
    const stranger = await signedUp('Eve');
    const hidden = await get(stranger, space.slug);
    expect(hidden.status).toBe(404);
    expect(hidden.json.code).toBe('collection_not_found');
    expect((await get(ada, 'no-such-space-AAAAAAAAAAAAAAAAAAAAAA')).status).toBe(404);
    expect((await edit(stranger, space.uuid, { title: 'Mine now' })).status).toBe(404);
  });

  test("thread-linked creation moves the thread in; someone else's thread stops it before anything is written", async () => {
    const ada = await signedUp('Ada');
    const t = await askAndWait(server.url, ada, 'how do I share a thread?');
    const made = await create(ada, { title: 'From a thread', entry_uuid: t.backend_uuid });
    expect(made.status, made.text).toBe(201);
    expect(made.json.thread_count).toBe(1);
    const eve = await signedUp('Eve');
    const before = Number((await sql<{ n: string }>`select count(*) as n from spaces`.execute(db)).rows[0].n);
    const refused = await create(eve, { title: 'Not mine', entry_uuid: t.backend_uuid });
    expect(refused.status).toBe(403);
    expect(Number((await sql<{ n: string }>`select count(*) as n from spaces`.execute(db)).rows[0].n)).toBe(before);
  });

  test('an edit that changes nothing writes no event', async () => {
    const ada = await signedUp('Ada');
    const space = (await create(ada, { title: 'Same' })).json;
    const before = await eventsOf(space.uuid);
    expect((await edit(ada, space.uuid, { title: 'Same', enable_web_by_default: true })).status).toBe(200);
    expect(await eventsOf(space.uuid)).toBe(before);
  });
});

describe('members', () => {
  test('invited at INVITED_READER until accepted; a reader cannot edit; an admin manages members', async () => {
    const ada = await signedUp('Ada');
    const bobEmail = emailOf('Bob');
    const bob = await signedUp('Bob', bobEmail);
    const space = (await create(ada, { title: 'Team notes', instructions: 'Be brief.' })).json;
    const invited = await ada.post(`/rest/collections/${space.uuid}/members`, { email: bobEmail.toUpperCase(), role: 'READER' });
    expect(invited.status, invited.text).toBe(200);
    expect(invited.json.members.map((m: { access: number }) => m.access)).toEqual([4, 11]);
    expect(invited.json.members[1]).toMatchObject({ email: bobEmail, name: 'Bob' });

    // The invitation arrives by mail (the outbox, without SMTP) with a link to the Space.
    await expect
      .poll(
        async () =>
          (await bob.get('/rest/mail/outbox')).json.items.find((m: { subject: string }) => m.subject === 'Ada invited you to the Space "Team notes"')?.text ??
          '',
        { timeout: 10_000 },
      )
      .toContain(`/spaces/${space.slug}`);

    const bobsList = await bob.get('/rest/collections/list_user_collections?limit=10&offset=0&version=1');
    expect(bobsList.json.collections.map((c: { uuid: string; user_permission: number }) => [c.uuid, c.user_permission])).toEqual([[space.uuid, 11]]);
    expect((await get(bob, space.slug)).json.user_permission).toBe(11);

    const accepted = await bob.post(`/rest/collections/${space.uuid}/members/accept`, {});
    expect(accepted.status, accepted.text).toBe(200);
    expect(accepted.json.user_permission).toBe(1);

    const before = await eventsOf(space.uuid);
    const refused = await edit(bob, space.uuid, { title: 'Bob was here' });
    expect(refused.status).toBe(403);
    expect(refused.json.code).toBe('not_space_writer');
    expect((await bob.post('/rest/collections/focused_web_config/links', { collection_uuid: space.uuid, link: `${pages.url}/article` })).status).toBe(403);
    expect((await bob.post(`/rest/collections/${space.uuid}/members`, { email: 'carol@example.com', role: 'READER' })).json.code).toBe('not_space_admin');
    expect(await eventsOf(space.uuid)).toBe(before);
    expect((await get(ada, space.uuid)).json.title).toBe('Team notes');

    const bobId = invited.json.members[1].member_id;
    const promoted = await ada.send('PUT', `/rest/collections/${space.uuid}/members/${bobId}`, { json: { role: 'ADMIN' } });
    expect(promoted.json.members[1].access).toBe(3);
    expect(
      (await bob.post(`/rest/collections/${space.uuid}/members`, { email: 'carol@example.com', role: 'WRITER' })).json.members.map(
        (m: { access: number }) => m.access,
      ),
    ).toEqual([4, 3, 12]);
    const ownerGone = await bob.send('DELETE', `/rest/collections/${space.uuid}/members/${space.uuid}`);
    expect(ownerGone.json.code).toBe('owner_stays');
    const left = await bob.send('DELETE', `/rest/collections/${space.uuid}/members/${bobId}`);
    expect(left.json.members.map((m: { access: number }) => m.access)).toEqual([4, 12]);
    expect((await get(bob, space.slug)).status).toBe(404);
  });

  test('anyone with the link reads a Space as a READER', async () => {
    const ada = await signedUp('Ada');
    const space = (await create(ada, { title: 'Open notes' })).json;
    const eve = await signedUp('Eve');
    expect((await get(eve, space.slug)).status).toBe(404);
    const opened = await ada.send('PUT', `/rest/collections/${space.uuid}/access`, { json: { updated_access: 2 } });
    expect(opened.json.access).toBe(2);
    expect((await get(eve, space.slug)).json.user_permission).toBe(1);
    expect((await get(await visitor(server.url), space.slug)).json.user_permission).toBe(1);
  });
});

describe('links', () => {
  test('a link is fetched and indexed; twice changes nothing; blocked and malformed links say why', async () => {
    const ada = await signedUp('Ada');
    const space = (await create(ada, { title: 'Moths', enable_web_by_default: false })).json;
    const link = `${pages.url}/article#top`;
    const added = await ada.post('/rest/collections/focused_web_config/links', { collection_uuid: space.uuid, link });
    expect(added.status, added.text).toBe(200);
    expect(added.json.focused_web_config.link_configs).toEqual([{ link: `${pages.url}/article`, title: ARTICLE_TITLE, added_at: expect.any(String) }]);
    const passages = await allTables(db).selectFrom('passages').select(['content']).where('corpus', '=', `space:${space.uuid}`).execute();
    expect(passages.map((p) => p.content).join(' ')).toContain(ARTICLE_PHRASE);

    const before = await eventsOf(space.uuid);
    expect(
      (await ada.post('/rest/collections/focused_web_config/links', { collection_uuid: space.uuid, link })).json.focused_web_config.link_configs,
    ).toHaveLength(1);
    expect(await eventsOf(space.uuid)).toBe(before);

    const blocked = await ada.post('/rest/collections/focused_web_config/links', {
      collection_uuid: space.uuid,
      link: `http://127.0.0.1:${server.url.split(':').at(-1)}/healthz`,
    });
    expect(blocked.status).toBe(422);
    expect(blocked.json.code).toBe('link_blocked');
    const malformed = await ada.post('/rest/collections/focused_web_config/links', { collection_uuid: space.uuid, link: 'ftp://example.com/file' });
    expect(malformed.status).toBe(400);
    expect(malformed.json.code).toBe('invalid_link');
    const missing = await ada.post('/rest/collections/focused_web_config/links', { collection_uuid: space.uuid, link: `${pages.url}/missing` });
    expect(missing.json.code).toBe('link_unreachable');
    expect(await eventsOf(space.uuid)).toBe(before);

    // Asking in the Space finds the page; a follow-up still searches it.
    const asked = await askAndWait(server.url, ada, 'how do lanternmoths navigate?', { collection_uuid: space.uuid });
    const thread = (await ada.get(`/rest/thread/${asked.thread_url_slug}`)).json;
    expect(thread.entries[0].sources.map((s: { url: string }) => s.url)).toContain(`${pages.url}/article`);
    expect(thread.collection_info).toEqual({ uuid: space.uuid, slug: space.slug, title: 'Moths', emoji: '' });
    expect(thread.bookmark_state).toBe('BOOKMARKED');
    expect((await get(ada, space.uuid)).json.thread_count).toBe(1);
    await askAndWait(server.url, ada, 'what glows in quillwort bogs?', { context_uuid: asked.context_uuid });
    const followed = (await ada.get(`/rest/thread/${asked.thread_url_slug}`)).json;
    expect(followed.entries[1].sources.map((s: { url: string }) => s.url)).toContain(`${pages.url}/article`);

    const removed = await ada.send('DELETE', '/rest/collections/focused_web_config/links', { json: { collection_uuid: space.uuid, link } });
    expect(removed.json.focused_web_config.link_configs).toEqual([]);
    expect(await allTables(db).selectFrom('passages').select('id').where('corpus', '=', `space:${space.uuid}`).execute()).toEqual([]);
  });
});

describe('threads in Spaces', () => {
  test('moving in and out; Enterprise threads become collection read and back to private read; members read them', async () => {
    const ada = await signedUp('Ada');
    expect((await ada.post('/rest/organizations', { name: `Acme ${Date.now()}`, slug: `acme-${Date.now()}-${++n}` })).status).toBeLessThan(300);
    const bobEmail = emailOf('Bob');
    const bob = await signedUp('Bob', bobEmail);
    const space = (await create(ada, { title: 'Shared' })).json;
    await ada.post(`/rest/collections/${space.uuid}/members`, { email: bobEmail, role: 'READER' });
    await bob.post(`/rest/collections/${space.uuid}/members/accept`, {});
    const t = await askAndWait(server.url, ada, 'how do I share a thread?');
    expect((await bob.get(`/rest/thread/${t.thread_url_slug}`)).status).toBe(403);

    const moved = await ada.post('/rest/collections/upsert_thread_collection', {
      entry_uuid: t.backend_uuid,
      new_collection_uuid: space.uuid,
      return_collection: true,
      return_thread: true,
    });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.json).toMatchObject({
      bookmark_state: 'BOOKMARKED',
      updated_collection: { uuid: space.uuid, title: 'Shared', slug: space.slug, access: 1, user_permission: 4 },
    });
    expect(moved.json.thread).toMatchObject({ thread_access: 'collection read', collection_info: { uuid: space.uuid } });
    expect((await bob.get(`/rest/thread/${t.thread_url_slug}`)).status).toBe(200);
    const listed = await bob.get(`/rest/collections/list_collection_threads?collection_uuid=${space.uuid}`);
    expect(listed.json.items.map((i: { context_uuid: string }) => i.context_uuid)).toEqual([t.context_uuid]);
    // A reader cannot add their own thread, nor take Ada's out.
    const bobs = await askAndWait(server.url, bob, 'how do keyboard shortcuts work?');
    expect((await bob.post('/rest/collections/upsert_thread_collection', { entry_uuid: bobs.backend_uuid, new_collection_uuid: space.uuid })).json.code).toBe(
      'not_space_writer',
    );
    expect((await bob.send('DELETE', `/rest/collections/remove_collection_thread?entry_uuid=${t.backend_uuid}&collection_uuid=${space.uuid}`)).json.code).toBe(
      'not_thread_owner',
    );

    const out = await ada.send('DELETE', `/rest/collections/remove_collection_thread?entry_uuid=${t.backend_uuid}&collection_uuid=${space.uuid}`);
    expect(out.json).toMatchObject({ bookmark_state: 'NOT_BOOKMARKED', updated_collection: { uuid: space.uuid } });
    const after = (await ada.get(`/rest/thread/${t.thread_url_slug}`)).json;
    expect(after).toMatchObject({ thread_access: 'private read', collection_info: null });
    expect((await get(ada, space.uuid)).json.thread_count).toBe(0);
    expect((await bob.get(`/rest/thread/${t.thread_url_slug}`)).status).toBe(403);
  });

  test('deleting a Space: owner only; its threads leave it; then it is gone', async () => {
    const ada = await signedUp('Ada');
    const space = (await create(ada, { title: 'Short-lived' })).json;
    const t = await askAndWait(server.url, ada, 'how do I share a thread?', { collection_uuid: space.uuid });
    const bob = await signedUp('Bob');
    expect((await bob.send('DELETE', `/rest/collections/delete_collection/${space.uuid}`)).status).toBe(404);
    expect((await ada.send('DELETE', `/rest/collections/delete_collection/${space.uuid}`)).status).toBe(204);
    expect((await get(ada, space.uuid)).status).toBe(404);
    expect((await ada.get(`/rest/thread/${t.thread_url_slug}`)).json.collection_info).toBeNull();
    expect((await ada.get('/rest/collections/list_user_collections')).json.collections.map((c: { uuid: string }) => c.uuid)).not.toContain(space.uuid);
  });

  test("Bookmarks list the signed-in user's bookmarked threads; 401 signed out", async () => {
    const ada = await signedUp('Ada');
    const t = await askAndWait(server.url, ada, 'how do I share a thread?');
    await ada.post('/rest/collections/upsert_thread_collection', { entry_uuid: t.backend_uuid, upsert_type: 'bookmark' });
    const list = await ada.get('/rest/collections/list_collection_threads');
    expect(list.json.items.map((i: { context_uuid: string }) => i.context_uuid)).toEqual([t.context_uuid]);
    expect((await (await visitor(server.url)).get('/rest/collections/list_collection_threads')).status).toBe(401);
  });
});

test('rebuilding the projections gives back the same spaces and members', async () => {
  const snapshot = async () => ({
    spaces: (await sql`select uuid, slug, title, access, thread_count, links from spaces order by uuid`.execute(db)).rows,
    members: (await sql`select space_uuid, member_id, email, user_id, level from space_members order by space_uuid, member_id`.execute(db)).rows,
    passages: (await sql`select id from passages where corpus like 'space:%' order by id`.execute(db)).rows,
  });
  const before = await snapshot();
  expect(before.spaces.length).toBeGreaterThan(3);
  await rebuildProjections(new EventStore(db, projections));
  expect(await snapshot()).toEqual(before);
});
