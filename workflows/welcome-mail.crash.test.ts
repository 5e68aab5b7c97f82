// The welcome mail survives a hard crash during its durable wait: the server is killed with
// SIGKILL while the workflow sleeps between "queue" and "deliver", restarted on the same
// database, and the mail is delivered exactly once.
import pg from 'pg';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { crashWhileSleeping } from '../tests/support/crash.js';
import { createTestDatabase } from '../tests/support/database.js';
import { welcomeMailWorkflowId } from './welcome-mail.js';

let database: { url: string; drop: () => Promise<void> };
beforeAll(async () => {
  database = await createTestDatabase('crash');
});
afterAll(async () => {
  await database?.drop();
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
const mailEvents = (userId: string) =>
  rows<{ type: string; stream_version: number }>('select type, stream_version from events where stream_id = $1 order by stream_version', [
    `mail-welcome-${userId}`,
  ]);

test('a SIGKILL while the welcome mail waits still delivers it, exactly once, after a restart', { timeout: 90_000 }, async () => {
  let userId = '';
  const run = await crashWhileSleeping({
    databaseUrl: database.url,
    env: { WELCOME_MAIL_DELAY_SECONDS: '3' },
    start: async (server) => {
      const res = await fetch(`${server.url}/api/auth/sign-up/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Crash Test', email: 'crash@example.com', password: 'correct horse battery' }),
      });
      expect(res.status).toBe(200);
      userId = ((await res.json()) as { user: { id: string } }).user.id;
      return welcomeMailWorkflowId(userId);
    },
    beforeRestart: async () => {
      // Killed between the steps: queued, not delivered.
      expect((await mailEvents(userId)).map((e) => e.type)).toEqual(['MailQueued']);
      expect(await rows('select status from mail_outbox where id = $1', [`welcome-${userId}`])).toEqual([{ status: 'queued' }]);
    },
  });
  try {
    expect(run.stepsAtCrash.map((s) => s.name)).toEqual(['queue', 'DBOS.sleep']);
    expect(run.status.status).toBe('SUCCESS');
    // The restarted server recovered the workflow (it did not start a new one).
    expect(run.status.recoveryAttempts).toBeGreaterThan(run.statusAtCrash.recoveryAttempts);

    expect(await mailEvents(userId)).toEqual([
      { type: 'MailQueued', stream_version: 1 },
      { type: 'MailDelivered', stream_version: 2 },
    ]);
    const outbox = await rows<{ status: string; via: string; to: string; subject: string }>(
      'select status, via, "to", subject from mail_outbox where id = $1',
      [`welcome-${userId}`],
    );
    expect(outbox).toEqual([{ status: 'delivered', via: 'outbox', to: 'crash@example.com', subject: 'Welcome to Answer Engine' }]);

    // The user sees it in the app, once (with their address verified: the outbox shows nothing before).
    await rows('update "user" set "emailVerified" = true where id = $1', [userId]);
    const signIn = await fetch(`${run.restarted.url}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'crash@example.com', password: 'correct horse battery' }),
    });
    expect(signIn.status).toBe(200);
    const cookie = signIn.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const list = (await (await fetch(`${run.restarted.url}/rest/mail/outbox`, { headers: { cookie } })).json()) as {
      items: { status: string; subject: string }[];
    };
    expect(list.items.filter((m) => m.subject === 'Welcome to Answer Engine').map((m) => m.status)).toEqual(['delivered']);
  } finally {
    expect(await run.restarted.stop('SIGTERM')).toBe(0);
  }
});
