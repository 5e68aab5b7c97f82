// Notifications on the real server and PostgreSQL (issue 18): preferences all on by default;
// a request to read a thread reaches its owner in the centre, by mail and by Web Push (the push
// fake decrypts what it receives, so the test reads the real payload); email off stops the
// mails; a push service answering 410 drops the subscription; a Space invitation notifies
// without a second mail; the centre's stream tells of each new one live. Every call is the
// person's own (owner, stranger, visitor rows): another person's notification answers 404.
import { statSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { type PushService, startPushService } from '../fakes/web-push.js';
import { createTestDatabase } from '../support/database.js';
import type { Browser } from '../support/http.js';
import { askAndWait, signedUp, visitor } from '../support/people.js';
import { sseEvents } from '../support/sse.js';
import { startServerProcess, type ServerProcess } from '../support/server-process.js';

let database: { url: string; drop: () => Promise<void> };
let server: ServerProcess;
let push: PushService;
let dataDir: string;
let sqlClient: pg.Client;

beforeAll(async () => {
  push = await startPushService();
  dataDir = mkdtempSync(join(tmpdir(), 'notify-data-'));
  database = await createTestDatabase('notify');
  server = await startServerProcess({
    databaseUrl: database.url,
    env: { DATA_DIR: dataDir, NODE_EXTRA_CA_CERTS: push.caFile, WEB_PUSH_ALLOW_PRIVATE_HOSTS: push.hostPort, WEB_PUSH_SUBJECT: 'mailto:ops@example.com' },
  });
  sqlClient = new pg.Client({ connectionString: database.url });
  await sqlClient.connect();
});
afterAll(async () => {
  await sqlClient?.end();
  await server?.stop();
  await database?.drop();
  await push?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

type Notification = { id: string; kind: string; title: string; body: string; url: string; created_at: string; read_at: string | null };
const centre = async (b: Browser) => (await b.get('/rest/notifications')).json as { notifications: Notification[]; unread_count: number };
const rows = async (q: string, params: unknown[]) => (await sqlClient.query(q, params)).rows;

async function subscribed(b: Browser) {
  const key = (await b.get('/rest/notifications/push/public-key')).json.public_key as string;
  const sub = push.browser(key);
  const res = await b.post('/rest/notifications/push/subscriptions', sub);
  expect(res.status, res.text).toBe(201);
  return sub;
}

/** `who` asks to read `owner`'s new thread; the request's id. */
async function accessRequest(owner: Browser, who: Browser, question: string) {
  const t = await askAndWait(server.url, owner, question);
  const req = await who.post(`/rest/thread/${t.thread_url_slug}/access-requests`);
  expect(req.status, req.text).toBe(202);
  return { requestId: req.json.request_id as string, slug: t.thread_url_slug };
}

describe('preferences', () => {
  test('all on by default, changed by the person alone; a visitor is asked to sign in', async () => {
    const ada = await signedUp(server.url, 'Ada Prefs');
    expect((await ada.get('/rest/notifications/preferences')).json).toEqual({ should_send_email: true, should_send_in_app: true, should_send_push: true });
    const off = { should_send_email: false, should_send_in_app: true, should_send_push: false };
    const put = await ada.send('PUT', '/rest/notifications/preferences', { json: off });
    expect(put.json).toEqual(off);
    expect((await ada.get('/rest/notifications/preferences')).json).toEqual(off);
    const bad = await ada.send('PUT', '/rest/notifications/preferences', { json: { should_send_email: 'no' } });
    expect(bad.status).toBe(400);
    const anon = await visitor(server.url);
    expect((await anon.get('/rest/notifications/preferences')).status).toBe(401);
    expect((await anon.send('PUT', '/rest/notifications/preferences', { json: off })).status).toBe(401);
  });

  test('the VAPID key pair is made once into the data directory, readable by its owner only', async () => {
    const file = join(dataDir, 'vapid-keys.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const ada = await signedUp(server.url, 'Ada Keys');
    expect((await ada.get('/rest/notifications/push/public-key')).json.public_key).toBe(JSON.parse(readFileSync(file, 'utf8')).publicKey);
  });
});

describe('a request to read a thread', () => {
  test('reaches its owner in the centre, by mail and by push (decrypted by the push service)', async () => {
    const grace = await signedUp(server.url, 'Grace Owner');
    const sam = await signedUp(server.url, 'Sam Asker');
    const sub = await subscribed(grace);
    const { requestId, slug } = await accessRequest(grace, sam, 'how do trains brake?');

    await vi.waitFor(async () => expect((await centre(grace)).unread_count).toBe(1), { timeout: 15_000, interval: 100 });
    const [n] = (await centre(grace)).notifications;
    expect(n).toMatchObject({
      id: `access-request-${requestId}`,
      kind: 'access_request',
      title: 'Sam Asker asked to read "how do trains brake?"',
      url: `/search/${slug}`,
      read_at: null,
    });
    const [pushed] = await push.pushesTo(sub.endpoint);
    expect(pushed.payload).toEqual({ notification_id: n.id, kind: 'access_request', title: n.title, body: n.body, url: n.url });
    expect(pushed.subject).toBe('mailto:ops@example.com');
    expect(pushed.ttl).toBeGreaterThan(0);
    const mail = await rows('select "to", subject, text from mail_outbox where id = $1', [`notification-${n.id}`]);
    expect(mail).toHaveLength(1);
    expect(mail[0].subject).toBe(n.title);
    expect(mail[0].text).toContain(`${server.url}/search/${slug}`);
    expect(mail[0].text).toContain('/account/notifications');
    expect((await centre(sam)).notifications).toEqual([]);
    // The push goes through its durable workflow (it may be retried).
    expect(await rows('select status from dbos.workflow_status where workflow_uuid = $1', [`notification-delivery-${n.id}`])).toHaveLength(1);
  });

  test('without SMTP or a subscribed browser, the mail is kept in the outbox with no delivery workflow', async () => {
    const ada = await signedUp(server.url, 'Ada Owner');
    const ben = await signedUp(server.url, 'Ben Asker');
    const { requestId } = await accessRequest(ada, ben, 'how do canals lock?');
    const id = `access-request-${requestId}`;
    await vi.waitFor(
      async () =>
        expect(await rows('select status, via from mail_outbox where id = $1', [`notification-${id}`])).toEqual([{ status: 'delivered', via: 'outbox' }]),
      {
        timeout: 15_000,
        interval: 100,
      },
    );
    expect(await rows('select type from events where stream_id = $1 order by stream_version', [`mail-notification-${id}`])).toEqual([
      { type: 'MailQueued' },
      { type: 'MailDelivered' },
    ]);
    expect(await rows('select status from dbos.workflow_status where workflow_uuid = $1', [`notification-delivery-${id}`])).toEqual([]);
  });

  test('with email off there is no mail; with push off no push; with in-app off nothing in the centre', async () => {
    const owner = await signedUp(server.url, 'Olga Owner');
    const asker = await signedUp(server.url, 'Abe Asker');
    const sub = await subscribed(owner);
    await owner.send('PUT', '/rest/notifications/preferences', { json: { should_send_email: false, should_send_in_app: true, should_send_push: true } });
    const first = await accessRequest(owner, asker, 'what is a tram?');
    await push.pushesTo(sub.endpoint, 1);
    // The mail is queued before the push is posted: once the push arrived, a mail would be there.
    expect(await rows('select id from mail_outbox where id = $1', [`notification-access-request-${first.requestId}`])).toEqual([]);
    expect((await centre(owner)).unread_count).toBe(1);

    await owner.send('PUT', '/rest/notifications/preferences', { json: { should_send_email: true, should_send_in_app: false, should_send_push: false } });
    const second = await accessRequest(owner, asker, 'what is a funicular?');
    await vi.waitFor(
      async () => expect(await rows('select id from mail_outbox where id = $1', [`notification-access-request-${second.requestId}`])).toHaveLength(1),
      {
        timeout: 15_000,
        interval: 100,
      },
    );
    expect(push.received.filter((r) => r.endpoint === sub.endpoint)).toHaveLength(1);
    expect((await centre(owner)).unread_count).toBe(1);
  });

  test('a push service answering 410 drops the subscription; the next notification posts there no more', async () => {
    const owner = await signedUp(server.url, 'Gina Gone');
    const asker = await signedUp(server.url, 'Gus Asker');
    const kept = await subscribed(owner);
    const expired = await subscribed(owner);
    push.gone(expired.endpoint);
    await accessRequest(owner, asker, 'where do ferries go?');
    await push.pushesTo(kept.endpoint, 1);
    await vi.waitFor(async () => expect(await rows('select endpoint from push_subscriptions where endpoint = $1', [expired.endpoint])).toEqual([]), {
      timeout: 15_000,
      interval: 100,
    });
    const gone = await rows("select data from events where type = 'PushUnsubscribed' and data->>'reason' = 'expired' and data->>'user_id' = $1", [
      (await owner.get('/rest/session')).json.user.id,
    ]);
    expect(gone).toHaveLength(1);
    const refusedBefore = push.rejected.filter((r) => r.endpoint === expired.endpoint).length;
    await accessRequest(owner, asker, 'where do barges go?');
    await push.pushesTo(kept.endpoint, 2);
    expect(push.rejected.filter((r) => r.endpoint === expired.endpoint)).toHaveLength(refusedBefore);
  });
});

describe('a Space invitation', () => {
  test('notifies the invited person in-app and by push, with its one invitation mail', async () => {
    const ada = await signedUp(server.url, 'Ada Inviter');
    const bobEmail = `bob.invitee.${Date.now()}@example.com`;
    const bob = await signedUp(server.url, 'Bob Invitee', bobEmail);
    const sub = await subscribed(bob);
    const space = (await ada.post('/rest/collections/create_collection', { title: 'Rail club' })).json;
    const invited = await ada.post(`/rest/collections/${space.uuid}/members`, { email: bobEmail, role: 'READER' });
    expect(invited.status, invited.text).toBe(200);
    const memberId = invited.json.members[1].member_id;
    await vi.waitFor(async () => expect((await centre(bob)).unread_count).toBe(1), { timeout: 15_000, interval: 100 });
    const [n] = (await centre(bob)).notifications;
    expect(n).toMatchObject({ id: `space-invitation-${memberId}`, kind: 'space_invitation', title: 'Ada Inviter invited you to the Space "Rail club"' });
    expect(n.url).toMatch(/^\/spaces\/rail-club-[\w-]{22}$/);
    await push.pushesTo(sub.endpoint, 1);
    // The push goes out after the notification's mail would have been queued: none was.
    await vi.waitFor(async () => expect(await rows('select id from mail_outbox where id = $1', [`space-invite-${memberId}`])).toHaveLength(1), {
      timeout: 15_000,
      interval: 100,
    });
    const ids = (await rows('select id from mail_outbox where lower("to") = $1', [bobEmail])).map((r) => r.id);
    expect(ids.filter((id: string) => id.startsWith('notification-'))).toEqual([]);
  });
});

describe('the centre', () => {
  test('marks read, one and all; the stream tells of each change live', async () => {
    const owner = await signedUp(server.url, 'Cleo Centre');
    const asker = await signedUp(server.url, 'Cy Asker');
    const res = await fetch(`${server.url}/rest/notifications/stream`, { headers: { cookie: owner.cookieHeader(), accept: 'text/event-stream' } });
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const events = sseEvents(res);
    expect((await events.next()).value).toMatchObject({ event: 'unread', data: { unread_count: 0, newest_id: null } });
    const a = await accessRequest(owner, asker, 'how do cable cars work?');
    expect((await events.next()).value).toMatchObject({ event: 'unread', data: { unread_count: 1, newest_id: `access-request-${a.requestId}` } });
    const b = await accessRequest(owner, asker, 'how do monorails work?');
    expect((await events.next()).value).toMatchObject({ event: 'unread', data: { unread_count: 2, newest_id: `access-request-${b.requestId}` } });

    expect((await owner.post(`/rest/notifications/access-request-${a.requestId}/read`)).status).toBe(204);
    expect((await events.next()).value).toMatchObject({ event: 'unread', data: { unread_count: 1 } });
    const list = await centre(owner);
    expect(list.notifications.map((n) => [n.id, n.read_at === null])).toEqual([
      [`access-request-${b.requestId}`, true],
      [`access-request-${a.requestId}`, false],
    ]);
    expect((await owner.post('/rest/notifications/read-all')).status).toBe(204);
    expect((await events.next()).value).toMatchObject({ event: 'unread', data: { unread_count: 0 } });
    expect((await centre(owner)).notifications.every((n) => n.read_at !== null)).toBe(true);
    await events.return(undefined);
  });

  test('another person’s notification answers 404 as one that does not exist; a visitor gets 401 everywhere', async () => {
    const owner = await signedUp(server.url, 'Vera Owner');
    const asker = await signedUp(server.url, 'Vic Asker');
    const stranger = await signedUp(server.url, 'Stan Stranger');
    const { requestId } = await accessRequest(owner, asker, 'why are rails steel?');
    const id = `access-request-${requestId}`;
    await vi.waitFor(async () => expect((await centre(owner)).unread_count).toBe(1), { timeout: 15_000, interval: 100 });
    const other = await stranger.post(`/rest/notifications/${id}/read`);
    expect([other.status, other.json.code]).toEqual([404, 'notification_not_found']);
    const none = await stranger.post('/rest/notifications/no-such-id/read');
    expect([none.status, none.json.code]).toEqual([404, 'notification_not_found']);
    expect((await stranger.post('/rest/notifications/read-all')).status).toBe(204);
    expect((await centre(owner)).unread_count).toBe(1);
    expect((await centre(stranger)).notifications).toEqual([]);
    const sub = push.browser('x');
    expect((await stranger.send('DELETE', '/rest/notifications/push/subscriptions', { json: { endpoint: sub.endpoint } })).json.code).toBe(
      'push_subscription_not_found',
    );

    const anon = await visitor(server.url);
    for (const [method, path, json] of [
      ['GET', '/rest/notifications', undefined],
      ['POST', `/rest/notifications/${id}/read`, undefined],
      ['POST', '/rest/notifications/read-all', undefined],
      ['GET', '/rest/notifications/stream', undefined],
      ['GET', '/rest/notifications/push/public-key', undefined],
      ['POST', '/rest/notifications/push/subscriptions', sub],
      ['DELETE', '/rest/notifications/push/subscriptions', { endpoint: sub.endpoint }],
    ] as const) {
      const r = await anon.send(method, path, { json });
      expect([path, r.status]).toEqual([path, 401]);
    }
  });
});

describe('push subscriptions', () => {
  test('an endpoint that is not an https push service, or bad keys, are refused; unsubscribing stops the pushes', async () => {
    const ada = await signedUp(server.url, 'Ada Subscriber');
    const key = (await ada.get('/rest/notifications/push/public-key')).json.public_key;
    const sub = push.browser(key);
    for (const bad of [
      { ...sub, endpoint: sub.endpoint.replace('https:', 'http:') },
      { ...sub, endpoint: 'https://127.0.0.2:9/push/x' },
      { ...sub, endpoint: 'https://localhost/push/x' },
      { ...sub, keys: { ...sub.keys, p256dh: 'AAAA' } },
    ]) {
      const r = await ada.post('/rest/notifications/push/subscriptions', bad);
      expect([r.status, r.json.code]).toEqual([400, 'invalid_push_subscription']);
    }
    expect((await ada.post('/rest/notifications/push/subscriptions', sub)).status).toBe(201);
    expect((await ada.send('DELETE', '/rest/notifications/push/subscriptions', { json: { endpoint: sub.endpoint } })).status).toBe(204);
    expect(await rows('select 1 from push_subscriptions where endpoint = $1', [sub.endpoint])).toEqual([]);
  });

  test('a browser subscribed by one person, then another, notifies only the last', async () => {
    const first = await signedUp(server.url, 'Fay First');
    const second = await signedUp(server.url, 'Sid Second');
    const key = (await first.get('/rest/notifications/push/public-key')).json.public_key;
    const sub = push.browser(key);
    expect((await first.post('/rest/notifications/push/subscriptions', sub)).status).toBe(201);
    expect((await second.post('/rest/notifications/push/subscriptions', sub)).status).toBe(201);
    const holders = await rows('select user_id from push_subscriptions where endpoint = $1', [sub.endpoint]);
    expect(holders).toEqual([{ user_id: (await second.get('/rest/session')).json.user.id }]);
    expect((await first.send('DELETE', '/rest/notifications/push/subscriptions', { json: { endpoint: sub.endpoint } })).status).toBe(404);
  });
});
