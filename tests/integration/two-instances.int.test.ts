// Two app instances on one PostgreSQL behind a round-robin proxy (docs/scaling.md): a person
// signed in on one is signed in on the other, an event's consumers act once across both, an
// answer's workflow cut off by a killed instance is finished by the other, and the answer's
// stream and the notification centre's reach the person on either.
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { INTERRUPTED } from '../../services/answers/errors.js';
import type { Db } from '../../services/db/database.js';
import { startLlmFake } from '../fakes/llm.js';
import { allTables } from '../support/all-tables.js';
import { createTestDatabase, testDb } from '../support/database.js';
import { rememberDatabase } from '../support/mailbox.js';
import { askStream, signedUp } from '../support/people.js';
import { startRoundRobinProxy, type RoundRobinProxy } from '../support/round-robin-proxy.js';
import { startServerProcess, type ServerProcess } from '../support/server-process.js';
import { collect, sseEvents } from '../support/sse.js';

let database: { url: string; drop: () => Promise<void> };
let db: Db;
let llm: Awaited<ReturnType<typeof startLlmFake>>;
let a: ServerProcess;
let b: ServerProcess;
let proxy: RoundRobinProxy;

const instance = (id: string) =>
  startServerProcess({
    databaseUrl: database.url,
    env: { INSTANCE_ID: id, INSTANCE_LEASE_SECONDS: '1', LLM_BASE_URL: llm.baseUrl, LLM_MODEL: 'fake-model', LLM_API_KEY: 'test-key' },
  });

beforeAll(async () => {
  database = await createTestDatabase('two_instances');
  db = testDb(database.url, 2);
  llm = await startLlmFake({ chunks: ['Both ', 'instances ', 'answer [1].'] });
  // One after the other: the first start migrates the database.
  a = await instance('a');
  b = await instance('b');
  proxy = await startRoundRobinProxy([a.url, b.url]);
  rememberDatabase(proxy.url, database.url);
}, 120_000);
afterAll(async () => {
  await proxy?.close();
  await a?.stop();
  await b?.stop();
  await llm?.close();
  await db?.destroy();
  await database?.drop();
});

const sessionOn = async (url: string, cookie: string) => (await (await fetch(`${url}/rest/session`, { headers: { cookie } })).json()) as any;

describe('two instances on one database', () => {
  test('a person signed up and in through the proxy is signed in on each instance', async () => {
    const ada = await signedUp(proxy.url, 'Ada Twice');
    const email = (await ada.get('/rest/session')).json.user.email;
    // The sign-up, the mailed link and the session reads went to both instances in turn.
    expect(new Set(proxy.served)).toEqual(new Set([a.url, b.url]));
    for (const url of [a.url, b.url]) expect((await sessionOn(url, ada.cookieHeader())).user).toMatchObject({ email, email_verified: true });
    // Signed out on one, signed out on the other.
    expect((await ada.post('/api/auth/sign-out', {})).status).toBe(204);
    for (const url of [a.url, b.url]) expect((await sessionOn(url, ada.cookieHeader())).user).toBeNull();
  });

  test("an event's consumers act once across both instances: one notification and one invitation mail", async () => {
    const owner = await signedUp(proxy.url, 'Olga Owner');
    const guestEmail = `gus.guest.${Date.now()}@example.com`;
    const guest = await signedUp(proxy.url, 'Gus Guest', guestEmail);
    // The guest's centre, live on instance b; the invitation is made through the proxy.
    const stream = sseEvents(await fetch(`${b.url}/rest/notifications/stream`, { headers: { cookie: guest.cookieHeader(), accept: 'text/event-stream' } }));
    expect((await stream.next()).value).toMatchObject({ event: 'unread', data: { unread_count: 0 } });
    const space = (await owner.post('/rest/collections/create_collection', { title: 'Two rooms' })).json;
    const invited = await owner.post(`/rest/collections/${space.uuid}/members`, { email: guestEmail, role: 'READER' });
    expect(invited.status, invited.text).toBe(200);
    const memberId = invited.json.members[1].member_id;
    expect((await stream.next()).value).toMatchObject({ event: 'unread', data: { unread_count: 1, newest_id: `space-invitation-${memberId}` } });
    await stream.return(undefined);
    const mails = () => allTables(db).selectFrom('mail_outbox').select('id').where('id', '=', `space-invite-${memberId}`).execute();
    await vi.waitFor(async () => expect(await mails()).toHaveLength(1), { timeout: 15_000, interval: 100 });
    // Both instances' consumers have read past the event by now; nothing came twice.
    await new Promise((r) => setTimeout(r, 1_500));
    expect(await mails()).toHaveLength(1);
    const notes = await allTables(db).selectFrom('notifications').select('id').where('id', '=', `space-invitation-${memberId}`).execute();
    expect(notes).toHaveLength(1);
  });

  test("an answer's stream reaches the asker on the other instance", async () => {
    const asker = await signedUp(proxy.url, 'Ann Asker');
    llm.script({ chunks: ['Streams ', 'cross ', 'instances [1].'], delayMs: 100 });
    const onA = sseEvents(await askStream(a.url, asker, { query_str: 'does the stream follow me?' }));
    const thread = (await onA.next()).value!.data;
    const onB = await collect(await fetch(`${b.url}/rest/threads/entries/${thread.backend_uuid}/events`, { headers: { cookie: asker.cookieHeader() } }));
    expect(onB.at(-1)?.event).toBe('completed');
    expect(
      onB
        .filter((e) => e.event === 'delta')
        .map((e) => e.data.text)
        .join(''),
    ).toBe('Streams cross instances [1].');
    for await (const _ of onA); // a's stream ends too
  });

  test("an API key's requests per minute hold across both instances: the counter is in the database", async () => {
    const dev = await signedUp(proxy.url, 'Dev Twice');
    const created = await dev.post('/rest/account/api-keys', { name: 'both', scopes: ['models:read'] });
    const perMinute = (await dev.get('/rest/account/api-keys')).json.plan.requests_per_minute as number;
    const served = proxy.served.length;
    const statuses: number[] = [];
    // 2 * perMinute + 1 requests cross two windows at most: one of them overflows whichever instance serves it.
    for (let i = 0; i < 2 * perMinute + 1; i++)
      statuses.push((await fetch(`${proxy.url}/v1/models`, { headers: { authorization: `Bearer ${created.json.secret}` } })).status);
    expect(new Set(proxy.served.slice(served))).toEqual(new Set([a.url, b.url]));
    expect(statuses).toContain(429);
    const windows = await allTables(db).selectFrom('api_key_rate_windows').select('requests').where('key_id', '=', created.json.key.key_id).execute();
    for (const w of windows) expect(w.requests).toBeLessThanOrEqual(perMinute);
    expect(statuses.filter((s) => s === 200).length).toBeLessThanOrEqual(2 * perMinute);
  });

  test('an answer whose instance is killed mid-answer is ended by the other instance, its streamed text kept', async () => {
    const asker = await signedUp(proxy.url, 'Kit Killed');
    llm.script({ chunks: ['One ', 'instance ', 'died ', 'before ', 'the ', 'end [1].'], delayMs: 300 });
    const onA = sseEvents(await askStream(a.url, asker, { query_str: 'who finishes my answer?' }));
    const thread = (await onA.next()).value!.data;
    for (let e = await onA.next(); !e.done && e.value.event !== 'delta'; e = await onA.next());
    // Mid-answer: the model is still writing when a's process dies.
    a.child.kill('SIGKILL');
    await a.stop();
    const entry = async () =>
      ((await (await fetch(`${b.url}/rest/thread/${thread.thread_url_slug}`, { headers: { cookie: asker.cookieHeader() } })).json()) as any).entries.at(-1);
    // The workflow resumes on b once a has been silent for its lease (1 s here): what was shown
    // stands, and the entry says why it stopped instead of staying "pending" for good.
    await vi.waitFor(async () => expect((await entry()).status).not.toBe('pending'), { timeout: 30_000, interval: 250 });
    const ended = await entry();
    expect(ended).toMatchObject({ status: 'failed', error: INTERRUPTED });
    expect(ended.answer).toMatch(/^One /);
    expect(b.logs()).toMatch(/"instance":"a","workflows":\d+,"msg":"took over the workflows of an instance that stopped answering"/);
    // The person reading the entry's stream on b sees it end with the same words.
    const onB = await collect(await fetch(`${b.url}/rest/threads/entries/${thread.backend_uuid}/events`, { headers: { cookie: asker.cookieHeader() } }));
    expect(onB.at(-1)).toMatchObject({ event: 'failed', data: { backend_uuid: thread.backend_uuid, detail: INTERRUPTED } });
  }, 60_000);
});
