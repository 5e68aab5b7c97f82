// Memories on the real server and PostgreSQL (seed 003, issue 18): found after an answer in the
// person's own question (never in an incognito thread), used and cited in a later answer, kept
// out of answers once marked not helpful; every call is the owner's alone (owner, stranger,
// visitor rows) and a memory key of another person answers 404 `memory_not_found`.
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { createTestDatabase } from '../support/database.js';
import type { Browser } from '../support/http.js';
import { askStream, signedUp, visitor } from '../support/people.js';
import { collect } from '../support/sse.js';
import { startServerProcess, type ServerProcess } from '../support/server-process.js';

let database: { url: string; drop: () => Promise<void> };
let server: ServerProcess;

beforeAll(async () => {
  database = await createTestDatabase('memories');
  server = await startServerProcess({ databaseUrl: database.url });
});
afterAll(async () => {
  await server?.stop();
  await database?.drop();
});

type Source = { url: string; name: string; snippet: string; is_memory?: boolean; is_conversation_history?: boolean; timestamp?: string };
type Memory = { memory_key: string; content: string; origin: string; feedback: string | null; is_thumbs_down: boolean };

const put = (b: Browser, path: string, json: unknown) => b.send('PUT', path, { json });
const del = (b: Browser, path: string) => b.send('DELETE', path);

/** Asks and returns the recorded sources and the answer's text. */
async function ask(b: Browser, query_str: string, extra: Record<string, unknown> = {}) {
  const events = await collect(await askStream(server.url, b, { query_str, ...extra }));
  expect(events.at(-1)?.event).toBe('completed');
  const sources = (events.findLast((e) => e.event === 'sources')?.data as { sources: Source[] } | undefined)?.sources ?? [];
  const text = events
    .filter((e) => e.event === 'delta')
    .map((e) => (e.data as { text: string }).text)
    .join('');
  return { thread: events[0].data as { backend_uuid: string }, sources, text };
}

const memoriesOf = async (b: Browser, query = '') => (await b.get(`/rest/memories/list${query}`)).json as { memories: Memory[]; total_memory_count: number };

describe('memories from answers', () => {
  test('found in the person’s question after the answer, used and cited later, and not after “not helpful”', async () => {
    const ada = await signedUp(server.url, 'Ada');
    const first = await ask(ada, 'I am vegetarian. What can I cook with lentils?');
    await vi.waitFor(async () => expect((await memoriesOf(ada)).memories.map((m) => m.content)).toEqual(['I am vegetarian']), {
      timeout: 20_000,
      interval: 200,
    });
    const [memory] = (await memoriesOf(ada)).memories;
    expect(memory).toMatchObject({ origin: 'answer', feedback: null, is_thumbs_down: false });
    expect((await ada.get(`/rest/memories/get?memory_key=${memory.memory_key}`)).json.memories[0]).toMatchObject({
      from_entry_uuid: first.thread.backend_uuid,
    });

    const later = await ask(ada, 'Which vegetarian dishes are quick?');
    const cited = later.sources.findIndex((s) => s.is_memory);
    expect(later.sources[cited]).toMatchObject({ url: `/account/memories/${memory.memory_key}`, snippet: 'I am vegetarian', is_memory: true });
    expect(later.text).toContain(`[${cited + 1}]`);

    const toggled = await ada.post(
      `/rest/memories/toggle_entry_feedback?entry_uuid=${memory.memory_key}&feedback=not_helpful&should_forget=true&feedback_entry_uuid=${later.thread.backend_uuid}`,
      {},
    );
    expect(toggled.json).toMatchObject({ entry_uuid: memory.memory_key, is_thumbs_down: true, should_forget: true });
    expect((await ada.get(`/rest/memories/get_entries?entry_uuid=${memory.memory_key}`)).json.entries[0].is_thumbs_down).toBe(true);
    const after = await ask(ada, 'Which vegetarian dishes are quick?');
    expect(after.sources.some((s) => s.is_memory)).toBe(false);
  });

  test('an earlier related question of the person is a source (conversation history); never another person’s, and none while memories are off', async () => {
    const dee = await signedUp(server.url, 'Dee');
    const eve = await signedUp(server.url, 'Eve');
    const first = await ask(dee, 'How do I bake sourdough bread?');
    const later = await ask(dee, 'Why does sourdough bread not rise?');
    const history = later.sources.filter((s) => s.is_conversation_history);
    expect(history).toHaveLength(1);
    expect(history[0].url).toMatch(new RegExp(`^/search/[^/]+/${first.thread.backend_uuid}$`));
    expect(history[0].snippet).toContain('How do I bake sourdough bread?');
    expect((await ask(eve, 'Why does sourdough bread not rise?')).sources.some((s) => s.is_conversation_history)).toBe(false);
    expect((await put(dee, '/rest/memories/settings', { enabled: false })).json).toEqual({ enabled: false });
    expect((await ask(dee, 'Is sourdough bread healthy?')).sources.some((s) => s.is_conversation_history || s.is_memory)).toBe(false);
  });

  test('nothing is remembered from an incognito thread, from a visitor, or when memories are off', async () => {
    const bea = await signedUp(server.url, 'Bea');
    await ask(bea, 'I am a pilot. What is a holding pattern?', { incognito: true });
    expect((await put(bea, '/rest/memories/settings', { enabled: false })).json).toEqual({ enabled: false });
    await ask(bea, 'I prefer tea. Where does tea grow?');
    const v = await visitor(server.url);
    await ask(v, 'I am a visitor. What is a holding pattern?');
    // A later answer that does get a memory shows the consumer has passed the earlier ones.
    expect((await put(bea, '/rest/memories/settings', { enabled: true })).json).toEqual({ enabled: true });
    await ask(bea, 'My town is Lyon. What is near it?');
    await vi.waitFor(async () => expect((await memoriesOf(bea)).memories.map((m) => m.content)).toEqual(['My town is Lyon']), {
      timeout: 20_000,
      interval: 200,
    });
  });
});

describe('the calls', () => {
  test('add, edit, list with query and pages, get, feedback, delete and delete-all', async () => {
    const cy = await signedUp(server.url, 'Cy');
    const added = await cy.post('/rest/memories/add', { content: ' I live in Oslo ' });
    expect(added.status).toBe(201);
    const key = (added.json as Memory).memory_key;
    expect(added.json).toMatchObject({ content: 'I live in Oslo', origin: 'manual' });
    expect((await cy.post('/rest/memories/add', { content: 'i live in oslo.' })).json.code).toBe('memory_exists');
    expect((await cy.post('/rest/memories/add', { content: '   ' })).json.code).toBe('memory_content_required');
    for (let i = 0; i < 22; i++) expect((await cy.post('/rest/memories/add', { content: `Fact number ${i}` })).status).toBe(201);
    const page = await memoriesOf(cy);
    expect([page.memories.length, page.total_memory_count]).toEqual([20, 23]);
    expect((await memoriesOf(cy, '?offset=20')).memories).toHaveLength(3);
    expect((await memoriesOf(cy, '?query=OSLO')).memories.map((m) => m.content)).toEqual(['I live in Oslo']);
    expect((await memoriesOf(cy, '?query=%25')).total_memory_count).toBe(0);

    expect((await put(cy, `/rest/memories/edit?memory_key=${key}`, { content: 'I live in Bergen' })).json).toMatchObject({ content: 'I live in Bergen' });
    const fb = await cy.post('/rest/memories/feedback', { memory_key: key, type: 'out_of_date', shouldForget: true });
    expect(fb.json).toMatchObject({ feedback: 'not_helpful', is_thumbs_down: true, should_forget: true, feedback_type: 'out_of_date' });
    expect((await cy.post('/rest/memories/feedback', { memory_key: key, type: 'comment', comment: '' })).json.code).toBe('memory_feedback_comment_required');
    expect((await cy.post('/rest/memories/feedback', { memory_key: key, type: 'comment', comment: 'Moved again' })).json.feedback_comment).toBe('Moved again');
    // Clicking the verdict already given clears it.
    expect((await cy.post(`/rest/memories/toggle_entry_feedback?entry_uuid=${key}&feedback=not_helpful`, {})).json).toMatchObject({
      feedback: null,
      is_thumbs_down: false,
    });

    expect((await del(cy, `/rest/memories/delete?memory_key=${key}`)).status).toBe(204);
    expect((await cy.get(`/rest/memories/get?memory_key=${key}`)).json.code).toBe('memory_not_found');
    expect((await del(cy, '/rest/memories/delete-all')).status).toBe(204);
    expect(await memoriesOf(cy)).toEqual({ memories: [], total_memory_count: 0 });
  });

  test('authorization: the owner’s memory is found by nobody else; a visitor is asked to sign in', async () => {
    const owner = await signedUp(server.url, 'Olga');
    const stranger = await signedUp(server.url, 'Stan');
    const key = ((await owner.post('/rest/memories/add', { content: 'I am left-handed' })).json as Memory).memory_key;
    const calls = (b: Browser) => [
      b.get(`/rest/memories/get?memory_key=${key}`),
      b.get(`/rest/memories/get_entries?entry_uuid=${key}`),
      b.post(`/rest/memories/toggle_entry_feedback?entry_uuid=${key}&feedback=helpful`, {}),
      b.post('/rest/memories/feedback', { memory_key: key, type: 'accurate' }),
      put(b, `/rest/memories/edit?memory_key=${key}`, { content: 'Mine now' }),
      del(b, `/rest/memories/delete?memory_key=${key}`),
    ];
    for (const r of await Promise.all(calls(stranger))) expect([r.status, r.json?.code]).toEqual([404, 'memory_not_found']);
    // The stranger's delete-all and list touch only their own.
    expect((await del(stranger, '/rest/memories/delete-all')).status).toBe(204);
    expect((await memoriesOf(stranger)).total_memory_count).toBe(0);

    const v = await visitor(server.url);
    for (const r of await Promise.all([
      ...calls(v),
      v.get('/rest/memories/list'),
      del(v, '/rest/memories/delete-all'),
      v.post('/rest/memories/add', { content: 'x' }),
      v.get('/rest/memories/settings'),
      put(v, '/rest/memories/settings', { enabled: false }),
    ]))
      expect([r.status, r.json?.code]).toEqual([401, 'unauthenticated']);

    expect((await owner.get(`/rest/memories/get_entries?entry_uuid=${key}`)).json.entries).toHaveLength(1);
    expect((await owner.post(`/rest/memories/toggle_entry_feedback?entry_uuid=${key}&feedback=helpful`, {})).status).toBe(200);
    expect((await owner.post('/rest/memories/feedback', { memory_key: key, type: 'accurate' })).status).toBe(200);
    expect((await owner.get(`/rest/memories/get?memory_key=${key}`)).json.memories[0]).toMatchObject({ content: 'I am left-handed', feedback: 'helpful' });
  });
});
