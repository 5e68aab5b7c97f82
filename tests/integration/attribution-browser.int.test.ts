// Attribution and the assistant browser's invites and downloads (issue 17, seed 002 §7), on the
// real server and PostgreSQL: Dub leads against a fake Dub, comet sessions and events, the query
// milestones, the promotion cookie, invite codes (who may issue, check and claim them) and the
// rate-limited download mail, with a server where neither Dub nor downloads are configured.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startDubFake } from '../fakes/dub.js';
import { createTestDatabase } from '../support/database.js';
import { cookieAttributes, type Browser } from '../support/http.js';
import { askAndWait, signedUp, visitor } from '../support/people.js';
import { startServerProcess, type ServerProcess } from '../support/server-process.js';
import { collect } from '../support/sse.js';

const DUB_KEY = 'dub_test_key_0123456789';
const DOWNLOADS = 'https://downloads.example.com/browser';
const ADMIN = `root.${Date.now()}@admin.example`;
let dub: Awaited<ReturnType<typeof startDubFake>>;
let db1: { url: string; drop: () => Promise<void> };
let db2: { url: string; drop: () => Promise<void> };
let configured: ServerProcess;
let bare: ServerProcess;

beforeAll(async () => {
  dub = await startDubFake(DUB_KEY);
  [db1, db2] = await Promise.all([createTestDatabase('attribution'), createTestDatabase('attribution_bare')]);
  [configured, bare] = await Promise.all([
    startServerProcess({
      databaseUrl: db1.url,
      env: { ADMIN_EMAILS: ADMIN, DUB_API_KEY: DUB_KEY, DUB_API_BASE: dub.url, BROWSER_DOWNLOAD_BASE_URL: DOWNLOADS, DOWNLOAD_MAIL_RATE_LIMIT: '2' },
    }),
    startServerProcess({ databaseUrl: db2.url }),
  ]);
}, 120_000);
afterAll(async () => {
  await Promise.all([configured?.stop(), bare?.stop()]);
  await Promise.all([db1?.drop(), db2?.drop()]);
  await dub?.close();
});

async function query<T>(databaseUrl: string, text: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as T[];
  } finally {
    await client.end();
  }
}
const eventsOf = (databaseUrl: string, type: string) =>
  query<{ stream_id: string; data: Record<string, unknown> }>(databaseUrl, 'select stream_id, data from events where type = $1 order by global_position', [
    type,
  ]);
const userIdOf = async (b: Browser) => (await b.get('/rest/session')).json.user.id as string;
async function until<T>(read: () => Promise<T>, done: (v: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await read();
    if (done(v) || Date.now() > deadline) return v;
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('Dub leads', () => {
  test('configured: Dub receives the lead with the key, with the promotion of the landing, and success is true', async () => {
    const ada = await signedUp(configured.url, 'Ada');
    const landing = await ada.get('/?promotion=SPRING_26');
    const cookie = cookieAttributes(landing.setCookies, 'promotion');
    expect(cookie?.value).toBe('SPRING_26');
    expect(cookie?.attrs).toMatchObject({ 'max-age': String(90 * 24 * 3600), httponly: true, samesite: 'Lax', path: '/' });
    const id = await userIdOf(ada);
    const res = await ada.post('/rest/attribution/dub/lead', { event_name: 'Sign Up', is_deferred: false, click_id: 'clk_123', nextauth_user_id: id });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toEqual({ success: true });
    expect(dub.leads.at(-1)).toEqual({
      authorization: `Bearer ${DUB_KEY}`,
      body: expect.objectContaining({ clickId: 'clk_123', eventName: 'Sign Up', customerExternalId: id, mode: 'async', metadata: { promotion: 'SPRING_26' } }),
    });
    const recorded = await eventsOf(db1.url, 'DubLeadRecorded');
    expect(recorded.at(-1)).toMatchObject({ stream_id: `attribution-user-${id}`, data: { outcome: 'sent', promotion: 'SPRING_26', click_id: 'clk_123' } });
  });

  test('a deferred lead is sent in deferred mode; a failing Dub answers false, logged and recorded as failed', async () => {
    const bo = await signedUp(configured.url, 'Bo');
    const id = await userIdOf(bo);
    expect((await bo.post('/rest/attribution/dub/lead', { event_name: 'Sign Up', is_deferred: true, nextauth_user_id: id })).json).toEqual({ success: true });
    expect(dub.leads.at(-1)?.body).toMatchObject({ mode: 'deferred', customerExternalId: id });
    dub.fail(true);
    try {
      const res = await bo.post('/rest/attribution/dub/lead', { event_name: 'Sign Up', is_deferred: false, click_id: 'clk_9', nextauth_user_id: id });
      expect(res.status).toBe(200);
      expect(res.json).toEqual({ success: false });
    } finally {
      dub.fail(false);
    }
    expect((await eventsOf(db1.url, 'DubLeadRecorded')).at(-1)?.data).toMatchObject({ user_id: id, outcome: 'failed' });
    expect(configured.logs()).toContain('Dub lead not accepted');
    expect(configured.logs()).not.toContain(DUB_KEY);
  });

  test("only one's own id: someone else's is 403, a visitor 401", async () => {
    const cy = await signedUp(configured.url, 'Cy');
    const other = await userIdOf(await signedUp(configured.url, 'Di'));
    const before = dub.leads.length;
    const res = await cy.post('/rest/attribution/dub/lead', { event_name: 'Sign Up', click_id: 'clk_1', nextauth_user_id: other });
    expect(res.status).toBe(403);
    expect(res.json).toMatchObject({ code: 'not_your_user_id' });
    const anon = await (await visitor(configured.url)).post('/rest/attribution/dub/lead', { event_name: 'Sign Up', nextauth_user_id: other });
    expect(anon.status).toBe(401);
    expect(dub.leads.length).toBe(before);
  });

  test('unconfigured: success is false, and the lead is recorded as not sent', async () => {
    const eve = await signedUp(bare.url, 'Eve');
    const id = await userIdOf(eve);
    const res = await eve.post('/rest/attribution/dub/lead', { event_name: 'Sign Up', click_id: 'clk_2', nextauth_user_id: id });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toEqual({ success: false });
    expect((await eventsOf(db2.url, 'DubLeadRecorded')).at(-1)?.data).toMatchObject({ user_id: id, outcome: 'not_configured', promotion: null });
  });
});

describe('assistant-browser sessions and events', () => {
  test('a visitor and a signed-in person record sessions and named events; bad names and payloads are 400', async () => {
    const v = await visitor(configured.url);
    const session = await v.post('/rest/attribution/comet/session', { session_id: 'sess-1', platform: 'mac_arm64', browser_version: '1.2.3' });
    expect(session.status, session.text).toBe(200);
    expect(session.json).toEqual({ success: true });
    const event = await v.post('/rest/attribution/comet/event/onboarding_done', { properties: { step: 3, skipped: false, via: 'menu' } });
    expect(event.json).toEqual({ success: true });
    expect((await eventsOf(db1.url, 'CometEventRecorded')).at(-1)?.data).toMatchObject({
      user_id: null,
      event_name: 'onboarding_done',
      properties: { step: 3, skipped: false, via: 'menu' },
    });
    expect((await v.post('/rest/attribution/comet/event/Bad-Name', {})).status).toBe(400);
    expect((await v.post('/rest/attribution/comet/event/ok', { properties: { nested: { a: 1 } } })).status).toBe(400);
    expect((await v.post('/rest/attribution/comet/session', { session_id: 'x', platform: 'linux' })).status).toBe(400);
  });
});

describe('query milestones', () => {
  test("questions 1, 3, 5 and 10 and the assistant browser's first and third are recorded once each", async () => {
    const fay = await signedUp(configured.url, 'Fay');
    const id = await userIdOf(fay);
    const askFromBrowser = async (q: string) => {
      const res = await fetch(`${configured.url}/rest/threads/ask`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'text/event-stream', cookie: fay.cookieHeader(), 'x-client': 'assistant-browser' },
        body: JSON.stringify({ query_str: q }),
      });
      expect((await collect(res)).at(-1)?.event).toBe('completed');
    };
    await askFromBrowser('what is a milestone');
    for (let i = 2; i <= 4; i++) await askAndWait(configured.url, fay, `question number ${i}`);
    await askFromBrowser('fifth question from the browser');
    await askFromBrowser('sixth question from the browser');
    const milestones = async () =>
      (await eventsOf(db1.url, 'QueryMilestoneReached')).filter((e) => e.stream_id === `attribution-user-${id}`).map((e) => e.data.milestone);
    const reached = await until(milestones, (m) => m.length >= 5);
    expect(reached).toEqual(['query_1', 'assistant_query_1', 'query_3', 'query_5', 'assistant_query_3']);
    for (let i = 7; i <= 10; i++) await askAndWait(configured.url, fay, `question number ${i}`);
    expect(await until(milestones, (m) => m.length >= 6)).toEqual(['query_1', 'assistant_query_1', 'query_3', 'query_5', 'assistant_query_3', 'query_10']);
  }, 120_000);
});

describe('invite codes', () => {
  let admin: Browser;
  beforeAll(async () => {
    admin = await signedUp(configured.url, 'Root', ADMIN);
  });

  test('who may issue and list codes: an administrator; a signed-in stranger is 403, a visitor 401', async () => {
    const issued = await admin.post('/rest/admin/browser-invites', { count: 2 });
    expect(issued.status, issued.text).toBe(200);
    expect(issued.json.items).toHaveLength(2);
    for (const i of issued.json.items) expect(i).toMatchObject({ code: expect.stringMatching(/^[0-9A-Z]{4}-[0-9A-Z]{4}$/), max_uses: 1, uses: 0 });
    const listed = await admin.get('/rest/admin/browser-invites');
    expect(listed.json.items.map((i: { code: string }) => i.code)).toEqual(expect.arrayContaining(issued.json.items.map((i: { code: string }) => i.code)));
    const stranger = await signedUp(configured.url, 'Stranger');
    for (const res of [await stranger.post('/rest/admin/browser-invites', { count: 1 }), await stranger.get('/rest/admin/browser-invites')]) {
      expect(res.status).toBe(403);
      expect(res.json).toMatchObject({ code: 'not_administrator' });
    }
    const anon = await visitor(configured.url);
    expect((await anon.post('/rest/admin/browser-invites', { count: 1 })).status).toBe(401);
    expect((await anon.get('/rest/admin/browser-invites')).status).toBe(401);
  });

  test('a code is checked by a dry run, claimed once with the links mailed, and then used up for others', async () => {
    const [{ code }] = (await admin.post('/rest/admin/browser-invites', {})).json.items;
    const gus = await signedUp(configured.url, 'Gus');
    expect((await gus.post('/rest/browser/invites/status')).json).toEqual({ has_access: false, claimed_code: null, claimed_at: null });
    const dry = await gus.post('/rest/browser/invites/claim', { code: code.toLowerCase(), dry_run: true });
    expect(dry.status, dry.text).toBe(200);
    expect(dry.json).toEqual({ status: 'valid', code, email_sent: false });
    expect((await gus.post('/rest/browser/invites/status')).json.has_access).toBe(false);

    const claim = await gus.post('/rest/browser/invites/claim', { code, send_email: true });
    expect(claim.json).toEqual({ status: 'claimed', code, email_sent: true });
    expect((await gus.post('/rest/browser/invites/status')).json).toMatchObject({ has_access: true, claimed_code: code });
    const email = (await gus.get('/rest/session')).json.user.email;
    const mails = await query<{ text: string }>(db1.url, 'select text from mail_outbox where "to" = $1 and id like $2', [email, 'account-browser-invite-%']);
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain(`${DOWNLOADS}?channel=stable&platform=win_x64&mini=1`);
    expect(mails[0].text).toContain(`${DOWNLOADS}?channel=stable&platform=mac_arm64`);

    // A retried claim uses nothing and mails nothing more.
    expect((await gus.post('/rest/browser/invites/claim', { code, send_email: true })).json).toEqual({ status: 'already_claimed', code, email_sent: true });
    expect(await query(db1.url, 'select 1 from mail_outbox where "to" = $1 and id like $2', [email, 'account-browser-invite-%'])).toHaveLength(1);

    const hal = await signedUp(configured.url, 'Hal');
    const used = await hal.post('/rest/browser/invites/claim', { code });
    expect(used.status).toBe(409);
    expect(used.json).toMatchObject({ code: 'invite_code_used_up' });
    const unknown = await hal.post('/rest/browser/invites/claim', { code: 'ZZZZ-ZZZZ', dry_run: true });
    expect(unknown.status).toBe(404);
    expect(unknown.json).toMatchObject({ code: 'invite_code_not_found' });
    expect((await query<{ uses: number }>(db1.url, 'select uses from browser_invites where code = $1', [code]))[0].uses).toBe(1);
  });

  test('two people claiming the last use at once: one claims it, the other is refused, and it is used once', async () => {
    const [{ code }] = (await admin.post('/rest/admin/browser-invites', { count: 1, max_uses: 2 })).json.items;
    const first = await signedUp(configured.url, 'Ivy');
    expect((await first.post('/rest/browser/invites/claim', { code })).json.status).toBe('claimed');
    const racers = await Promise.all([signedUp(configured.url, 'Jo'), signedUp(configured.url, 'Kim'), signedUp(configured.url, 'Lu')]);
    const answers = await Promise.all(racers.map((b) => b.post('/rest/browser/invites/claim', { code })));
    expect(answers.filter((a) => a.status === 200).map((a) => a.json.status)).toEqual(['claimed']);
    for (const refused of answers.filter((a) => a.status !== 200)) {
      expect(refused.status).toBe(409);
      expect(['invite_code_used_up', 'concurrency_conflict']).toContain(refused.json.code);
    }
    expect((await query<{ uses: number }>(db1.url, 'select uses from browser_invites where code = $1', [code]))[0].uses).toBe(2);
  });

  test('a visitor cannot check, claim or read a status: 401', async () => {
    const anon = await visitor(configured.url);
    expect((await anon.post('/rest/browser/invites/status')).status).toBe(401);
    expect((await anon.post('/rest/browser/invites/claim', { code: 'ABCD-EFGH', dry_run: true })).status).toBe(401);
  });
});

describe('downloads', () => {
  test('the links carry channel=stable and the platform, mini=1 for Windows; without a base URL there are none', async () => {
    const anon = await visitor(configured.url);
    expect((await anon.get('/rest/browser/downloads')).json).toEqual({
      configured: true,
      links: [
        { platform: 'win_x64', url: `${DOWNLOADS}?channel=stable&platform=win_x64&mini=1` },
        { platform: 'mac_arm64', url: `${DOWNLOADS}?channel=stable&platform=mac_arm64` },
      ],
    });
    expect((await (await visitor(bare.url)).get('/rest/browser/downloads')).json).toEqual({ configured: false, links: [] });
  });

  test('a visitor has the links mailed to an address, limited per address (429 rate_limited)', async () => {
    const anon = await visitor(configured.url);
    const to = `dl.${Date.now()}@example.com`;
    for (let i = 0; i < 2; i++) {
      const res = await anon.post('/rest/browser/send-download-email', { input_email: to, partner_code: 'acme', incentive: null });
      expect(res.status, res.text).toBe(200);
      expect(res.json).toEqual({ success: true });
    }
    const limited = await anon.post('/rest/browser/send-download-email', { input_email: to.toUpperCase() });
    expect(limited.status).toBe(429);
    expect(limited.json).toMatchObject({ code: 'rate_limited' });
    const mails = await until(
      () => query<{ subject: string; status: string; text: string }>(db1.url, 'select subject, status, text from mail_outbox where "to" = $1', [to]),
      (m) => m.length === 2 && m.every((x) => x.status === 'delivered'),
    );
    expect(mails.map((m) => m.status)).toEqual(['delivered', 'delivered']);
    expect(mails[0].text).toContain(`${DOWNLOADS}?channel=stable&platform=mac_arm64`);
    expect((await eventsOf(db1.url, 'BrowserDownloadMailRequested')).at(-1)?.data).toMatchObject({ to, partner_code: 'acme', user_id: null });
    expect((await anon.post('/rest/browser/send-download-email', { input_email: 'not an address' })).status).toBe(400);
  });

  test('without BROWSER_DOWNLOAD_BASE_URL the mail is refused: 503 downloads_not_configured', async () => {
    const res = await (await visitor(bare.url)).post('/rest/browser/send-download-email', { input_email: 'x@example.com' });
    expect(res.status).toBe(503);
    expect(res.json).toMatchObject({ code: 'downloads_not_configured' });
  });
});
