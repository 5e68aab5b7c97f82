// Asking and answering on the real server with no answer model or web search configured: the
// offline model answers from the built-in help corpus, streamed as SSE, cited, kept as a thread.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestDatabase } from '../support/database.js';
import { Browser } from '../support/http.js';
import { startServerProcess, type ServerProcess } from '../support/server-process.js';
import { collect } from '../support/sse.js';

let database: { url: string; drop: () => Promise<void> };
let server: ServerProcess;
beforeAll(async () => {
  database = await createTestDatabase('answers');
  server = await startServerProcess({ databaseUrl: database.url });
});
afterAll(async () => {
  await server?.stop();
  await database?.drop();
});

async function ask(b: Browser, body: object) {
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'text/event-stream' };
  if (b.cookies.size) headers.cookie = b.cookieHeader();
  const res = await fetch(`${server.url}/rest/threads/ask`, { method: 'POST', headers, body: JSON.stringify(body) });
  for (const c of res.headers.getSetCookie()) {
    const [pair] = c.split(';');
    const eq = pair.indexOf('=');
    b.cookies.set(pair.slice(0, eq), pair.slice(eq + 1));
  }
  return res;
}

async function visitor() {
  const b = new Browser(server.url);
  await b.get('/rest/session'); // gets the visitor_id cookie
  return b;
}

describe('the offline model answers from the help corpus', () => {
  test('"how do I share a thread?" streams thread, sources, cited deltas, related, completed', async () => {
    const b = await visitor();
    const res = await ask(b, { query_str: '  how do I share a thread?  ' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const events = await collect(res);
    const names = events.map((e) => e.event);
    expect(names[0]).toBe('thread');
    expect(names[1]).toBe('sources');
    expect(names.slice(2, -2).every((n) => n === 'delta')).toBe(true);
    expect(names.slice(-2)).toEqual(['related', 'completed']);
    expect(events.map((e) => e.id)).toEqual(events.map((_, i) => String(i)));

    const thread = events[0].data;
    expect(thread).toEqual({
      context_uuid: expect.any(String),
      backend_uuid: expect.any(String),
      thread_url_slug: expect.stringMatching(/^how-do-i-share-a-thread-[0-9a-f]{10}$/),
      frontend_context_uuid: null,
      model: 'offline-extractive',
    });
    const sources = events[1].data.sources as { url: string; name: string }[];
    expect(sources.length).toBeGreaterThan(0);
    expect(sources[0]).toMatchObject({ url: '/help/sharing-and-privacy#how-do-i-share-a-thread', name: 'Sharing and privacy: How do I share a thread?' });
    const text = events
      .filter((e) => e.event === 'delta')
      .map((e) => e.data.text)
      .join('');
    // Web search is off on this server: said beside the ask box (GET /rest/server/features), not in every answer.
    expect(text).not.toContain('Web search');
    expect(text).toMatch(/Share menu[^[]*\[1\]/);
    for (const m of text.matchAll(/\[(\d+)\]/g)) expect(Number(m[1])).toBeLessThanOrEqual(sources.length);
    expect(events.at(-2)!.data.questions.length).toBeGreaterThan(0);
    expect(events.at(-1)!.data).toEqual({ backend_uuid: thread.backend_uuid, status: 'completed' });

    expect((await b.get('/rest/server/features')).json).toEqual({
      web_search: false,
      billing: false,
      translation: false,
      voice_input: false,
      answer_model: 'offline',
      bug_reports: false,
      bug_report_hook: null,
      try_on: false,
      shopping: false,
      places: false,
      map_tiles: null,
    });

    const got = await b.get(`/rest/thread/${thread.thread_url_slug}`);
    expect(got.status, got.text).toBe(200);
    expect(got.json).toMatchObject({
      context_uuid: thread.context_uuid,
      first_query: 'how do I share a thread?',
      thread_access: 'private read',
      is_owner: true,
      expiry_time: expect.any(String),
    });
    expect(got.json.entries).toEqual([
      expect.objectContaining({ backend_uuid: thread.backend_uuid, status: 'completed', answer: text, model: 'offline-extractive', sources, error: null }),
    ]);
    // Anonymous threads expire after 7 days.
    expect(Date.parse(got.json.expiry_time) - Date.parse(got.json.entries[0].created_at)).toBe(7 * 24 * 3600 * 1000);
    // The same thread by context_uuid and by backend_uuid.
    expect((await b.get(`/rest/thread/${thread.context_uuid}`)).json.context_uuid).toBe(thread.context_uuid);
    expect((await b.get(`/rest/thread/${thread.backend_uuid}`)).json.context_uuid).toBe(thread.context_uuid);
  });

  test('resuming with Last-Event-ID replays what follows that event, and ends', async () => {
    const b = await visitor();
    const all = await collect(await ask(b, { query_str: 'Which keyboard shortcuts are there?' }));
    const backend = all[0].data.backend_uuid;
    const headers = { cookie: b.cookieHeader() };
    const full = await collect(await fetch(`${server.url}/rest/threads/entries/${backend}/events`, { headers }));
    expect(full).toEqual(all);
    const after2 = await collect(await fetch(`${server.url}/rest/threads/entries/${backend}/events`, { headers: { ...headers, 'last-event-id': '2' } }));
    expect(after2).toEqual(all.slice(3));
    // Past the last event: nothing more, and the stream ends.
    expect(
      await collect(await fetch(`${server.url}/rest/threads/entries/${backend}/events`, { headers: { ...headers, 'last-event-id': String(all.length + 5) } })),
    ).toEqual([]);
    // Someone else cannot read the stream of a private answer.
    const other = await visitor();
    expect((await fetch(`${server.url}/rest/threads/entries/${backend}/events`, { headers: { cookie: other.cookieHeader() } })).status).toBe(404);
  });

  test('a follow-up continues the thread; the library lists and searches it; incognito stays out', async () => {
    const b = await visitor();
    const first = await collect(await ask(b, { query_str: 'How do I stop an answer?', frontend_context_uuid: '5b0c3a4e-8a53-4c39-9d0f-2f4c1a6c8e11' }));
    const { context_uuid, thread_url_slug } = first[0].data;
    expect(first[0].data.frontend_context_uuid).toBe('5b0c3a4e-8a53-4c39-9d0f-2f4c1a6c8e11');
    const second = await collect(await ask(b, { query_str: 'What does incognito mode do?', context_uuid }));
    expect(second[0].data).toMatchObject({ context_uuid, thread_url_slug });
    expect(second.at(-1)!.event).toBe('completed');
    await collect(await ask(b, { query_str: 'How do I run my own server?', incognito: true }));

    const thread = await b.get(`/rest/thread/${thread_url_slug}`);
    expect(thread.json.entries.map((e: { query_str: string }) => e.query_str)).toEqual(['How do I stop an answer?', 'What does incognito mode do?']);

    const library = await b.get('/rest/threads');
    expect(library.status, library.text).toBe(200);
    expect(library.json.total).toBe(1);
    expect(library.json.items).toEqual([
      expect.objectContaining({ context_uuid, thread_url_slug, first_query: 'How do I stop an answer?', entry_count: 2, snippet: expect.any(String) }),
    ]);
    expect((await b.get('/rest/threads?q=incognito')).json.total).toBe(1); // found in the follow-up
    expect((await b.get('/rest/threads?q=submarine')).json).toEqual({ items: [], total: 0 });
    expect((await b.get('/rest/threads?limit=1&offset=1')).json).toEqual({ items: [], total: 1 });
    // Another visitor's library is their own.
    expect((await (await visitor()).get('/rest/threads')).json.total).toBe(0);
  });
});

describe('ownership', () => {
  test("signing up claims the visitor's threads: listed in the account's library, kept without expiry", async () => {
    const b = await visitor();
    const events = await collect(await ask(b, { query_str: 'Do I need an account?' }));
    const { thread_url_slug } = events[0].data;
    expect((await b.get(`/rest/thread/${thread_url_slug}`)).json.expiry_time).toEqual(expect.any(String));
    const signUp = await b.post('/api/auth/sign-up/email', { name: 'Ada', email: 'ada-threads@example.com', password: 'correct horse battery' });
    expect(signUp.status, signUp.text).toBe(200);
    const library = await b.get('/rest/threads');
    expect(library.json.items.map((t: { thread_url_slug: string }) => t.thread_url_slug)).toEqual([thread_url_slug]);
    const thread = await b.get(`/rest/thread/${thread_url_slug}`);
    expect(thread.json).toMatchObject({ is_owner: true, expiry_time: null });
    // A signed-in user's new thread is the account's and never expires.
    const own = await collect(await ask(b, { query_str: 'How do I sign out?' }));
    expect((await b.get(`/rest/thread/${own[0].data.thread_url_slug}`)).json.expiry_time).toBeNull();
    expect((await b.get('/rest/threads')).json.total).toBe(2);

    // Signed out, the same browser no longer reads the account's threads.
    expect((await b.post('/api/auth/sign-out')).status).toBe(204);
    expect((await b.get(`/rest/thread/${thread_url_slug}`)).status).toBe(403);
    expect((await b.get('/rest/threads')).json.total).toBe(0);
  });
});

describe('refusals', () => {
  test('another visitor gets 403 thread_private and none of the content', async () => {
    const owner = await visitor();
    const events = await collect(await ask(owner, { query_str: 'How long are threads kept?' }));
    const { thread_url_slug, context_uuid } = events[0].data;
    const other = await visitor();
    const res = await other.get(`/rest/thread/${thread_url_slug}`);
    expect(res.status).toBe(403);
    expect(res.json).toMatchObject({ code: 'thread_private', detail: 'This answer is private' });
    expect(res.text).not.toContain('How long');
    // Continuing it or stopping its answer is refused too.
    const cont = await ask(other, { query_str: 'And then?', context_uuid });
    expect(cont.status).toBe(403);
    expect(((await cont.json()) as { code: string }).code).toBe('thread_forbidden');
    const stop = await other.post(`/rest/threads/entries/${events[0].data.backend_uuid}/stop`);
    expect(stop.status).toBe(403);
  });

  test('blank and too long questions are 400; unknown threads and entries 404', async () => {
    const b = await visitor();
    const blank = await ask(b, { query_str: '   ' });
    expect(blank.status).toBe(400);
    expect(((await blank.json()) as { code: string }).code).toBe('query_blank');
    expect((await ask(b, { query_str: '' })).status).toBe(400);
    expect((await ask(b, { query_str: 'x'.repeat(2001) })).status).toBe(400);
    expect((await ask(b, { query_str: 'hello?', context_uuid: '00000000-0000-4000-8000-000000000000' })).status).toBe(404);
    expect((await b.get('/rest/thread/no-such-thread')).status).toBe(404);
    expect((await b.post('/rest/threads/entries/00000000-0000-4000-8000-000000000000/stop')).status).toBe(404);
    expect((await b.get('/rest/threads/entries/00000000-0000-4000-8000-000000000000/events')).status).toBe(404);
  });

  test('Pro Search asked on a server without web search is a quick answer, uncounted, with no prompt', async () => {
    const b = await visitor();
    const events = await collect(await ask(b, { query_str: 'how do I share a thread?', answer_depth: 'pro' }));
    expect(events.at(-1)!.event).toBe('completed');
    expect(events[0].data.answer_depth).toBe('quick');
    expect(events[0].data.pro_search_limit).toBeUndefined();
    expect(events.some((e) => e.event === 'pro_search')).toBe(false);
    const answer = events
      .filter((e) => e.event === 'delta')
      .map((e) => e.data.text)
      .join('');
    expect(answer).not.toContain('Pro Search');
    expect((await ask(b, { query_str: 'how?', answer_depth: 'deep' })).status).toBe(400);
  });
});

describe('Research without a configured model (issue 33)', () => {
  test('says plainly that Research needs a model, records nothing, and the quick answer it offers instead works', async () => {
    const b = await visitor();
    const refused = await ask(b, { query_str: 'Write me a report on sharing threads', answer_depth: 'research' });
    expect(refused.status).toBe(422);
    expect(await refused.json()).toMatchObject({ code: 'research_needs_model', detail: expect.stringContaining('Research needs a configured language model') });
    expect((await b.get('/rest/threads')).json.total).toBe(0);
    const quick = await collect(await ask(b, { query_str: 'Write me a report on sharing threads', answer_depth: 'quick' }));
    expect(quick.at(-1)?.event).toBe('completed');
    expect((await b.get(`/rest/threads/entries/${quick[0].data.backend_uuid}/research`)).status).toBe(404);
  });
});
