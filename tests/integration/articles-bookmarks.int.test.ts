// The article view and bookmarks on the real server: a signed-in user bookmarks a thread they may
// read (idempotently), sees it in the article's bookmark_state, removes it; strangers get 401 or
// 403; and rebuilding the projections gives back the same `bookmarks` table.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { projections } from '../../services/app/projections.js';
import { createDb, createPool, type Db } from '../../services/db/database.js';
import { rebuildProjections } from '../../services/eventstore/rebuild.js';
import { EventStore } from '../../services/eventstore/store.js';
import { createTestDatabase } from '../support/database.js';
import type { Browser } from '../support/http.js';
import { askAndWait, signedUp as signUp, visitor } from '../support/people.js';
import { startServerProcess, type ServerProcess } from '../support/server-process.js';
import { allTables } from '../support/all-tables.js';

let database: { url: string; drop: () => Promise<void> };
let server: ServerProcess;
let db: Db;
beforeAll(async () => {
  database = await createTestDatabase('articles');
  server = await startServerProcess({ databaseUrl: database.url });
  const pool = createPool(database.url, 2);
  pool.on('error', () => {});
  db = createDb(pool);
});
afterAll(async () => {
  await db?.destroy();
  await server?.stop();
  await database?.drop();
});

const signedUp = (name: string) => signUp(server.url, name);
const ask = (b: Browser, query: string) => askAndWait(server.url, b, query);

const BOOKMARKS = { uuid: null, title: 'Bookmarks', emoji: '1f516', slug: null, access: 1, user_permission: 6 };
const bookmark = (b: Browser, entry_uuid: string) =>
  b.post('/rest/collections/upsert_thread_collection', { entry_uuid, upsert_type: 'bookmark', return_collection: true });
const unbookmark = (b: Browser, entry_uuid: string) =>
  b.send('DELETE', `/rest/collections/remove_collection_thread?entry_uuid=${encodeURIComponent(entry_uuid)}`);

let ada: Browser;
let thread: { context_uuid: string; backend_uuid: string; thread_url_slug: string };
beforeAll(async () => {
  ada = await signedUp('Ada');
  thread = await ask(ada, 'how do I share a thread?');
});

describe('GET /rest/article/{article_uuid_or_slug}', () => {
  test('the thread as sections, by slug, context_uuid or backend_uuid', async () => {
    const got = await ada.get(`/rest/article/${thread.thread_url_slug}`);
    expect(got.status, got.text).toBe(200);
    expect(got.json.status).toBe('success');
    const [first] = got.json.entries;
    expect(first).toMatchObject({
      status: 'completed',
      backend_uuid: thread.backend_uuid,
      thread_url_slug: thread.thread_url_slug,
      query_str: 'how do I share a thread?',
      should_index: false,
      social_info: { fork_count: 0, like_count: 0, view_count: 0, user_likes: false },
      collection_info: null,
      bookmark_state: 'NOT_BOOKMARKED',
      thread_access: 'private read',
    });
    expect(first.article_info).toMatchObject({ title: 'how do I share a thread?', audience: 'anyone', layout: 'text', user_selected_media_items: [] });
    expect(first.article_info.read_time).toBeGreaterThanOrEqual(1);
    expect(first.article_info.summary.length).toBeGreaterThan(0);
    expect(first.article_info.summary.length).toBeLessThanOrEqual(280);
    expect(first.article_info.summary).not.toMatch(/\[\d+\]/);
    expect(first.article_info.suggested_sections.length).toBeGreaterThan(0);
    expect(first.web_results.length).toBeGreaterThan(0);
    expect(first.article_info.emphasize_sources).toBe(first.web_results.length >= 3);
    expect(first.answer).toMatch(/\[1\]/);
    for (const key of [thread.context_uuid, thread.backend_uuid]) expect((await ada.get(`/rest/article/${key}`)).json).toEqual(got.json);
  });

  test('403 thread_private for someone else, 404 for an unknown thread', async () => {
    const stranger = await visitor(server.url);
    const got = await stranger.get(`/rest/article/${thread.thread_url_slug}`);
    expect(got.status).toBe(403);
    expect(got.json).toMatchObject({ code: 'thread_private' });
    expect(JSON.stringify(got.json)).not.toContain('share');
    const other = await signedUp('Grace');
    expect((await other.get(`/rest/article/${thread.thread_url_slug}`)).status).toBe(403);
    const missing = await ada.get('/rest/article/no-such-thread');
    expect(missing.status).toBe(404);
    expect(missing.json.code).toBe('thread_not_found');
  });
});

describe('bookmarks', () => {
  test('401 login_required for an anonymous visitor', async () => {
    const anon = await visitor(server.url);
    for (const res of [await bookmark(anon, thread.backend_uuid), await unbookmark(anon, thread.backend_uuid)]) {
      expect(res.status).toBe(401);
      expect(res.json).toMatchObject({ code: 'login_required', detail: 'Sign in to bookmark answers.' });
    }
  });

  test('bookmarking twice is one bookmark; the article says BOOKMARKED; removing goes back', async () => {
    const first = await bookmark(ada, thread.backend_uuid);
    expect(first.status, first.text).toBe(200);
    expect(first.json).toEqual({ bookmark_state: 'BOOKMARKED', updated_collection: BOOKMARKS });
    expect((await bookmark(ada, thread.thread_url_slug)).json.bookmark_state).toBe('BOOKMARKED');
    const events = await sql<{ n: string }>`select count(*) as n from events where stream_id like 'bookmarks-%' and type = 'ThreadBookmarked'`.execute(db);
    expect(Number(events.rows[0].n)).toBe(1);
    expect(await allTables(db).selectFrom('bookmarks').select('context_uuid').execute()).toEqual([{ context_uuid: thread.context_uuid }]);
    const article = await ada.get(`/rest/article/${thread.thread_url_slug}`);
    expect(article.json.entries.every((e: { bookmark_state: string }) => e.bookmark_state === 'BOOKMARKED')).toBe(true);

    const removed = await unbookmark(ada, thread.context_uuid);
    expect(removed.status, removed.text).toBe(200);
    expect(removed.json).toEqual({ bookmark_state: 'NOT_BOOKMARKED', updated_collection: BOOKMARKS });
    expect((await unbookmark(ada, thread.context_uuid)).json.bookmark_state).toBe('NOT_BOOKMARKED');
    expect((await ada.get(`/rest/article/${thread.thread_url_slug}`)).json.entries[0].bookmark_state).toBe('NOT_BOOKMARKED');
    expect(await allTables(db).selectFrom('bookmarks').selectAll().execute()).toEqual([]);
  });

  test("403 on someone else's private thread; 404 for a Space or an unknown thread; 400 without a target", async () => {
    const grace = await signedUp('Grace2');
    const denied = await bookmark(grace, thread.backend_uuid);
    expect(denied.status).toBe(403);
    expect(denied.json.code).toBe('thread_private');
    const space = await ada.post('/rest/collections/upsert_thread_collection', {
      entry_uuid: thread.backend_uuid,
      new_collection_uuid: '6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b',
    });
    expect(space.status).toBe(404);
    expect(space.json).toMatchObject({ code: 'collection_not_found', detail: 'No such Space.' });
    const fromSpace = await ada.send(
      'DELETE',
      `/rest/collections/remove_collection_thread?entry_uuid=${thread.backend_uuid}&collection_uuid=6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b`,
    );
    expect(fromSpace.status).toBe(404);
    expect(fromSpace.json.code).toBe('collection_not_found');
    expect((await bookmark(ada, 'no-such-thread')).status).toBe(404);
    const none = await ada.post('/rest/collections/upsert_thread_collection', { entry_uuid: thread.backend_uuid });
    expect(none.status).toBe(400);
    expect(none.json.code).toBe('missing_target');
  });

  test('return_thread gives the Thread; a reader keeps the power to remove their bookmark after the thread turns private', async () => {
    const own = await ask(ada, 'what is a Space?');
    const withThread = await ada.post('/rest/collections/upsert_thread_collection', {
      entry_uuid: own.backend_uuid,
      upsert_type: 'bookmark',
      return_thread: true,
    });
    expect(withThread.json.thread).toMatchObject({ context_uuid: own.context_uuid, bookmark_state: 'BOOKMARKED', is_owner: true });

    await ada.send('PUT', `/rest/thread/${own.context_uuid}/access`, { json: { thread_access: 'public read' } });
    const reader = await signedUp('Reader');
    expect((await bookmark(reader, own.backend_uuid)).json.bookmark_state).toBe('BOOKMARKED');
    await ada.send('PUT', `/rest/thread/${own.context_uuid}/access`, { json: { thread_access: 'private read' } });
    expect((await bookmark(reader, own.backend_uuid)).status).toBe(403);
    const removed = await unbookmark(reader, own.backend_uuid);
    expect(removed.status, removed.text).toBe(200);
    expect(removed.json.bookmark_state).toBe('NOT_BOOKMARKED');
    await unbookmark(ada, own.backend_uuid);
  });

  test('the bookmark list shows only what the reader may read now: nothing of a thread its owner made owner-only', async () => {
    const secret = await ask(ada, 'what are the quarterly numbers?');
    await ada.send('PUT', `/rest/thread/${secret.context_uuid}/access`, { json: { thread_access: 'public read' } });
    const reader = await signedUp('Bookmark Reader');
    expect((await bookmark(reader, secret.backend_uuid)).json.bookmark_state).toBe('BOOKMARKED');
    const list = () => reader.get('/rest/collections/list_collection_threads');
    const before = await list();
    expect(before.json).toMatchObject({ total: 1, items: [{ context_uuid: secret.context_uuid, title: 'what are the quarterly numbers?' }] });

    await ada.send('PUT', `/rest/thread/${secret.context_uuid}/access`, { json: { thread_access: 'owner-only' } });
    const after = await list();
    expect(after.status).toBe(200);
    expect(after.json).toEqual({ items: [], total: 0 });
    // The owner's own bookmark of it stays listed.
    await bookmark(ada, secret.backend_uuid);
    expect((await ada.get('/rest/collections/list_collection_threads')).json.items.map((t: { context_uuid: string }) => t.context_uuid)).toContain(
      secret.context_uuid,
    );
    // Readable again: listed again (the bookmark was kept).
    await ada.send('PUT', `/rest/thread/${secret.context_uuid}/access`, { json: { thread_access: 'public read' } });
    expect((await list()).json.total).toBe(1);
    await unbookmark(reader, secret.backend_uuid);
    await unbookmark(ada, secret.backend_uuid);
  });

  test('rebuilding the projections gives the same bookmarks table', async () => {
    const other = await ask(ada, 'Which keyboard shortcuts are there?');
    await bookmark(ada, thread.backend_uuid);
    await bookmark(ada, other.backend_uuid);
    await unbookmark(ada, other.backend_uuid);
    await bookmark(ada, other.backend_uuid);
    const table = () => allTables(db).selectFrom('bookmarks').selectAll().orderBy('context_uuid').execute();
    const before = await table();
    expect(before.map((r) => r.context_uuid).sort()).toEqual([thread.context_uuid, other.context_uuid].sort());
    await allTables(db).deleteFrom('bookmarks').execute();
    await allTables(db).insertInto('bookmarks').values({ user_id: 'ghost', context_uuid: 'ghost', bookmarked_at: new Date() }).execute();
    await rebuildProjections(new EventStore(db, projections));
    expect(await table()).toEqual(before);
  });
});

describe('social info: likes, views and forks', () => {
  const like = (b: Browser, key: string) => b.post(`/rest/article/${key}/like`);
  const unlike = (b: Browser, key: string) => b.send('DELETE', `/rest/article/${key}/like`);
  const view = (b: Browser, key: string) => b.post(`/rest/article/${key}/view`);
  const fork = (b: Browser, key: string) => b.post(`/rest/article/${key}/fork`);
  const socialOf = async (b: Browser, key: string) => (await b.get(`/rest/article/${key}`)).json.entries[0].social_info;

  let shared: { context_uuid: string; backend_uuid: string; thread_url_slug: string };
  beforeAll(async () => {
    shared = await ask(ada, 'how do I make a thread public?');
    await ada.send('PUT', `/rest/thread/${shared.context_uuid}/access`, { json: { thread_access: 'public read' } });
  });

  test('a like counts once per person, the reader sees their own, and unliking takes it back', async () => {
    const bo = await signedUp('Liker Bo');
    const cy = await signedUp('Liker Cy');
    expect((await like(bo, shared.thread_url_slug)).json).toEqual({ fork_count: 0, like_count: 1, view_count: 0, user_likes: true });
    expect((await like(bo, shared.backend_uuid)).json.like_count).toBe(1);
    expect((await like(cy, shared.context_uuid)).json).toMatchObject({ like_count: 2, user_likes: true });
    expect(await socialOf(ada, shared.thread_url_slug)).toMatchObject({ like_count: 2, user_likes: false });
    expect((await unlike(bo, shared.thread_url_slug)).json).toMatchObject({ like_count: 1, user_likes: false });
    expect((await unlike(bo, shared.thread_url_slug)).json.like_count).toBe(1);
    await unlike(cy, shared.thread_url_slug);
    const events = await sql<{
      type: string;
    }>`select type from events where stream_id like ${`article-like-${shared.context_uuid}-%`} order by global_position`.execute(db);
    expect(events.rows.map((r) => r.type)).toEqual(['ArticleLiked', 'ArticleLiked', 'ArticleUnliked', 'ArticleUnliked']);
  });

  test("a view counts once per viewer (a visitor's browser too), never the author's", async () => {
    const before = (await socialOf(ada, shared.thread_url_slug)).view_count;
    await view(ada, shared.thread_url_slug);
    const dee = await signedUp('Viewer Dee');
    const anon = await visitor(server.url);
    for (let i = 0; i < 2; i++) {
      expect((await view(dee, shared.thread_url_slug)).status).toBe(200);
      expect((await view(anon, shared.thread_url_slug)).status).toBe(200);
    }
    expect((await socialOf(ada, shared.thread_url_slug)).view_count).toBe(before + 2);
  });

  test("a fork is the reader's own private copy of the finished answers, counted on the original, and asked on from there", async () => {
    const eve = await signedUp('Forker Eve');
    const made = await fork(eve, shared.thread_url_slug);
    expect(made.status, made.text).toBe(201);
    expect(await socialOf(ada, shared.thread_url_slug)).toMatchObject({ fork_count: 1 });
    const copy = await eve.get(`/rest/thread/${made.json.thread_url_slug}`);
    expect(copy.status, copy.text).toBe(200);
    const original = (await ada.get(`/rest/thread/${shared.thread_url_slug}`)).json;
    expect(copy.json).toMatchObject({ context_uuid: made.json.context_uuid, is_owner: true, thread_access: 'private read' });
    expect(copy.json.entries.map((e: { query_str: string; answer: string }) => [e.query_str, e.answer])).toEqual(
      original.entries.map((e: { query_str: string; answer: string }) => [e.query_str, e.answer]),
    );
    expect(copy.json.entries[0].backend_uuid).not.toBe(original.entries[0].backend_uuid);
    // The original's author cannot read the copy; the forker asks on in it.
    expect((await ada.get(`/rest/thread/${made.json.thread_url_slug}`)).status).toBe(403);
    const followUp = await askAndWait(server.url, eve, 'and who can read it then?', { context_uuid: made.json.context_uuid });
    expect(followUp.context_uuid).toBe(made.json.context_uuid);
    expect((await eve.get(`/rest/thread/${made.json.thread_url_slug}`)).json.entries).toHaveLength(original.entries.length + 1);
    // Copying is not asking: no QuestionAsked in the fork's stream before the follow-up.
    const types = await sql<{ type: string }>`select type from events where stream_id = ${`thread-${made.json.context_uuid}`} order by stream_version`.execute(
      db,
    );
    expect(types.rows.map((r) => r.type).slice(0, 2)).toEqual(['ThreadStarted', 'EntryCopied']);
  });

  test('who may: a visitor may view but not like or fork (401); a stranger to a private thread gets 403; an unknown one 404', async () => {
    const anon = await visitor(server.url);
    for (const res of [await like(anon, shared.thread_url_slug), await unlike(anon, shared.thread_url_slug), await fork(anon, shared.thread_url_slug)]) {
      expect([res.status, res.json.code]).toEqual([401, 'login_required']);
    }
    const stranger = await signedUp('Stranger Fay');
    for (const res of [
      await like(stranger, thread.thread_url_slug),
      await unlike(stranger, thread.thread_url_slug),
      await view(stranger, thread.thread_url_slug),
      await fork(stranger, thread.thread_url_slug),
      await view(anon, thread.thread_url_slug),
    ]) {
      expect([res.status, res.json.code]).toEqual([403, 'thread_private']);
    }
    for (const res of [await like(ada, 'no-such-thread'), await view(ada, 'no-such-thread'), await fork(ada, 'no-such-thread')]) {
      expect([res.status, res.json.code]).toEqual([404, 'thread_not_found']);
    }
    // The owner may like and fork their own.
    expect((await like(ada, thread.thread_url_slug)).json.user_likes).toBe(true);
    expect((await fork(ada, thread.thread_url_slug)).status).toBe(201);
    await unlike(ada, thread.thread_url_slug);
  });

  test('rebuilding the projections gives the same likes and views', async () => {
    const gus = await signedUp('Rebuild Gus');
    await like(gus, shared.thread_url_slug);
    await view(gus, shared.thread_url_slug);
    const tables = async () => ({
      likes: await allTables(db).selectFrom('article_likes').selectAll().orderBy(['context_uuid', 'user_id']).execute(),
      views: await allTables(db).selectFrom('article_views').selectAll().orderBy(['context_uuid', 'viewer_key']).execute(),
    });
    const before = await tables();
    expect(before.likes.length).toBeGreaterThan(0);
    await allTables(db).deleteFrom('article_likes').execute();
    await rebuildProjections(new EventStore(db, projections));
    expect(await tables()).toEqual(before);
  });
});
