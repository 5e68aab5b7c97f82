// Search filters and model choice by plan on the real server, with SearXNG and the model as
// loopback fakes: what SearXNG is asked for each filter, excluded domains never sources, the
// filters kept with the answer, refusals with stable codes that record nothing; and which model
// answers a visitor, a Free, a Pro and a Max person who name one or saved a default.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startLlmFake } from '../fakes/llm.js';
import { startSearxngFake } from '../fakes/searxng.js';
import { createTestDatabase } from '../support/database.js';
import type { Browser } from '../support/http.js';
import { askStream, signedUp, visitor } from '../support/people.js';
import { startServerProcess, type ServerProcess } from '../support/server-process.js';
import { collect } from '../support/sse.js';

const ADMIN = `filters.admin.${Date.now()}@admin.example`;
const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000).toISOString();
const WEB = [
  { url: 'https://en.wikipedia.org/wiki/Entropy', title: 'Entropy', content: 'Entropy measures disorder.', publishedDate: hoursAgo(0.5) },
  { url: 'https://www.reddit.com/r/physics/entropy', title: 'Reddit on entropy', content: 'Entropy is disorder, says a post.', publishedDate: hoursAgo(3) },
  { url: 'https://old.example.com/entropy', title: 'Old page', content: 'Entropy in an old page.', publishedDate: hoursAgo(24 * 40) },
  { url: 'https://undated.example.org/entropy', title: 'Undated', content: 'Entropy with no date.' },
];

let database: { url: string; drop: () => Promise<void> };
let server: ServerProcess;
let llm: Awaited<ReturnType<typeof startLlmFake>>;
let searx: Awaited<ReturnType<typeof startSearxngFake>>;
let admin: Browser;

beforeAll(async () => {
  database = await createTestDatabase('search_filters');
  llm = await startLlmFake({ chunks: ['Entropy measures disorder [1].'] });
  searx = await startSearxngFake(WEB);
  server = await startServerProcess({
    databaseUrl: database.url,
    env: {
      LLM_BASE_URL: llm.baseUrl,
      LLM_MODEL: 'fake-model',
      LLM_MODELS: 'fake-model=Fake One,other-model=Other Two',
      SEARXNG_URL: searx.url,
      ADMIN_EMAILS: ADMIN,
    },
  });
  admin = await signedUp(server.url, 'Admin', ADMIN);
});
afterAll(async () => {
  await server?.stop();
  await llm?.close();
  await searx?.close();
  await database?.drop();
});

const ask = async (b: Browser, body: Record<string, unknown>) => collect(await askStream(server.url, b, { query_str: 'What is entropy?', ...body }));
const entryOf = async (b: Browser, slug: string) => (await b.get(`/rest/thread/${slug}`)).json.entries.at(-1);
const webUrls = (sources: { url: string }[]) => sources.map((s) => s.url).filter((u) => u.startsWith('https://'));

/** A signed-up person on `plan`, recorded by the administrator (an incentive subscription). */
async function personOn(plan: 'free' | 'pro' | 'max') {
  const b = await signedUp(server.url, `Person ${plan}`);
  if (plan === 'free') return b;
  const email = (await b.get('/rest/session')).json.user.email;
  const res = await admin.post('/rest/admin/billing/subscription-source', { email, source: 'incentive', plan, interval: 'monthly', status: 'active' });
  expect(res.status, res.text).toBe(200);
  expect((await b.get('/rest/session')).json.user.capabilities.maxModelSelection).toBe(plan === 'max');
  return b;
}

describe('search filters', () => {
  test('domains, recency and the academic focus reach SearXNG; excluded domains are never sources; the filters stay with the answer', async () => {
    const v = await visitor(server.url);
    const filters = { search_domain_filter: ['-Reddit.com', 'www.wikipedia.org', 'example.com'], search_recency_filter: 'week', search_focus: 'academic' };
    const events = await ask(v, filters);
    expect(events.at(-1)?.event).toBe('completed');
    const shown = { search_domain_filter: ['-reddit.com', 'wikipedia.org', 'example.com'], search_recency_filter: 'week', search_focus: 'academic' };
    expect(events[0].data.search_filters).toEqual(shown);
    const asked = searx.requests.at(-1)!;
    expect(asked).toEqual({
      q: 'What is entropy? site:wikipedia.org OR site:example.com -site:reddit.com',
      categories: 'science',
      time_range: 'week',
      format: 'json',
    });
    // Reddit is out; the 40-day-old page is older than a week; the undated one is in no named domain.
    const sources = events.find((e) => e.event === 'sources')!.data.sources;
    expect(webUrls(sources)).toEqual(['https://en.wikipedia.org/wiki/Entropy']);
    const saved = await entryOf(v, events[0].data.thread_url_slug);
    expect(saved.search_filters).toEqual(shown);
    expect(webUrls(saved.sources)).toEqual(['https://en.wikipedia.org/wiki/Entropy']);
  });

  test('the last hour asks SearXNG for a day and keeps only results dated within the hour; no filters, no extra parameters', async () => {
    const v = await visitor(server.url);
    const hour = await ask(v, { search_recency_filter: 'hour' });
    expect(searx.requests.at(-1)).toEqual({ q: 'What is entropy?', time_range: 'day', format: 'json' });
    expect(webUrls(hour.find((e) => e.event === 'sources')!.data.sources)).toEqual(['https://en.wikipedia.org/wiki/Entropy']);

    const plain = await ask(v, { search_domain_filter: [] });
    expect(searx.requests.at(-1)).toEqual({ q: 'What is entropy?', format: 'json' });
    expect(plain[0].data.search_filters).toBeUndefined();
    expect(webUrls(plain.find((e) => e.event === 'sources')!.data.sources)).toEqual(WEB.map((r) => r.url));
    expect((await entryOf(v, plain[0].data.thread_url_slug)).search_filters).toBeUndefined();
  });

  test('bad filters are refused with stable codes and record nothing', async () => {
    const v = await visitor(server.url);
    const before = searx.requests.length;
    const refusals = [
      [{ search_domain_filter: Array.from({ length: 21 }, (_, i) => `site${i}.example`) }, 'too_many_filter_domains'],
      [{ search_domain_filter: ['wikipedia.org', 'https://evil.example/path'] }, 'invalid_domain_filter'],
      [{ search_domain_filter: ['-'] }, 'invalid_domain_filter'],
      [{ search_recency_filter: 'decade' }, 'invalid_request'],
      [{ search_focus: 'news' }, 'invalid_request'],
      [{ search_domain_filter: 'wikipedia.org' }, 'invalid_request'],
    ] as const;
    for (const [body, code] of refusals) {
      const res = await v.post('/rest/threads/ask', { query_str: 'What is entropy?', ...body });
      expect([res.status, res.json.code], JSON.stringify(body)).toEqual([400, code]);
      expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    }
    expect(searx.requests.length).toBe(before);
    expect((await v.get('/rest/threads')).json.total).toBe(0);
  });
});

describe('model choice by plan', () => {
  const streamedModels = (from: number) =>
    llm.requests
      .slice(from)
      .filter((r) => r.stream)
      .map((r) => r.model);

  test("a visitor's, a Free and a Pro person's model_preference is answered by the default model; a Max person's by the model named", async () => {
    const people = { visitor: await visitor(server.url), free: await personOn('free'), pro: await personOn('pro'), max: await personOn('max') };
    const answered: Record<string, unknown> = {};
    for (const [who, b] of Object.entries(people)) {
      const from = llm.requests.length;
      const events = await ask(b, { model_preference: 'other-model' });
      expect(events.at(-1)?.event, who).toBe('completed');
      answered[who] = { event: events[0].data.model, entry: (await entryOf(b, events[0].data.thread_url_slug)).model, llm: streamedModels(from) };
    }
    const first = { event: 'fake-model', entry: 'fake-model', llm: ['fake-model'] };
    expect(answered).toEqual({ visitor: first, free: first, pro: first, max: { event: 'other-model', entry: 'other-model', llm: ['other-model'] } });
    // An unconfigured model is refused whoever names it.
    for (const b of Object.values(people))
      expect((await b.post('/rest/threads/ask', { query_str: 'Hi', model_preference: 'gpt-9' })).json.code).toBe('unknown_model');
  });

  test("the rewrite upsell's follow-up is its sample of the model it offers, for any plan; the same source on a new thread is not", async () => {
    const free = await personOn('free');
    const first = await ask(free, {});
    const context_uuid = first[0].data.context_uuid;
    const from = llm.requests.length;
    const rewrite = await ask(free, { context_uuid, model_preference: 'other-model', source: 'rewrite-upsell' });
    expect(rewrite[0].data.model).toBe('other-model');
    expect(streamedModels(from)).toEqual(['other-model']);
    const fresh = await ask(free, { model_preference: 'other-model', source: 'rewrite-upsell' });
    expect(fresh[0].data.model).toBe('fake-model');
  });

  test("the default model: a Max person's choice answers; anyone else may keep only the server's first, refused with 403 otherwise", async () => {
    const free = await personOn('free');
    expect((await free.get('/rest/account/assistant')).json).toMatchObject({ default_model: 'fake-model', chosen: false, model_selection: false });
    const refused = await free.send('PUT', '/rest/account/assistant', { json: { default_model: 'other-model' } });
    expect([refused.status, refused.json.code]).toEqual([403, 'model_selection_not_in_plan']);
    expect((await free.send('PUT', '/rest/account/assistant', { json: { default_model: 'fake-model' } })).status).toBe(200);

    const max = await personOn('max');
    expect((await max.get('/rest/account/assistant')).json).toMatchObject({ model_selection: true });
    const chosen = await max.send('PUT', '/rest/account/assistant', { json: { default_model: 'other-model' } });
    expect(chosen.json).toMatchObject({ default_model: 'other-model', chosen: true, model_selection: true });
    const from = llm.requests.length;
    const events = await ask(max, {});
    expect(events[0].data.model).toBe('other-model');
    expect(streamedModels(from)).toEqual(['other-model']);

    // The plan lapses to Free: the saved choice is kept but the server's first model answers.
    const email = (await max.get('/rest/session')).json.user.email;
    const lapsed = await admin.post('/rest/admin/billing/subscription-source', {
      email,
      source: 'incentive',
      plan: 'max',
      interval: 'monthly',
      status: 'canceled',
    });
    expect(lapsed.status, lapsed.text).toBe(200);
    expect((await max.get('/rest/account/assistant')).json).toMatchObject({ default_model: 'fake-model', chosen: false, model_selection: false });
    expect((await ask(max, {}))[0].data.model).toBe('fake-model');
  });
});
