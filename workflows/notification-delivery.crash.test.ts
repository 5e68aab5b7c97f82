// A notification's delivery survives a hard crash: the server is killed with SIGKILL while the
// push service keeps answering 503 (the push step retrying) after the mail went out, restarted
// on the same database; the workflow resumes, the mail is not sent again, and once the push
// service is back the push arrives (decrypted by the fake), exactly once.
import pg from 'pg';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type PushService, startPushService } from '../tests/fakes/web-push.js';
import { killHard, waitUntilFinished, workflowStatus } from '../tests/support/crash.js';
import { createTestDatabase } from '../tests/support/database.js';
import { askAndWait, signedUp } from '../tests/support/people.js';
import { startServerProcess } from '../tests/support/server-process.js';
import { notificationDeliveryId } from './notification-delivery.js';

let database: { url: string; drop: () => Promise<void> };
let push: PushService;
beforeAll(async () => {
  database = await createTestDatabase('crash');
  push = await startPushService();
});
afterAll(async () => {
  await database?.drop();
  await push?.close();
});

async function rows<R extends pg.QueryResultRow>(text: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    return (await client.query<R>(text, values)).rows;
  } finally {
    await client.end();
  }
}

async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await probe();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

test('a SIGKILL while a push is being retried delivers it once after a restart, and the mail once', { timeout: 120_000 }, async () => {
  const env = { NODE_EXTRA_CA_CERTS: push.caFile, WEB_PUSH_ALLOW_PRIVATE_HOSTS: push.hostPort };
  const first = await startServerProcess({ databaseUrl: database.url, env });
  let notificationId = '';
  let endpoint = '';
  try {
    const owner = await signedUp(first.url, 'Crash Owner');
    const asker = await signedUp(first.url, 'Crash Asker');
    const key = (await owner.get('/rest/notifications/push/public-key')).json.public_key;
    const sub = push.browser(key);
    endpoint = sub.endpoint;
    expect((await owner.post('/rest/notifications/push/subscriptions', sub)).status).toBe(201);
    push.fail(endpoint);
    const t = await askAndWait(first.url, owner, 'why do trains crash?');
    const req = await asker.post(`/rest/thread/${t.thread_url_slug}/access-requests`);
    notificationId = `access-request-${req.json.request_id}`;
    // The mail is out and the push service has refused at least once: the push step is retrying.
    await until('the mail delivered and a refused push', async () => {
      const delivered = await rows("select 1 from events where stream_id = $1 and type = 'MailDelivered'", [`mail-notification-${notificationId}`]);
      const refused = push.rejected.some((r) => r.endpoint === endpoint && r.status === 503);
      return delivered.length && refused ? true : undefined;
    });
  } catch (err) {
    await first.stop('SIGKILL');
    throw err;
  }
  const workflowId = notificationDeliveryId(notificationId);
  const atCrash = (await workflowStatus(database.url, workflowId))!;
  expect(atCrash.status).toBe('PENDING');
  await killHard(first);
  expect(push.received.filter((r) => r.endpoint === endpoint)).toEqual([]);

  push.recover(endpoint);
  const restarted = await startServerProcess({ databaseUrl: database.url, env });
  try {
    const status = await waitUntilFinished(database.url, workflowId);
    expect(status.status).toBe('SUCCESS');
    expect(status.recoveryAttempts).toBeGreaterThan(atCrash.recoveryAttempts);
    const pushed = push.received.filter((r) => r.endpoint === endpoint);
    expect(pushed).toHaveLength(1);
    expect(pushed[0].payload).toMatchObject({ notification_id: notificationId, kind: 'access_request' });
    const mail = await rows<{ type: string }>('select type from events where stream_id = $1 order by stream_version', [`mail-notification-${notificationId}`]);
    expect(mail.map((e) => e.type)).toEqual(['MailQueued', 'MailDelivered']);
  } finally {
    expect(await restarted.stop('SIGTERM')).toBe(0);
  }
});
