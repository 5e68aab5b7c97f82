// Sharing on the real server: keeping an anonymous answer, changing who may read a thread,
// asking for access to a private one, the owner granting it, and removing sources.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestDatabase } from '../support/database.js';
import type { Browser } from '../support/http.js';
import { askAndWait, PASSWORD, signedUp, visitor as visitorOf } from '../support/people.js';
import { startServerProcess, type ServerProcess } from '../support/server-process.js';

let database: { url: string; drop: () => Promise<void> };
let server: ServerProcess;
let pool: pg.Pool;
beforeAll(async () => {
  database = await createTestDatabase('sharing');
  server = await startServerProcess({ databaseUrl: database.url });
  pool = new pg.Pool({ connectionString: database.url, max: 1 });
});
afterAll(async () => {
  await pool?.end();
  await server?.stop();
  await database?.drop();
});

const visitor = () => visitorOf(server.url);
const account = (name: string) => signedUp(server.url, name);
const ask = (b: Browser, query: string) => askAndWait(server.url, b, query);
const problem = (res: { status: number; json: any }, status: number, code: string) => {
  expect(res.status).toBe(status);
  expect(res.json).toMatchObject({ status, code });
};

describe('thread access', () => {
  test('a new thread is private read, readable by its owner only; the owner shares it and makes it private again', async () => {
    const owner = await account('Owner One');
    const other = await account('Other One');
    const t = await ask(owner, 'how do I share a thread?');
    const mine = await owner.get(`/rest/thread/${t.thread_url_slug}`);
    expect(mine.json).toMatchObject({
      thread_access: 'private read',
      privacy_state: 'private',
      is_published: false,
      is_owner: true,
      bookmark_state: 'NOT_BOOKMARKED',
      author: { username: 'Owner One' },
      focus: 'auto',
      backend_uuid: t.backend_uuid,
    });
    problem(await other.get(`/rest/thread/${t.thread_url_slug}`), 403, 'thread_private');
    expect((await other.get(`/rest/thread/${t.thread_url_slug}`)).json.detail).toBe('This answer is private');

    const shared = await owner.send('PUT', `/rest/thread/${t.thread_url_slug}/access`, { json: { thread_access: 'public read' } });
    expect(shared.json).toMatchObject({ thread_access: 'public read', privacy_state: 'published', is_published: true });
    const seen = await other.get(`/rest/thread/${t.thread_url_slug}`);
    expect(seen.json).toMatchObject({ is_owner: false, thread_access: 'public read' });
    expect(seen.json.entries[0].answer).toBe(mine.json.entries[0].answer);
    // Anonymous visitors read a public thread too.
    expect((await (await visitor()).get(`/rest/thread/${t.context_uuid}`)).status).toBe(200);

    const back = await owner.send('PUT', `/rest/thread/${t.thread_url_slug}/access`, { json: { thread_access: 'private read' } });
    expect(back.json.thread_access).toBe('private read');
    problem(await other.get(`/rest/thread/${t.thread_url_slug}`), 403, 'thread_private');
  });

  test('a change to the current value writes no event; a non-owner gets 403 and nothing changes; signed out gets 401', async () => {
    const owner = await account('Owner Two');
    const other = await account('Other Two');
    const t = await ask(owner, 'what is a Space?');
    const events = async () => Number((await pool.query('select count(*) from events where stream_id = $1', [`thread-${t.context_uuid}`])).rows[0].count);
    const before = await events();
    const same = await owner.send('PUT', `/rest/thread/${t.context_uuid}/access`, { json: { thread_access: 'private read' } });
    expect(same.status).toBe(200);
    expect(await events()).toBe(before);
    problem(await other.send('PUT', `/rest/thread/${t.context_uuid}/access`, { json: { thread_access: 'public read' } }), 403, 'not_thread_owner');
    problem(await (await visitor()).send('PUT', `/rest/thread/${t.context_uuid}/access`, { json: { thread_access: 'public read' } }), 401, 'login_required');
    expect((await owner.get(`/rest/thread/${t.context_uuid}`)).json.thread_access).toBe('private read');
    expect(await events()).toBe(before);
    problem(await owner.send('PUT', `/rest/thread/${t.context_uuid}/access`, { json: { thread_access: 'org read' } }), 403, 'enterprise_only');
    problem(await owner.send('PUT', `/rest/thread/${t.context_uuid}/access`, { json: { thread_access: 'collection read' } }), 409, 'thread_not_in_space');
    problem(await owner.send('PUT', `/rest/thread/${t.context_uuid}/access`, { json: { thread_access: 'everyone' } }), 400, 'invalid_request');
    problem(await owner.send('PUT', `/rest/thread/no-such-thread/access`, { json: { thread_access: 'public read' } }), 404, 'thread_not_found');
  });

  test('org read: an Enterprise owner shares with the organisation; outsiders still get 403; it counts as published', async () => {
    const owner = await account('Org Owner');
    const outsider = await account('Outsider');
    const org = await owner.post('/rest/organizations', { name: `Acme ${Date.now()}`, slug: `acme-${Date.now()}` });
    expect(org.status).toBeLessThan(300);
    const t = await ask(owner, 'how do keyboard shortcuts work?');
    const res = await owner.send('PUT', `/rest/thread/${t.context_uuid}/access`, { json: { thread_access: 'org read' } });
    expect(res.json).toMatchObject({ thread_access: 'org read', is_published: true, privacy_state: 'published' });
    problem(await outsider.get(`/rest/thread/${t.context_uuid}`), 403, 'thread_private');
  });

  test('owner-only keeps everyone else out, even readers the owner let in before', async () => {
    const owner = await account('Owner Three');
    const reader = await account('Reader Three');
    const t = await ask(owner, 'how do I share a thread?');
    const req = await reader.post(`/rest/thread/${t.thread_url_slug}/access-requests`);
    await owner.post(`/rest/thread-access-requests/${req.json.request_id}/grant`);
    expect((await reader.get(`/rest/thread/${t.thread_url_slug}`)).status).toBe(200);
    await owner.send('PUT', `/rest/thread/${t.thread_url_slug}/access`, { json: { thread_access: 'owner-only' } });
    problem(await reader.get(`/rest/thread/${t.thread_url_slug}`), 403, 'thread_private');
  });
});

describe('requesting access', () => {
  test('a signed-in stranger requests access once; the owner sees it and grants it; the stranger then reads the thread', async () => {
    const owner = await account('Grace Owner');
    const stranger = await account('Sam Stranger');
    const t = await ask(owner, 'how do I share a thread?');
    problem(await (await visitor()).post(`/rest/thread/${t.thread_url_slug}/access-requests`), 401, 'login_required');
    problem(await owner.post(`/rest/thread/${t.thread_url_slug}/access-requests`), 409, 'already_readable');

    const first = await stranger.post(`/rest/thread/${t.thread_url_slug}/access-requests`);
    expect(first.status).toBe(202);
    expect(first.json).toMatchObject({ status: 'requested' });
    const again = await stranger.post(`/rest/thread/${t.thread_url_slug}/access-requests`);
    expect(again.json.request_id).toBe(first.json.request_id);

    const inbox = await owner.get('/rest/thread-access-requests');
    expect(inbox.json.requests.map((r: { request_id: string }) => r.request_id)).toEqual([first.json.request_id]);
    expect((await stranger.get('/rest/thread-access-requests')).json.requests).toEqual([]);
    problem(await stranger.post(`/rest/thread-access-requests/${first.json.request_id}/grant`), 403, 'not_thread_owner');

    const granted = await owner.post(`/rest/thread-access-requests/${first.json.request_id}/grant`);
    expect(granted.json.status).toBe('granted');
    expect((await owner.post(`/rest/thread-access-requests/${first.json.request_id}/grant`)).status).toBe(200);
    problem(await owner.post(`/rest/thread-access-requests/${first.json.request_id}/decline`), 409, 'request_answered');
    expect((await owner.get('/rest/thread-access-requests')).json.requests).toEqual([]);

    const read = await stranger.get(`/rest/thread/${t.thread_url_slug}`);
    expect(read.status).toBe(200);
    expect(read.json.is_owner).toBe(false);
    problem(await stranger.post(`/rest/thread/${t.thread_url_slug}/access-requests`), 409, 'already_readable');
    // Reading is not writing: the reader cannot change the access.
    problem(await stranger.send('PUT', `/rest/thread/${t.thread_url_slug}/access`, { json: { thread_access: 'public read' } }), 403, 'not_thread_owner');
  });

  test('the requester learns nothing of the thread: no title, no slug (it spells the title), only their request', async () => {
    const owner = await account('Secret Owner');
    const stranger = await account('Curious Stranger');
    const t = await ask(owner, 'merger plans with Initech');
    const sent = await stranger.post(`/rest/thread/${t.context_uuid}/access-requests`);
    expect(sent.status).toBe(202);
    expect(Object.keys(sent.json).sort()).toEqual(['request_id', 'requested_at', 'status']);
    expect(JSON.stringify(sent.json)).not.toMatch(/merger|initech/i);
    // The owner's inbox still names the thread and who asks.
    const [inbox] = (await owner.get('/rest/thread-access-requests')).json.requests;
    expect(inbox).toMatchObject({ request_id: sent.json.request_id, thread_title: 'merger plans with Initech', requester: { name: 'Curious Stranger' } });
  });

  test('a declined requester still cannot read, and may ask again', async () => {
    const owner = await account('Decline Owner');
    const stranger = await account('Decline Stranger');
    const t = await ask(owner, 'what is a Space?');
    const req = await stranger.post(`/rest/thread/${t.context_uuid}/access-requests`);
    expect((await owner.post(`/rest/thread-access-requests/${req.json.request_id}/decline`)).json.status).toBe('declined');
    problem(await stranger.get(`/rest/thread/${t.context_uuid}`), 403, 'thread_private');
    const again = await stranger.post(`/rest/thread/${t.context_uuid}/access-requests`);
    expect(again.json.request_id).not.toBe(req.json.request_id);
    problem(await owner.post('/rest/thread-access-requests/00000000-0000-4000-8000-000000000000/grant'), 404, 'request_not_found');
  });
});

describe('keeping an anonymous answer', () => {
  test('expired=false needs the signed-in owner; after signing up in the same browser it removes the expiry', async () => {
    const b = await visitor();
    const t = await ask(b, 'how do I share a thread?');
    expect((await b.get(`/rest/thread/${t.thread_url_slug}`)).json.expiry_time).toEqual(expect.any(String));
    problem(await b.send('PUT', `/rest/thread/${t.thread_url_slug}`, { json: { expired: false } }), 401, 'login_required');
    problem(await b.send('PUT', `/rest/thread/${t.thread_url_slug}`, { json: { expired: true } }), 400, 'invalid_request');
    problem(await (await account('Someone Else')).send('PUT', `/rest/thread/${t.thread_url_slug}`, { json: { expired: false } }), 403, 'not_thread_owner');

    expect((await b.post('/api/auth/sign-up/email', { name: 'Kept', email: `kept.${Date.now()}@example.com`, password: PASSWORD })).status).toBe(200);
    const kept = await b.send('PUT', `/rest/thread/${t.thread_url_slug}`, { json: { expired: false } });
    expect(kept.status).toBe(200);
    expect(kept.json).toMatchObject({ expiry_time: null, is_owner: true });
    expect((await b.send('PUT', `/rest/thread/${t.thread_url_slug}`, { json: { expired: false } })).status).toBe(200);
  });
});

describe('removing sources', () => {
  test('the owner removes a source: its markers go, the rest are renumbered; others get 403', async () => {
    const owner = await account('Source Owner');
    const t = await ask(owner, 'how do I share a thread?');
    const before = (await owner.get(`/rest/thread/${t.context_uuid}`)).json.entries[0];
    expect(before.sources.length).toBeGreaterThan(1);
    const first = before.sources[0].url;
    problem(await (await account('Not Owner')).post(`/rest/threads/entries/${t.backend_uuid}/sources/remove`, { urls: [first] }), 403, 'not_thread_owner');
    problem(await owner.post(`/rest/threads/entries/${t.backend_uuid}/sources/remove`, { urls: [] }), 400, 'invalid_request');
    problem(await owner.post(`/rest/threads/entries/${t.backend_uuid}/sources/remove`, { urls: ['https://nowhere.example'] }), 400, 'unknown_source');

    const res = await owner.post(`/rest/threads/entries/${t.backend_uuid}/sources/remove`, { urls: [first] });
    expect(res.status).toBe(200);
    expect(res.json.sources.map((s: { url: string }) => s.url)).toEqual(before.sources.slice(1).map((s: { url: string }) => s.url));
    const markers = [...(res.json.answer as string).matchAll(/\[(\d+)\]/g)].map((m) => Number(m[1]));
    for (const m of markers) expect(m).toBeLessThanOrEqual(res.json.sources.length);
    expect((await owner.get(`/rest/thread/${t.context_uuid}`)).json.entries[0].answer).toBe(res.json.answer);
  });
});
