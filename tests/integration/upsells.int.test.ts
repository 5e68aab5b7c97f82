// Upsells on the real server and PostgreSQL (seed 002 §3, §4, §7): served per place and per
// caller by the visibility rules, marked as interacted by the one they were served to only, and
// counted showings that stop at their limit; each mark is an event, projected into the marks.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import JSZip from 'jszip';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startLlmFake } from '../fakes/llm.js';
import { startStripeFake, type StripeFake } from '../fakes/stripe/index.js';
import { createTestDatabase } from '../support/database.js';
import type { Browser } from '../support/http.js';
import { signedUp, visitor } from '../support/people.js';
import { startServerProcess, type ServerProcess } from '../support/server-process.js';

let database: { url: string; drop: () => Promise<void> };
let server: ServerProcess;
let llm: Awaited<ReturnType<typeof startLlmFake>>;
// Billing on: the paywall upsells are served only where plans can be bought (billing-off.int.test.ts).
let stripe: StripeFake;

const CATALOGUE = [
  { name: 'welcome_back', upsell_type: 'login', app_location: 'side_card', title: 'Welcome back', button_text: 'Sign in', impression_counter: 'welcome_back' },
  { name: 'pro_upgrade', upsell_type: 'pro_upgrade', app_location: 'sidebar', title: 'Upgrade to Pro', button_text: 'See plans', button_color: 'primary' },
  { name: 'enterprise', upsell_type: 'enterprise_upgrade', app_location: 'sidebar', title: 'For teams', button_text: 'Contact us' },
  { name: 'keep_in_space', upsell_type: 'thread_to_space', app_location: 'in_thread', title: 'Keep this in a Space' },
  { name: 'auto_upgrade_to_pro', upsell_type: 'rewrite_answer', app_location: 'in_thread_bottom', title: 'Deeper?', button_text: 'Rewrite with Pro' },
  {
    name: 'share_gate',
    upsell_type: 'permalink',
    app_location: 'modal',
    title: 'Share',
    impression_counter: 'share_gate',
    cta_information: { permalink: '/spaces', permalink_new_tab: false },
  },
];

beforeAll(async () => {
  database = await createTestDatabase('upsells');
  llm = await startLlmFake({ chunks: ['An answer.'] });
  stripe = await startStripeFake();
  const file = join(mkdtempSync(join(tmpdir(), 'upsells-')), 'upsells.json');
  writeFileSync(file, JSON.stringify(CATALOGUE));
  server = await startServerProcess({
    databaseUrl: database.url,
    env: {
      ...stripe.env(),
      LLM_BASE_URL: llm.baseUrl,
      LLM_MODEL: 'fake-model',
      LLM_MODELS: 'fake-model=Fake,pplx_pro=Pro',
      UPSELLS_FILE: file,
      UPSELL_IMPRESSION_LIMITS: 'welcome_back=2',
    },
  });
});
afterAll(async () => {
  await server?.stop();
  await llm?.close();
  await stripe?.close();
  await database?.drop();
});

type Served = { name: string; upsell_instance_identifier: string; rewrite_model: string | null };
const served = async (b: Browser, query: string, headers?: Record<string, string>) => {
  const res = await b.get(`/rest/homepage-widgets/upsell?${query}`, headers);
  expect(res.status, res.text).toBe(200);
  return res.json.upsells as Served[];
};
const names = async (b: Browser, query: string, headers?: Record<string, string>) => (await served(b, query, headers)).map((u) => u.name);
const mark = (b: Browser, u: Pick<Served, 'name' | 'upsell_instance_identifier'>, what = 'interacted') =>
  b.post(`/rest/homepage-widgets/upsell/${what}`, { upsell_name: u.name, upsell_instance_identifier: u.upsell_instance_identifier });

async function eventsOf(type: string, subjectLike: string) {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    const r = await client.query('select count(*)::int as n from events where type = $1 and stream_id like $2', [type, subjectLike]);
    return r.rows[0].n as number;
  } finally {
    await client.end();
  }
}

describe('who is served what', () => {
  test('a visitor gets the login upsell and no paywall; a signed-in person gets the paywall and no login', async () => {
    const v = await visitor(server.url);
    expect(await names(v, 'app_location=side_card')).toEqual(['welcome_back']);
    expect(await names(v, 'app_location=sidebar')).toEqual([]);
    const p = await signedUp(server.url, 'Paula');
    expect(await names(p, 'app_location=sidebar')).toEqual(['pro_upgrade', 'enterprise']);
    expect(await names(p, 'app_location=side_card')).toEqual([]);
  });

  test('the catalogue fields come back as configured, with the rewrite model this server runs', async () => {
    const p = await signedUp(server.url, 'Rhea');
    const [rewrite] = await served(p, 'app_location=in_thread_bottom');
    expect(rewrite).toMatchObject({
      name: 'auto_upgrade_to_pro',
      upsell_type: 'rewrite_answer',
      app_location: 'in_thread_bottom',
      title: 'Deeper?',
      button_text: 'Rewrite with Pro',
      rewrite_model: 'pplx_pro',
      cta_information: { model_preference: null, permalink: null },
      recommended_shortcut: null,
    });
  });

  test('a thread-to-Space upsell needs the thread shown', async () => {
    const p = await signedUp(server.url, 'Tess');
    expect(await names(p, 'app_location=in_thread')).toEqual([]);
    expect(await names(p, `app_location=in_thread&thread_id=${crypto.randomUUID()}`)).toEqual(['keep_in_space']);
  });

  test.each([
    ['the Samsung browser', { 'user-agent': 'Mozilla/5.0 (Linux; Android 14) SamsungBrowser/25.0 Chrome/121 Mobile Safari/537.36' }, ''],
    ['the Windows app', { 'user-agent': 'Mozilla/5.0 (Windows NT 10.0) AnswerEngineWindows/1.2' }, ''],
    ['the Windows app by its cookie', { cookie: 'app_platform=windows' }, ''],
    ['the assistant browser', { 'user-agent': 'Mozilla/5.0 (Macintosh) Chrome/130 Comet/1.0' }, ''],
    [
      'Firefox default search',
      { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0' },
      '&visit_source=firefox_default_search',
    ],
    ['a partnership campaign', {}, '&visit_campaign=partnership'],
    ['a partnership campaign by its cookie', { cookie: 'partnership_campaign=acme' }, ''],
  ])('nothing is served to %s', async (_what, headers, query) => {
    const p = await signedUp(server.url, 'Hidden');
    const { cookie, ...rest } = headers as Record<string, string>;
    if (cookie) p.cookies.set(cookie.split('=')[0], cookie.split('=')[1]);
    expect(await names(p, `app_location=sidebar${query}`, rest)).toEqual([]);
  });

  test('Firefox without its default search, and other sources, are served', async () => {
    const p = await signedUp(server.url, 'Fiona');
    const firefox = { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0' };
    expect(await names(p, 'app_location=sidebar', firefox)).toHaveLength(2);
    expect(await names(p, 'app_location=sidebar&visit_source=newsletter&visit_campaign=spring')).toHaveLength(2);
  });

  test('an unknown place is refused with 400', async () => {
    const v = await visitor(server.url);
    expect((await v.get('/rest/homepage-widgets/upsell?app_location=footer')).status).toBe(400);
    expect((await v.get('/rest/homepage-widgets/upsell')).status).toBe(400);
  });
});

describe('interacted', () => {
  test('a click is one event; the upsell is not served again; a second click changes nothing', async () => {
    const p = await signedUp(server.url, 'Clara');
    const [pro] = await served(p, 'app_location=sidebar');
    expect((await mark(p, pro)).status).toBe(204);
    expect(await names(p, 'app_location=sidebar')).toEqual(['enterprise']);
    expect((await mark(p, pro)).status).toBe(204);
    const id = (await p.get('/rest/session')).json.user.id as string;
    expect(await eventsOf('UpsellInteracted', `upsells-user-${id}`)).toBe(1);
  });

  test('a visitor marks their own, by their visitor id', async () => {
    const v = await visitor(server.url);
    const [welcome] = await served(v, 'app_location=side_card');
    expect((await mark(v, welcome)).status).toBe(204);
    expect(await names(v, 'app_location=side_card')).toEqual([]);
    // Another visitor still gets it.
    expect(await names(await visitor(server.url), 'app_location=side_card')).toEqual(['welcome_back']);
  });

  test('what a visitor clicked stays clicked once they sign up (the account claims the visitor)', async () => {
    const v = await visitor(server.url);
    const [gate] = await served(v, 'app_location=modal');
    expect((await mark(v, gate)).status).toBe(204);
    const res = await v.post('/api/auth/sign-up/email', { name: 'Vera', email: `vera.${Date.now()}@example.com`, password: 'correct-horse-battery' });
    expect(res.status).toBe(200);
    expect(await names(v, 'app_location=modal')).toEqual([]);
    // Another new account still gets it.
    expect(await names(await signedUp(server.url, 'Walt'), 'app_location=modal')).toEqual(['share_gate']);
  });

  test("a person cannot mark another's instance: 404, and the other still sees it", async () => {
    const owner = await signedUp(server.url, 'Olga');
    const stranger = await signedUp(server.url, 'Sam');
    const [pro] = await served(owner, 'app_location=sidebar');
    const res = await mark(stranger, pro);
    expect(res.status).toBe(404);
    expect(res.json.code).toBe('upsell_not_found');
    expect(await names(owner, 'app_location=sidebar')).toEqual(['pro_upgrade', 'enterprise']);
    expect(await names(stranger, 'app_location=sidebar')).toEqual(['pro_upgrade', 'enterprise']);
    // Nor can a visitor use a person's, nor a person the one served to them as a visitor.
    expect((await mark(await visitor(server.url), pro)).status).toBe(404);
  });

  test('an unknown upsell or a made-up identifier answers 404 upsell_not_found; a bad body 400', async () => {
    const p = await signedUp(server.url, 'Uma');
    const unknown = await mark(p, { name: 'nope', upsell_instance_identifier: 'nope.x' });
    expect([unknown.status, unknown.json.code]).toEqual([404, 'upsell_not_found']);
    expect((await mark(p, { name: 'pro_upgrade', upsell_instance_identifier: 'pro_upgrade.forged' })).status).toBe(404);
    expect((await p.post('/rest/homepage-widgets/upsell/interacted', { upsell_name: 'pro_upgrade' })).status).toBe(400);
  });
});

describe('impressions', () => {
  test('a counted upsell is shown up to its limit, then no more; others are not counted', async () => {
    const v = await visitor(server.url);
    const [welcome] = await served(v, 'app_location=side_card');
    const counts = [];
    for (let i = 0; i < 3; i++) counts.push((await mark(v, welcome, 'impression')).json);
    expect(counts.map((c) => c.impressions)).toEqual([1, 2, 2]);
    expect(counts[0]).toEqual({ upsell_name: 'welcome_back', impressions: 1, limit: 2 });
    expect(await names(v, 'app_location=side_card')).toEqual([]);

    const p = await signedUp(server.url, 'Nina');
    const [pro] = await served(p, 'app_location=sidebar');
    expect((await mark(p, pro, 'impression')).json).toEqual({ upsell_name: 'pro_upgrade', impressions: 0, limit: null });
  });

  test('the share gate counts with its default limit of 3', async () => {
    const p = await signedUp(server.url, 'Gale');
    const [gate] = await served(p, 'app_location=modal');
    for (let i = 0; i < 3; i++) await mark(p, gate, 'impression');
    expect(await names(p, 'app_location=modal')).toEqual([]);
  });
});

describe('showings reported together', () => {
  test('a page reporting all its showings at once counts each (no lost race)', async () => {
    const v = await visitor(server.url);
    const [gate] = await served(v, 'app_location=modal');
    const [welcome] = await served(v, 'app_location=side_card');
    const replies = await Promise.all([mark(v, gate, 'impression'), mark(v, welcome, 'impression'), mark(v, gate, 'impression')]);
    expect(replies.map((r) => r.status)).toEqual([200, 200, 200]);
    const visitorId = (await v.get('/rest/session')).json.visitor_id as string;
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    const rows = await client.query('select upsell_name, impressions from upsell_marks where subject = $1 order by 1', [`visitor:${visitorId}`]);
    await client.end();
    expect(rows.rows).toEqual([
      { upsell_name: 'share_gate', impressions: 2 },
      { upsell_name: 'welcome_back', impressions: 1 },
    ]);
  });
});

describe('data rights', () => {
  test("a person's export holds the upsells they clicked", async () => {
    const p = await signedUp(server.url, 'Xena');
    const [pro] = await served(p, 'app_location=sidebar');
    await mark(p, pro);
    expect((await p.post('/rest/account/export')).status).toBeLessThan(300);
    let ready: { status: string; download_url: string } | null = null;
    await expect
      .poll(
        async () => {
          ready = (await p.get('/rest/account/export')).json.export;
          return ready?.status;
        },
        { timeout: 30_000 },
      )
      .toBe('ready');
    const res = await fetch(new URL(ready!.download_url, server.url), { headers: { cookie: p.cookieHeader() } });
    const zip = await JSZip.loadAsync(await res.arrayBuffer());
    const marks = JSON.parse(await zip.file('upsells/marks.json')!.async('string'));
    expect(marks).toMatchObject([{ upsell_name: 'pro_upgrade', impressions: 0 }]);
    expect(typeof marks[0].interacted_at).toBe('string');
  });
});
