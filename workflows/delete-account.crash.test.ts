// An account's deletion survives a hard crash halfway: the server is killed with SIGKILL while
// the deletion workflow pauses after the person's Spaces and threads (before their files and the
// erasure), restarted on the same database, and the deletion finishes: each thing is deleted
// once, the account is erased once, and nothing of the person is left in the log.
import pg from 'pg';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { crashWhileSleeping } from '../tests/support/crash.js';
import { createTestDatabase } from '../tests/support/database.js';
import { askAndWait, PASSWORD, signedUp } from '../tests/support/people.js';
import { deleteAccountWorkflowId } from './delete-account.js';

let database: { url: string; drop: () => Promise<void> };
beforeAll(async () => {
  database = await createTestDatabase('crash_delete');
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
const count = async (type: string) => Number((await rows<{ n: string }>('select count(*) as n from events where type = $1', [type]))[0].n);

const NAME = `Crashina${Date.now()}`;
const EMAIL = `crashina.${Date.now()}@example.com`;
const QUESTION = `Why do crashinas${Date.now()} nest`;

test('a SIGKILL halfway through a deletion leaves no half person: after a restart it finishes, once', { timeout: 120_000 }, async () => {
  let userId = '';
  const run = await crashWhileSleeping({
    databaseUrl: database.url,
    env: { ACCOUNT_DELETION_PAUSE_SECONDS: '4' },
    start: async (server) => {
      const ada = await signedUp(server.url, NAME, EMAIL);
      await askAndWait(server.url, ada, QUESTION);
      await ada.post('/rest/collections/create_collection', { title: `${NAME}'s Space` });
      // An organisation with Ada alone in it: her deletion closes it.
      expect((await ada.post('/rest/organizations', { name: `${NAME}'s Org` })).status).toBe(201);
      userId = (await ada.get('/rest/session')).json.user.id;
      const res = await ada.post('/rest/account/delete', { password: PASSWORD, confirmation: 'DELETE' });
      expect(res.status, res.text).toBe(202);
      return deleteAccountWorkflowId(userId);
    },
    beforeRestart: async () => {
      // Halfway: the Space and the thread are gone, the account is not erased yet.
      expect(await count('SpaceDeleted')).toBe(1);
      expect(await count('ThreadDeleted')).toBe(1);
      expect(await count('AccountErased')).toBe(0);
      expect(await count('OrgClosed')).toBe(1);
      expect(await rows('select id from "user" where id = $1', [userId])).toHaveLength(1);
    },
  });
  try {
    expect(run.stepsAtCrash.map((s) => s.name)).toEqual([
      'request',
      'close-sign-in',
      'settle-spaces',
      'leave-spaces',
      'leave-orgs',
      'remove-threads',
      'DBOS.sleep',
    ]);
    expect(run.status.status).toBe('SUCCESS');
    expect(run.status.recoveryAttempts).toBeGreaterThan(run.statusAtCrash.recoveryAttempts);
    expect([await count('SpaceDeleted'), await count('ThreadDeleted'), await count('AccountErased'), await count('OrgClosed')]).toEqual([1, 1, 1, 1]);
    expect(await rows('select uuid from orgs')).toEqual([]);
    expect(await rows('select id from "user" where id = $1', [userId])).toEqual([]);
    for (const needle of [NAME, EMAIL, QUESTION]) expect(await rows('select type from events where data::text ilike $1', [`%${needle}%`]), needle).toEqual([]);
  } finally {
    await run.restarted.stop();
  }
});
