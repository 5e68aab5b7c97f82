// A sign-up that fails after Better Auth stored the user (here: the account projection refuses
// the row) leaves no half-made account behind, and the same email can sign up again.
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Db } from '../../services/db/database.js';
import { createTestDatabase, testDb } from '../support/database.js';
import { Browser } from '../support/http.js';
import { startServerProcess, type ServerProcess } from '../support/server-process.js';
import { allTables } from '../support/all-tables.js';

let database: { url: string; drop: () => Promise<void> };
let server: ServerProcess;
let db: Db;
beforeAll(async () => {
  database = await createTestDatabase('atomic');
  server = await startServerProcess({ databaseUrl: database.url, env: { WELCOME_MAIL_DELAY_SECONDS: '0' } });
  db = testDb(database.url, 2);
});
afterAll(async () => {
  await server?.stop();
  await db?.destroy();
  await database?.drop();
});

test('a sign-up that fails halfway stores no user, no event and no session, and can be repeated', async () => {
  const email = 'halfway@example.com';
  await sql`create function refuse_account() returns trigger language plpgsql as $$ begin raise exception 'refused for the test'; end $$`.execute(db);
  await sql`create trigger refuse_account before insert on accounts for each row when (new.email = 'halfway@example.com') execute function refuse_account()`.execute(
    db,
  );

  const browser = new Browser(server.url);
  const failed = await browser.post('/api/auth/sign-up/email', { name: 'Half', email, password: 'correct horse battery' });
  expect(failed.status).toBe(500);
  expect(failed.json.code).toBe('internal_error');
  expect(await sql`select 1 from "user" where email = ${email}`.execute(db).then((r) => r.rows.length)).toBe(0);
  expect(await allTables(db).selectFrom('events').select('type').where('type', '=', 'AccountRegistered').execute()).toEqual([]);
  expect((await browser.get('/rest/session')).json.user).toBeNull();

  await sql`drop trigger refuse_account on accounts`.execute(db);
  const retried = await browser.post('/api/auth/sign-up/email', { name: 'Half', email, password: 'correct horse battery' });
  expect(retried.status).toBe(200);
  expect(retried.json.user.email).toBe(email);
  expect((await browser.get('/rest/session')).json.user.email).toBe(email);
});
