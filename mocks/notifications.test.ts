// The mock notifications follow the contract and the server's rules: preferences all on until
// changed, the demo centre with one unread, mark read (another's id is not found), read-all,
// push subscribe and unsubscribe with the server's checks, 401 for a visitor, and the owner told
// of a request to read their thread (in-app only when they keep in-app on).
import { createECDH, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { NotificationList, NotificationPreferences } from '../generated/react-query/model';
import { setupMocks } from './node';
import { DEMO_ACCOUNT } from './scenarios';

const mocks = setupMocks('signed-in');
beforeAll(mocks.listen);
beforeEach(() => mocks.reset('signed-in'));
afterAll(mocks.close);

const base = 'http://app.test';
const call = (method: string, path: string, body?: object) =>
  fetch(`${base}${path}`, { method, headers: { 'content-type': 'application/json' }, body: body && JSON.stringify(body) });
const json = async <T>(res: Response | Promise<Response>) => (await (await res).json()) as T;

describe('mock notifications', () => {
  it('keeps the preferences, all on until changed', async () => {
    expect(await json<NotificationPreferences>(call('GET', '/rest/notifications/preferences'))).toEqual({
      should_send_email: true,
      should_send_in_app: true,
      should_send_push: true,
    });
    const off = { should_send_email: false, should_send_in_app: true, should_send_push: true };
    expect(await json(call('PUT', '/rest/notifications/preferences', off))).toEqual(off);
    expect(await json(call('GET', '/rest/notifications/preferences'))).toEqual(off);
  });

  it('marks one and all read; an unknown id is not found', async () => {
    expect((await json<NotificationList>(call('GET', '/rest/notifications'))).unread_count).toBe(1);
    expect((await call('POST', '/rest/notifications/mock-space-invitation/read')).status).toBe(204);
    expect((await json<NotificationList>(call('GET', '/rest/notifications'))).unread_count).toBe(0);
    const missing = await call('POST', '/rest/notifications/nope/read');
    expect([missing.status, (await missing.json()).code]).toEqual([404, 'notification_not_found']);
    expect((await call('POST', '/rest/notifications/read-all')).status).toBe(204);
  });

  it('subscribes a browser with the server’s checks, and unsubscribes it', async () => {
    const keys = { p256dh: createECDH('prime256v1').generateKeys().toString('base64url'), auth: randomBytes(16).toString('base64url') };
    const bad = await call('POST', '/rest/notifications/push/subscriptions', { endpoint: 'http://push.example.com/x', keys });
    expect([bad.status, (await bad.json()).code]).toEqual([400, 'invalid_push_subscription']);
    const endpoint = 'https://push.example.com/x';
    expect((await call('POST', '/rest/notifications/push/subscriptions', { endpoint, keys })).status).toBe(201);
    expect((await call('DELETE', '/rest/notifications/push/subscriptions', { endpoint })).status).toBe(204);
    const again = await call('DELETE', '/rest/notifications/push/subscriptions', { endpoint });
    expect([again.status, (await again.json()).code]).toEqual([404, 'push_subscription_not_found']);
  });

  it('asks a visitor to sign in', async () => {
    mocks.reset('anonymous');
    expect((await call('GET', '/rest/notifications')).status).toBe(401);
    expect((await call('GET', '/rest/notifications/stream')).status).toBe(401);
  });

  /** Ada asks a question, makes the thread hers alone, and a new account asks to read it; Ada is signed in again. */
  async function strangerAsksToRead() {
    const asked = await call('POST', '/rest/threads/ask', { query_str: 'Where did the engine go?' });
    const slug = (JSON.parse(/event: thread\ndata: (.*)\n/.exec(await asked.text())![1]!) as { thread_url_slug: string }).thread_url_slug;
    expect((await call('PUT', `/rest/thread/${slug}/access`, { thread_access: 'owner-only' })).status).toBe(200);
    await call('POST', '/api/auth/sign-out');
    expect((await call('POST', '/api/auth/sign-up/email', { name: 'Sam Stranger', email: 'sam@example.com', password: 'a-long-password' })).status).toBe(200);
    expect((await call('POST', `/rest/thread/${slug}/access-requests`)).status).toBe(202);
    expect((await call('POST', `/rest/thread/${slug}/access-requests`)).status).toBe(202);
    await call('POST', '/api/auth/sign-out');
    await call('POST', '/api/auth/sign-in/email', { email: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password });
    return slug;
  }

  it('tells a thread’s owner, once, that someone asked to read it', async () => {
    const slug = await strangerAsksToRead();
    const list = await json<NotificationList>(call('GET', '/rest/notifications'));
    expect(list.unread_count).toBe(2);
    expect(list.notifications.filter((n) => n.kind === 'access_request' && n.read_at === null)).toEqual([
      expect.objectContaining({ title: 'Sam Stranger asked to read "Where did the engine go?"', url: `/search/${slug}` }),
    ]);
  });

  it('keeps the centre quiet for an owner who turned in-app notifications off', async () => {
    await call('PUT', '/rest/notifications/preferences', { should_send_email: true, should_send_in_app: false, should_send_push: true });
    await strangerAsksToRead();
    expect((await json<NotificationList>(call('GET', '/rest/notifications'))).unread_count).toBe(1);
  });
});
