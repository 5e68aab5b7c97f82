// Renaming and deleting threads on the real server: only the owner may (not another signed-in
// user, an anonymous visitor or a reader the owner let in); a deleted thread leaves the library,
// its Space, bookmark lists and search, and its link and every call on its entries answer 404.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestDatabase } from '../support/database.js';
import type { Browser, Sent } from '../support/http.js';
import { askAndWait, askStream, signedUp, visitor as visitorOf } from '../support/people.js';
import { sseEvents } from '../support/sse.js';
import { startServerProcess, type ServerProcess } from '../support/server-process.js';

let database: { url: string; drop: () => Promise<void> };
let server: ServerProcess;
let pool: pg.Pool;
beforeAll(async () => {
  database = await createTestDatabase('thread_rename_delete');
  server = await startServerProcess({ databaseUrl: database.url });
  pool = new pg.Pool({ connectionString: database.url, max: 1 });
});
afterAll(async () => {
  await pool?.end();
  await server?.stop();
  await database?.drop();
});

let n = 0;
const emailOf = (name: string) => `${name.toLowerCase()}.${++n}.${Date.now()}@example.com`;
const visitor = () => visitorOf(server.url);
const ask = (b: Browser, query: string, extra: Record<string, unknown> = {}) => askAndWait(server.url, b, query, extra);
const problem = (res: Sent, status: number, code: string) => {
  expect(res.status, res.text).toBe(status);
  expect(res.json).toMatchObject({ status, code });
};
const rename = (b: Browser, key: string, title: unknown) => b.send('PUT', `/rest/thread/${key}`, { json: { title } });
const remove = (b: Browser, key: string) => b.send('DELETE', `/rest/thread/${key}`);
const ids = (res: Sent) => res.json.items.map((i: { context_uuid: string }) => i.context_uuid);
const eventTypes = async (contextUuid: string) =>
  (await pool.query('select type from events where stream_id = $1 order by stream_version', [`thread-${contextUuid}`])).rows.map((r) => r.type);

/** Ada's public thread, Bob a reader she let in, Carl a signed-in stranger, and an anonymous visitor. */
async function people() {
  const ada = await signedUp(server.url, 'Ada');
  const bob = await signedUp(server.url, 'Bob');
  const carl = await signedUp(server.url, 'Carl');
  const t = await ask(ada, 'how do I share a thread?');
  const request = await bob.post(`/rest/thread/${t.thread_url_slug}/access-requests`);
  expect((await ada.post(`/rest/thread-access-requests/${request.json.request_id}/grant`)).status).toBe(200);
  expect((await bob.get(`/rest/thread/${t.thread_url_slug}`)).status).toBe(200);
  return { ada, bob, carl, anon: await visitor(), t };
}

describe('who may rename and delete a thread', () => {
  test('only the owner: another signed-in user, an anonymous visitor and a granted reader get 403 not_thread_owner and nothing is written', async () => {
    const { ada, bob, carl, anon, t } = await people();
    const before = await eventTypes(t.context_uuid);
    for (const [who, b] of [
      ['granted reader', bob],
      ['other signed-in user', carl],
      ['anonymous visitor', anon],
    ] as const) {
      problem(await rename(b, t.thread_url_slug, `Taken by ${who}`), 403, 'not_thread_owner');
      problem(await remove(b, t.thread_url_slug), 403, 'not_thread_owner');
    }
    expect(await eventTypes(t.context_uuid)).toEqual(before);
    expect((await ada.get(`/rest/thread/${t.thread_url_slug}`)).json.title).toBe('how do I share a thread?');

    const renamed = await rename(ada, t.thread_url_slug, '  Sharing, explained  ');
    expect(renamed.status, renamed.text).toBe(200);
    expect(renamed.json).toMatchObject({ title: 'Sharing, explained', first_query: 'how do I share a thread?', is_owner: true });
    expect((await remove(ada, t.context_uuid)).status).toBe(204);
    expect((await eventTypes(t.context_uuid)).slice(-2)).toEqual(['ThreadRenamed', 'ThreadDeleted']);
  });

  test('an anonymous visitor renames and deletes the thread they asked', async () => {
    const b = await visitor();
    const t = await ask(b, 'what is a Space?');
    expect((await rename(b, t.thread_url_slug, 'My Space question')).json.title).toBe('My Space question');
    expect(ids(await b.get('/rest/threads'))).toContain(t.context_uuid);
    expect((await remove(b, t.thread_url_slug)).status).toBe(204);
    expect(ids(await b.get('/rest/threads'))).not.toContain(t.context_uuid);
  });
});

describe('renaming', () => {
  test('the new title shows in the thread and the library; the same title writes nothing; bad titles are 400', async () => {
    const ada = await signedUp(server.url, 'Ada');
    const t = await ask(ada, 'how do keyboard shortcuts work?');
    await rename(ada, t.backend_uuid, 'Shortcuts');
    expect((await ada.get('/rest/threads')).json.items.find((i: { context_uuid: string }) => i.context_uuid === t.context_uuid).title).toBe('Shortcuts');
    const count = (await eventTypes(t.context_uuid)).length;
    expect((await rename(ada, t.thread_url_slug, ' Shortcuts ')).status).toBe(200);
    expect(await eventTypes(t.context_uuid)).toHaveLength(count);

    problem(await rename(ada, t.thread_url_slug, '   '), 400, 'title_required');
    problem(await rename(ada, t.thread_url_slug, 'a\u0007b'), 400, 'title_invalid');
    // NUL never reaches a rule: the edge refuses it in any text.
    problem(await rename(ada, t.thread_url_slug, 'a\u0000b'), 400, 'invalid_character');
    problem(await rename(ada, t.thread_url_slug, ''), 400, 'invalid_request');
    problem(await rename(ada, t.thread_url_slug, 'x'.repeat(101)), 400, 'invalid_request');
    problem(await rename(ada, t.thread_url_slug, 42), 400, 'invalid_request');
    problem(await ada.send('PUT', `/rest/thread/${t.thread_url_slug}`, { json: {} }), 400, 'invalid_request');
    expect((await rename(ada, t.thread_url_slug, 'x'.repeat(100))).json.title).toHaveLength(100);
    problem(await rename(ada, 'no-such-thread', 'Anything'), 404, 'thread_not_found');
  });
});

describe('a deleted thread', () => {
  test('leaves the library, its Space, bookmark lists and search; its link and every entry call answer 404', async () => {
    const adaEmail = emailOf('Ada');
    const bobEmail = emailOf('Bob');
    const ada = await signedUp(server.url, 'Ada', adaEmail);
    const bob = await signedUp(server.url, 'Bob', bobEmail);
    const space = (await ada.post('/rest/collections/create_collection', { title: 'Team' })).json;
    await ada.post(`/rest/collections/${space.uuid}/members`, { email: bobEmail, role: 'READER' });
    await bob.post(`/rest/collections/${space.uuid}/members/accept`, {});
    const t = await ask(ada, 'how do I share a thread?', { collection_uuid: space.uuid });
    const kept = await ask(ada, 'how do I share a thread with my team?');
    await ada.send('PUT', `/rest/thread/${t.thread_url_slug}/access`, { json: { thread_access: 'public read' } });
    for (const b of [ada, bob])
      expect((await b.post('/rest/collections/upsert_thread_collection', { entry_uuid: t.backend_uuid, upsert_type: 'bookmark' })).status).toBe(200);
    const spaceThreads = () => bob.get(`/rest/collections/list_collection_threads?collection_uuid=${space.uuid}`);
    const threadCount = async () => (await ada.get(`/rest/collections/get_collection?collection_slug=${space.slug}`)).json.thread_count;
    expect(ids(await spaceThreads())).toEqual([t.context_uuid]);
    expect(await threadCount()).toBe(1);
    expect(ids(await ada.get('/rest/threads?q=share'))).toEqual(expect.arrayContaining([t.context_uuid, kept.context_uuid]));

    expect((await remove(ada, t.thread_url_slug)).status).toBe(204);

    for (const key of [t.thread_url_slug, t.context_uuid, t.backend_uuid]) {
      for (const b of [ada, bob, await visitor()]) {
        problem(await b.get(`/rest/thread/${key}`), 404, 'thread_not_found');
        problem(await b.get(`/rest/article/${key}`), 404, 'thread_not_found');
      }
      problem(await rename(ada, key, 'Back again'), 404, 'thread_not_found');
      problem(await remove(ada, key), 404, 'thread_not_found');
      problem(await ada.send('PUT', `/rest/thread/${key}/access`, { json: { thread_access: 'private read' } }), 404, 'thread_not_found');
    }
    problem(await ada.get(`/rest/threads/entries/${t.backend_uuid}/events`), 404, 'entry_not_found');
    problem(await ada.post(`/rest/threads/entries/${t.backend_uuid}/stop`), 404, 'entry_not_found');
    problem(await ada.post(`/rest/threads/entries/${t.backend_uuid}/sources/check`), 404, 'entry_not_found');
    problem(await ada.post(`/rest/threads/entries/${t.backend_uuid}/sources/remove`, { urls: ['https://example.com/'] }), 404, 'entry_not_found');
    problem(
      await ada.post('/rest/collections/upsert_thread_collection', { entry_uuid: t.backend_uuid, new_collection_uuid: space.uuid }),
      404,
      'thread_not_found',
    );
    // A follow-up in the deleted thread is refused, and nothing is written for it.
    const followUp = await fetch(`${server.url}/rest/threads/ask`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: ada.cookieHeader() },
      body: JSON.stringify({ query_str: 'and then?', context_uuid: t.context_uuid }),
    });
    expect(followUp.status).toBe(404);

    const library = await ada.get('/rest/threads');
    expect(ids(library)).toEqual([kept.context_uuid]);
    expect(library.json.total).toBe(1);
    expect(ids(await ada.get('/rest/threads?q=share'))).toEqual([kept.context_uuid]);
    expect(ids(await spaceThreads())).toEqual([]);
    expect(await threadCount()).toBe(0);
    for (const b of [ada, bob]) expect(ids(await b.get('/rest/collections/list_collection_threads'))).toEqual([]);
    const rows = await pool.query(
      'select (select count(*) from threads where context_uuid = $1) as threads, (select count(*) from thread_entries where context_uuid = $1) as entries, (select count(*) from bookmarks where context_uuid = $1) as bookmarks',
      [t.context_uuid],
    );
    expect(rows.rows[0]).toEqual({ threads: '0', entries: '0', bookmarks: '0' });
    expect((await eventTypes(t.context_uuid)).slice(-2)).toEqual(['ThreadRemovedFromSpace', 'ThreadDeleted']);
  });
});

describe('deleting while the answer is written', () => {
  test('the stream ends, nothing is recorded after ThreadDeleted, and the server goes on answering', async () => {
    const ada = await signedUp(server.url, 'Ada');
    const res = await askStream(server.url, ada, { query_str: 'how do keyboard shortcuts work?' });
    let contextUuid = '';
    let deleted = 0;
    for await (const e of sseEvents(res)) {
      if (e.event !== 'thread') continue;
      contextUuid = e.data.context_uuid;
      deleted = (await remove(ada, contextUuid)).status;
    }
    expect(deleted).toBe(204);
    expect((await eventTypes(contextUuid)).at(-1)).toBe('ThreadDeleted');
    problem(await ada.get(`/rest/thread/${contextUuid}`), 404, 'thread_not_found');
    const next = await ask(ada, 'what is a Space?');
    expect((await ada.get(`/rest/thread/${next.thread_url_slug}`)).json.entries[0].status).toBe('completed');
  });
});
