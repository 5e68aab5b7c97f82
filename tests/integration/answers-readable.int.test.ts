// Answers search the asker's own passages too: a signed-in user's question cites their own
// passage; another user and an anonymous visitor asking the same never see it.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { applyPassageOp, foldPassageStats } from '../../services/passages/index.js';
import { createTestDatabase, testDb } from '../support/database.js';
import type { Browser } from '../support/http.js';
import { askStream, PASSWORD, visitor } from '../support/people.js';
import { startServerProcess, type ServerProcess } from '../support/server-process.js';
import { collect } from '../support/sse.js';
import { allTables } from '../support/all-tables.js';

let database: { url: string; drop: () => Promise<void> };
let server: ServerProcess;
beforeAll(async () => {
  database = await createTestDatabase('readable');
  server = await startServerProcess({ databaseUrl: database.url });
});
afterAll(async () => {
  await server?.stop();
  await database?.drop();
});

async function person(email?: string) {
  const b = await visitor(server.url);
  if (email) expect((await b.post('/api/auth/sign-up/email', { name: 'Reader', email, password: PASSWORD })).status).toBe(200);
  return b;
}

async function sourcesFor(b: Browser, question: string) {
  const res = await askStream(server.url, b, { query_str: question });
  expect(res.status).toBe(200);
  const events = await collect(res);
  expect(events.at(-1)?.event).toBe('completed');
  return {
    sources: events.find((e) => e.event === 'sources')!.data.sources as { url: string; name: string; meta_data: { domain_name: string } }[],
    text: events
      .filter((e) => e.event === 'delta')
      .map((e) => e.data.text)
      .join(''),
  };
}

test("a user's passage is cited for that user, never for another user or a visitor", async () => {
  const owner = await person('owner-readable@example.com');
  const other = await person('other-readable@example.com');
  const visitor = await person();
  // Written the one way passages are written: through the passage index's own operation.
  const db = testDb(database.url);
  const { id } = await allTables(db).selectFrom('user').select('id').where('email', '=', 'owner-readable@example.com').executeTakeFirstOrThrow();
  const passage = {
    id: 'files/notes#1',
    url: '/files/notes#1',
    title: 'My notes',
    heading: 'Aardvarks',
    content: 'The aardvark enclosure opens at nine.',
    ordinal: 0,
    page: null,
  };
  await db.transaction().execute((trx) => applyPassageOp(trx, { kind: 'put', corpus: `user:${id}`, source: 'file:notes', replace: true, passages: [passage] }));
  // Written straight to the table, with no event to tell the server's statistics folder: folded here.
  await foldPassageStats(db);
  await db.destroy();

  const mine = await sourcesFor(owner, 'When does the aardvark enclosure open?');
  expect(mine.sources[0]).toMatchObject({
    url: '/files/notes#1',
    name: 'My notes: Aardvarks',
    snippet: 'The aardvark enclosure opens at nine.',
    meta_data: { domain_name: 'user' },
  });
  expect(mine.text).toContain('The aardvark enclosure opens at nine [1].');
  // Web search being off is said beside the ask box (GET /rest/server/features), never in the answer.
  expect(mine.text).not.toContain('Web search is off');
  for (const b of [other, visitor]) {
    const theirs = await sourcesFor(b, 'When does the aardvark enclosure open?');
    expect(theirs.sources.map((s) => s.url)).not.toContain('/files/notes#1');
    expect(theirs.text).not.toContain('aardvark enclosure');
  }
});
