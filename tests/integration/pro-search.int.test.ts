// Pro Search on the real server (issue 33), against loopback fakes: an LLM fake that plans the
// searches as structured output, a SearXNG fake answering each search with its own pages of a
// local site. A Pro Search runs the planned searches, reads their pages (merged, once each) and
// keeps its steps with the entry; a plan the model botches is made by the offline planner; the
// quota holds per plan (Free: the day's limit, then a quick answer with the upgrade prompt; Pro:
// unlimited; a visitor: quick, with the sign-up prompt; where the answer would not search the
// web, quick and not counted).
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startLlmFake } from '../fakes/llm.js';
import { type SearxResult, startSearxngFake } from '../fakes/searxng.js';
import { SITE_DOCUMENTS, startWebSite } from '../fakes/web-site.js';
import { createTestDatabase } from '../support/database.js';
import type { Browser } from '../support/http.js';
import { askStream, signedUp, visitor } from '../support/people.js';
import { startServerProcess, type ServerProcess } from '../support/server-process.js';
import { collect, type SseEvent } from '../support/sse.js';

const ADMIN = `prosearch.admin.${Date.now()}@admin.example`;
const QUESTION = 'Compare pressure cooking with boiling water at high altitude';
const PLAN = ['pressure cooking at altitude', 'boiling point of water at altitude', 'cooking on Everest'];

let database: { url: string; drop: () => Promise<void> };
let server: ServerProcess;
let llm: Awaited<ReturnType<typeof startLlmFake>>;
let searx: Awaited<ReturnType<typeof startSearxngFake>>;
let site: Awaited<ReturnType<typeof startWebSite>>;
let admin: Browser;

/** Each search finds its own page, and the boiling page is found by two of them (merged once). */
const bySearch = (q: string): SearxResult[] => {
  const page = (doc: string, title: string) => ({ url: `${site.url}/docs/${doc}`, title, content: `${title}, a snippet.` });
  const found: SearxResult[] = [];
  if (/pressure/i.test(q)) found.push(page('pressure-cooking', 'Pressure cooking'));
  if (/boil/i.test(q)) found.push(page('altitude-boiling', 'Boiling point'));
  if (/everest/i.test(q)) found.push(page('everest-expedition', 'Everest'), page('altitude-boiling', 'Boiling point'));
  return found;
};

beforeAll(async () => {
  database = await createTestDatabase('pro_search');
  site = await startWebSite();
  searx = await startSearxngFake(bySearch);
  llm = await startLlmFake({
    chunks: ['At altitude water boils cooler [2], and a pressure cooker raises the boiling point [1].'],
    plan: JSON.stringify({ searches: PLAN }),
  });
  server = await startServerProcess({
    databaseUrl: database.url,
    env: {
      LLM_BASE_URL: llm.baseUrl,
      LLM_MODEL: 'fake-model',
      SEARXNG_URL: searx.url,
      SPACE_LINKS_ALLOW_PRIVATE_HOSTS: site.hostPort,
      PRO_SEARCH_DAILY_LIMIT: '1',
      ADMIN_EMAILS: ADMIN,
    },
  });
  admin = await signedUp(server.url, 'Admin', ADMIN);
});
afterAll(async () => {
  await server?.stop();
  await llm?.close();
  await searx?.close();
  await site?.close();
  await database?.drop();
});

const ask = async (b: Browser, body: Record<string, unknown> = {}) =>
  collect(await askStream(server.url, b, { query_str: QUESTION, search_mode: 'web', answer_depth: 'pro', ...body }));
const answerOf = (events: SseEvent[]) =>
  events
    .filter((e) => e.event === 'delta')
    .map((e) => e.data.text)
    .join('');
const textOf = (name: string) =>
  SITE_DOCUMENTS[name]
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .replace(/\s+([.,;:!?])/g, '$1');

async function personOn(plan: 'free' | 'pro') {
  const b = await signedUp(server.url, `Person ${plan}`);
  if (plan === 'free') return b;
  const email = (await b.get('/rest/session')).json.user.email;
  const res = await admin.post('/rest/admin/billing/subscription-source', { email, source: 'incentive', plan, interval: 'monthly', status: 'active' });
  expect(res.status, res.text).toBe(200);
  expect((await b.get('/rest/session')).json.user.capabilities.unlimitedProSearch).toBe(true);
  return b;
}

describe('Pro Search', () => {
  test('runs the planned searches, reads their pages once each, cites passages of them, and keeps its steps with the entry', async () => {
    const person = await personOn('pro');
    const asked = searx.queries.length;
    const events = await ask(person);
    expect(events.at(-1)!.event).toBe('completed');
    expect(events[0].data.answer_depth).toBe('pro');

    // The model planned the searches (structured output); the question is searched first, then each planned search.
    expect(searx.queries.slice(asked).sort()).toEqual([QUESTION, ...PLAN].sort());
    const statuses = events.filter((e) => e.event === 'status').map((e) => e.data);
    expect(statuses.map((s) => s.step)).toEqual(['planning', 'searching', 'reading', 'writing']);
    expect(statuses[1].queries).toEqual([QUESTION, ...PLAN]);

    // The steps come before the sources, and name the merged pages: the boiling page once, though found twice.
    const steps = events.find((e) => e.event === 'pro_search')!.data;
    expect(events.findIndex((e) => e.event === 'pro_search')).toBeLessThan(events.findIndex((e) => e.event === 'sources'));
    expect(steps.queries).toEqual([QUESTION, ...PLAN]);
    expect(steps.planner).toBe('model');
    expect(steps.pages.map((p: { url: string }) => p.url.replace(site.url, '')).sort()).toEqual(
      ['/docs/altitude-boiling', '/docs/everest-expedition', '/docs/pressure-cooking'].sort(),
    );
    expect(steps.sources_read).toBe(3);
    expect(steps.duration_ms).toBeGreaterThanOrEqual(0);
    for (const doc of ['altitude-boiling', 'everest-expedition', 'pressure-cooking']) expect(site.hits(`/docs/${doc}`).full).toBe(1);

    // Its web sources are passages of the pages read, and the answer cites them.
    const sources = events.find((e) => e.event === 'sources')!.data.sources as { url: string; snippet: string }[];
    const web = sources.filter((s) => s.url.startsWith(site.url));
    expect(web.length).toBeGreaterThanOrEqual(3);
    for (const s of web) expect(textOf(/\/docs\/([\w-]+)/.exec(s.url)![1])).toContain(s.snippet.replace(/\.\.\.$/, '').slice(0, 120));
    expect(answerOf(events)).toContain('[1]');

    // A reload shows the same steps, and so does the resumed stream.
    const entry = (await person.get(`/rest/thread/${events[0].data.thread_url_slug}`)).json.entries.at(-1);
    expect(entry.pro_search_steps).toEqual(steps);
    const resumed = await collect(
      await fetch(`${server.url}/rest/threads/entries/${events[0].data.backend_uuid}/events`, { headers: { cookie: person.cookieHeader() } }),
    );
    expect(resumed.find((e) => e.event === 'pro_search')?.data).toEqual(steps);
  });

  test('a plan the model botches is made by the offline planner', async () => {
    const person = await personOn('pro');
    llm.script({ chunks: ['Water boils cooler up high [1].'], plan: 'I would search the web.' });
    const asked = searx.queries.length;
    const events = await ask(person, { query_str: 'What is the boiling point of water on Everest and in a pressure cooker?' });
    expect(events.at(-1)!.event).toBe('completed');
    const steps = events.find((e) => e.event === 'pro_search')!.data;
    expect(steps.planner).toBe('offline');
    expect(steps.queries.length).toBeGreaterThanOrEqual(2);
    expect(steps.queries[0]).toBe('What is the boiling point of water on Everest and in a pressure cooker');
    expect(searx.queries.slice(asked).sort()).toEqual([...steps.queries].sort());
    llm.script({
      chunks: ['At altitude water boils cooler [2], and a pressure cooker raises the boiling point [1].'],
      plan: JSON.stringify({ searches: PLAN }),
    });
  });

  test('Free: the day’s Pro Searches, then a quick answer that says so with the upgrade prompt; a visitor gets quick with the sign-up prompt', async () => {
    const free = await personOn('free');
    const first = await ask(free);
    expect(first[0].data.answer_depth).toBe('pro');
    expect(first.some((e) => e.event === 'pro_search')).toBe(true);

    const asked = searx.queries.length;
    const second = await ask(free);
    expect(second.at(-1)!.event).toBe('completed');
    expect(second[0].data.answer_depth).toBe('quick');
    expect(second[0].data.pro_search_limit).toMatchObject({ reason: 'quota', used: 1, limit: 1, title: 'Upgrade to Pro' });
    expect(second.some((e) => e.event === 'pro_search')).toBe(false);
    expect(searx.queries.length - asked).toBe(1);
    expect(answerOf(second)).toMatch(/^You have used today's Pro Searches on your plan, so this is a quick search\./);
    const entry = (await free.get(`/rest/thread/${second[0].data.thread_url_slug}`)).json.entries.at(-1);
    expect(entry.pro_search_steps).toBeUndefined();

    const v = await visitor(server.url);
    const quick = await ask(v);
    expect(quick[0].data.answer_depth).toBe('quick');
    expect(quick[0].data.pro_search_limit).toMatchObject({ reason: 'sign_in', description: 'Unlock Pro Search and History' });
    expect(answerOf(quick)).toMatch(/^Pro Search needs an account/);
  });

  test('Free: a Pro Search asked in a Space that keeps to its own sources is answered quick and not counted', async () => {
    const free = await personOn('free');
    const space = (await free.post('/rest/collections/create_collection', { title: 'Own sources', enable_web_by_default: false })).json;
    const asked = searx.queries.length;
    const inSpace = await ask(free, { search_mode: 'auto', collection_uuid: space.uuid });
    expect(inSpace.at(-1)!.event).toBe('completed');
    expect(inSpace[0].data.answer_depth).toBe('quick');
    expect(inSpace[0].data.pro_search_limit).toBeUndefined();
    expect(searx.queries.length).toBe(asked);
    // The day's one Pro Search is still there.
    const outside = await ask(free);
    expect(outside[0].data.answer_depth).toBe('pro');
    expect(outside.some((e) => e.event === 'pro_search')).toBe(true);
  });

  test('Pro: unlimited Pro Searches', async () => {
    const pro = await personOn('pro');
    for (let i = 0; i < 2; i++) {
      const events = await ask(pro);
      expect(events[0].data.answer_depth).toBe('pro');
      expect(events[0].data.pro_search_limit).toBeUndefined();
    }
  });
});
