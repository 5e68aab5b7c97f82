// Research reports (issue 33) on the real server and PostgreSQL, against loopback fakes: a SearXNG
// fake whose results are a local site's pages, and an LLM fake scripting the plan, the gaps and
// each section. A report has its sections, each citation quoting a fetched page; its steps stream
// as `status` and are kept; it can be stopped and keeps what it wrote; the quota holds per plan; and
// the authorization rows of its operations.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startLlmFake } from '../fakes/llm.js';
import { startSearxngFake } from '../fakes/searxng.js';
import { SITE_DOCUMENTS, startWebSite } from '../fakes/web-site.js';
import { createTestDatabase } from '../support/database.js';
import type { Browser } from '../support/http.js';
import { organisationWith } from '../support/org-members.js';
import { askStream, signedUp, visitor } from '../support/people.js';
import { RESEARCH_SECTIONS, researchScript, writerHold } from '../support/research-llm.js';
import { startServerProcess, type ServerProcess } from '../support/server-process.js';
import { collect, type SseEvent, sseEvents } from '../support/sse.js';

const ADMIN = 'research.admin@example.com';
const QUESTION = 'How does altitude change the boiling point of water and cooking?';

let database: { url: string; drop: () => Promise<void> };
let server: ServerProcess;
let llm: Awaited<ReturnType<typeof startLlmFake>>;
let searx: Awaited<ReturnType<typeof startSearxngFake>>;
let site: Awaited<ReturnType<typeof startWebSite>>;
let admin: Browser;
const hold = writerHold();

beforeAll(async () => {
  database = await createTestDatabase('research');
  site = await startWebSite();
  llm = await startLlmFake({ chunks: ['Quick [1].'], respond: researchScript({ hold }) });
  searx = await startSearxngFake(
    ['altitude-boiling', 'pressure-cooking', 'everest-expedition'].map((doc) => ({ url: `${site.url}/docs/${doc}`, title: doc, content: `About ${doc}.` })),
  );
  server = await startServerProcess({
    databaseUrl: database.url,
    env: {
      LLM_BASE_URL: llm.baseUrl,
      LLM_MODEL: 'fake-model',
      SEARXNG_URL: searx.url,
      SPACE_LINKS_ALLOW_PRIVATE_HOSTS: site.hostPort,
      ADMIN_EMAILS: ADMIN,
      RESEARCH_FREE_PER_DAY: '1',
      RESEARCH_PRO_PER_DAY: '2',
    },
  });
  admin = await signedUp(server.url, 'Admin', ADMIN);
});
afterAll(async () => {
  // A held writer is let go, so a test that failed before releasing it leaves no request hanging.
  hold.release();
  await server?.stop();
  await llm?.close();
  await searx?.close();
  await site?.close();
  await database?.drop();
});

async function personOn(plan: 'free' | 'pro' | 'max') {
  const b = await signedUp(server.url, `Researcher ${plan}`);
  if (plan === 'free') return b;
  const email = (await b.get('/rest/session')).json.user.email;
  const res = await admin.post('/rest/admin/billing/subscription-source', { email, source: 'incentive', plan, interval: 'monthly', status: 'active' });
  expect(res.status, res.text).toBe(200);
  return b;
}

const research = async (b: Browser, query_str = QUESTION) => askStream(server.url, b, { query_str, answer_depth: 'research', search_mode: 'web' });
const textOf = (events: SseEvent[]) =>
  events
    .filter((e) => e.event === 'delta')
    .map((e) => e.data.text)
    .join('');
/** The site's documents as plain text, to find a quoted sentence in. */
const pageTexts = Object.values(SITE_DOCUMENTS).map((html) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&[a-z]+;/g, ' ')
    .replace(/\s+/g, ' '),
);

describe('a Research report', () => {
  test('plans, searches, reads, reflects and writes its sections, each citation quoting a fetched page; its steps are kept', { timeout: 60_000 }, async () => {
    const free = await personOn('free');
    const res = await research(free);
    expect(res.status).toBe(200);
    const events = await collect(res);
    const kinds = events.map((e) => e.event);
    expect(kinds[0]).toBe('thread');
    expect(kinds.at(-1)).toBe('completed');
    expect(events.at(-1)!.data.status).toBe('completed');
    // Progress comes first, "Step N of M: …", and the sources before any text.
    const statuses = events.filter((e) => e.event === 'status').map((e) => e.data);
    expect(statuses[0]).toMatchObject({ step: 'planning', step_number: 1 });
    expect(statuses.map((s) => s.text)).toContainEqual(expect.stringMatching(/^Step 3 of 8: reading \d+ sources$/));
    expect(statuses.at(-1)).toMatchObject({ step: 'writing', step_number: 8, step_count: 8 });
    expect(statuses.at(-1)!.text).toBe(`Step 8 of 8: writing ${RESEARCH_SECTIONS[1]}`);
    expect(kinds.indexOf('sources')).toBeLessThan(kinds.indexOf('delta'));
    // The reviewer's gap was searched too.
    expect(searx.queries).toEqual(expect.arrayContaining(['boiling point of water at altitude', 'pressure cooking at altitude', 'everest expedition cooking']));

    const { backend_uuid, thread_url_slug } = events[0].data;
    const entry = (await free.get(`/rest/thread/${thread_url_slug}`)).json.entries[0];
    expect(entry.status).toBe('completed');
    // Known as a report after a reload without guessing from its headings.
    expect(entry.research_report).toBe(true);
    expect(entry.answer).toBe(textOf(events).trimEnd());
    for (const title of RESEARCH_SECTIONS) expect(entry.answer).toContain(`## ${title}`);
    // Every [n] points at a kept source, and the sentence before it is in the page that source was read from.
    const cited = [...entry.answer.matchAll(/([^\n]+?) \[(\d+)\]/g)].map((m) => ({ sentence: m[1].trim(), n: Number(m[2]) }));
    expect(cited.length).toBe(2);
    for (const { sentence, n } of cited) {
      const source = entry.sources[n - 1];
      expect(source.url.startsWith(site.url)).toBe(true);
      expect(pageTexts.some((t) => t.includes(sentence))).toBe(true);
    }

    const report = await free.get(`/rest/threads/entries/${backend_uuid}/research`);
    expect(report.status).toBe(200);
    expect(report.json).toMatchObject({ backend_uuid, status: 'completed', step_count: 8, sections: RESEARCH_SECTIONS });
    expect(report.json.steps.map((s: { number: number; kind: string }) => [s.number, s.kind])).toEqual([
      [1, 'planning'],
      [2, 'searching'],
      [3, 'reading'],
      [4, 'reflecting'],
      [5, 'searching'],
      [6, 'reading'],
      [7, 'writing'],
      [8, 'writing'],
    ]);

    // The Free plan's one report a day is used: the next is refused, and nothing is recorded.
    const before = llm.requests.length;
    const refused = await research(free, 'A second report today?');
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ code: 'research_quota_reached', detail: expect.stringContaining('unlimited Research') });
    expect(llm.requests.length).toBe(before);
    expect((await free.get('/rest/threads')).json.total).toBe(1);
  });

  test('a quick answer is still a quick answer: answer_depth quick starts no report', async () => {
    const free = await personOn('free');
    const events = await collect(await askStream(server.url, free, { query_str: 'Boiling at altitude?', answer_depth: 'quick' }));
    expect(events.at(-1)!.event).toBe('completed');
    expect((await free.get(`/rest/threads/entries/${events[0].data.backend_uuid}/research`)).status).toBe(404);
    const entry = (await free.get(`/rest/thread/${events[0].data.thread_url_slug}`)).json.entries[0];
    expect(entry).not.toHaveProperty('research_report');
  });

  test('the quota holds per plan: Pro has its daily number, Max none; a visitor must sign in', { timeout: 90_000 }, async () => {
    const pro = await personOn('pro');
    const max = await personOn('max');
    for (let i = 0; i < 2; i++) expect((await collect(await research(pro, `Pro report ${i}`))).at(-1)!.event).toBe('completed');
    const past = await research(pro, 'Pro report 3');
    expect([past.status, (await past.json()).code]).toEqual([429, 'research_quota_reached']);
    for (let i = 0; i < 3; i++) expect((await collect(await research(max, `Max report ${i}`))).at(-1)!.event).toBe('completed');
    const anonymous = await research(await visitor(server.url));
    expect([anonymous.status, (await anonymous.json()).code]).toEqual([401, 'login_required']);
  });

  test('two reports asked at once past the last of the day: one starts, the other is told the quota', { timeout: 60_000 }, async () => {
    const free = await personOn('free');
    const [a, b] = await Promise.all([research(free, 'Race report one'), research(free, 'Race report two')]);
    // Refused up front (429), or admitted on the same count and then refused as it began: its stream says the quota.
    const outcomes = await Promise.all(
      [a, b].map(async (res) => {
        if (res.status !== 200) return { status: res.status, code: (await res.json()).code };
        const seen: SseEvent[] = [];
        for await (const e of sseEvents(res)) {
          seen.push(e);
          // The winner is stopped once under way: its report is not what this test is about.
          if (e.event === 'status') await free.post(`/rest/threads/entries/${seen[0].data.backend_uuid}/stop`);
        }
        return { status: 200, last: seen.at(-1)! };
      }),
    );
    const started = outcomes.filter((o) => o.status === 200 && o.last?.event === 'completed');
    expect(started).toHaveLength(1);
    const other = outcomes.find((o) => !started.includes(o))!;
    if (other.status === 200) expect(other.last).toMatchObject({ event: 'failed', data: { detail: expect.stringContaining('unlimited Research') } });
    else expect(other).toEqual({ status: 429, code: 'research_quota_reached' });
  });

  test('stopped while writing: the report keeps the sections it wrote, marked stopped', { timeout: 60_000 }, async () => {
    const max = await personOn('max');
    const res = await research(max, 'A held report on boiling at altitude');
    const seen: SseEvent[] = [];
    const reading = (async () => {
      for await (const e of sseEvents(res)) seen.push(e);
    })();
    // Stopped while the first section's writer is at work: that section is kept, the next not begun.
    await hold.entered;
    await expect.poll(() => seen.length).toBeGreaterThan(0);
    const { backend_uuid, thread_url_slug } = seen[0].data;
    expect((await max.post(`/rest/threads/entries/${backend_uuid}/stop`)).status).toBe(204);
    hold.release();
    await reading;
    expect(seen.at(-1)).toMatchObject({ event: 'completed', data: { status: 'stopped' } });
    const entry = (await max.get(`/rest/thread/${thread_url_slug}`)).json.entries[0];
    expect(entry.status).toBe('stopped');
    expect(entry.answer).toContain(`## ${RESEARCH_SECTIONS[0]}`);
    expect(entry.answer).not.toContain(`## ${RESEARCH_SECTIONS[1]}`);
    expect(entry.answer).toContain('Research stopped');
    expect(entry.sources.length).toBeGreaterThan(0);
    expect((await max.get(`/rest/threads/entries/${backend_uuid}/research`)).json).toMatchObject({ status: 'stopped' });
  });
});

describe('authorization rows', () => {
  test('getResearchReport and stopEntry on a report: owner, a reader of the shared thread, a stranger, anonymous', { timeout: 60_000 }, async () => {
    const owner = await personOn('max');
    const events = await collect(await research(owner, 'Who may read this report?'));
    const { backend_uuid, thread_url_slug } = events[0].data;
    const path = `/rest/threads/entries/${backend_uuid}/research`;
    const [stranger, anonymous, reader] = await Promise.all([signedUp(server.url, 'Stranger'), visitor(server.url), signedUp(server.url, 'Reader')]);
    const rows = async () => ({
      owner: (await owner.get(path)).status,
      stranger: (await stranger.get(path)).status,
      anonymous: (await anonymous.get(path)).status,
    });
    expect(await rows()).toEqual({ owner: 200, stranger: 404, anonymous: 404 });
    // Shared with everyone: its readers see its progress; only its owner may stop it.
    expect((await owner.send('PUT', `/rest/thread/${thread_url_slug}/access`, { json: { thread_access: 'public read' } })).status).toBe(200);
    expect({ ...(await rows()), reader: (await reader.get(path)).status }).toEqual({ owner: 200, stranger: 200, anonymous: 200, reader: 200 });
    const stops = {
      reader: (await reader.post(`/rest/threads/entries/${backend_uuid}/stop`)).status,
      anonymous: (await anonymous.post(`/rest/threads/entries/${backend_uuid}/stop`)).status,
      owner: (await owner.post(`/rest/threads/entries/${backend_uuid}/stop`)).status,
    };
    expect(stops).toEqual({ reader: 403, anonymous: 403, owner: 204 });
  });

  test("an organisation's member reads a report shared with the organisation, and may not stop it; a stranger still may not read it", {
    timeout: 60_000,
  }, async () => {
    const owner = await signedUp(server.url, 'Org Owner');
    const email = `org.member.${Date.now()}@example.com`;
    const member = await signedUp(server.url, 'Org Member', email);
    await organisationWith(owner, database.url, 'Research Org', [{ b: member, email }]);
    const events = await collect(await research(owner, 'A report for the organisation'));
    expect(events.at(-1)!.event).toBe('completed');
    const { backend_uuid, thread_url_slug } = events[0].data;
    const path = `/rest/threads/entries/${backend_uuid}/research`;
    const stranger = await signedUp(server.url, 'Org Stranger');
    expect({ member: (await member.get(path)).status, stranger: (await stranger.get(path)).status }).toEqual({ member: 404, stranger: 404 });
    expect((await owner.send('PUT', `/rest/thread/${thread_url_slug}/access`, { json: { thread_access: 'org read' } })).status).toBe(200);
    expect({ member: (await member.get(path)).status, stranger: (await stranger.get(path)).status }).toEqual({ member: 200, stranger: 404 });
    expect((await member.post(`/rest/threads/entries/${backend_uuid}/stop`)).status).toBe(403);
  });
});
