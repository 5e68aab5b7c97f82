// A question recorded by a process that died before it started the answer's workflow: the next
// start finds the pending entry, starts its workflow, and the entry ends (never stays pending).
import { afterAll, beforeAll, expect, test } from 'vitest';
import { projections } from '../../services/app/projections.js';
import { createDb, createPool, type Db } from '../../services/db/database.js';
import { migrateToLatest } from '../../services/db/migrate.js';
import { EventStore } from '../../services/eventstore/store.js';
import { askInThread } from '../../services/threads/use-cases.js';
import { createTestDatabase } from '../support/database.js';
import { startServerProcess, type ServerProcess } from '../support/server-process.js';
import { collect } from '../support/sse.js';

const VISITOR = '77777777-2222-4333-8444-555555555555';
const CONTEXT = '77777777-0000-4000-8000-000000000001';
const BACKEND = '77777777-0000-4000-8000-000000000002';
let database: { url: string; drop: () => Promise<void> };
let db: Db;
let server: ServerProcess | undefined;
beforeAll(async () => {
  database = await createTestDatabase('answers_recovery');
  db = createDb(createPool(database.url, 2));
  await migrateToLatest(db);
});
afterAll(async () => {
  await server?.stop();
  await db?.destroy();
  await database?.drop();
});

test('a pending entry without a workflow is answered at the next start', { timeout: 60_000 }, async () => {
  const asker = { user_id: null, visitor_ids: [VISITOR], visitor_id: VISITOR };
  await askInThread(
    new EventStore(db, projections),
    { context_uuid: CONTEXT, backend_uuid: BACKEND, thread_url_slug: 'orphan-7777', frontend_context_uuid: null, query_str: 'How do I stop an answer?', search_mode: 'help', incognito: false, model: 'offline-extractive', asker, now: new Date() },
    true,
  );
  server = await startServerProcess({ databaseUrl: database.url });
  const headers = { cookie: `visitor_id=${VISITOR}` };
  const events = await collect(await fetch(`${server.url}/rest/threads/entries/${BACKEND}/events`, { headers }));
  expect(events.map((e) => e.event)).toEqual(['thread', 'sources', ...events.slice(2, -2).map(() => 'delta'), 'related', 'completed']);
  const thread = (await (await fetch(`${server.url}/rest/thread/orphan-7777`, { headers })).json()) as any;
  expect(thread.entries[0]).toMatchObject({ status: 'completed', answer: expect.stringContaining('Stop') });
  // search_mode help: no web search, and no note about it either.
  expect(thread.entries[0].answer).not.toContain('Web search');
});
