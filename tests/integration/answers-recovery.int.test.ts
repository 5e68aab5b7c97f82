// A question recorded by a process that died before it started the answer's workflow (or inside
// it): the next start finds the pending entry, starts its workflow, and the entry ends (never
// stays pending).
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { indexHelpCorpus } from '../../services/answers/engine.js';
import { INTERRUPTED } from '../../services/answers/errors.js';
import { passageSource } from '../../services/answers/passages.js';
import { retrieve } from '../../services/answers/retrieve.js';
import { toSource } from '../../services/answers/types.js';
import { projections } from '../../services/app/projections.js';
import type { Db } from '../../services/db/database.js';
import { migrateToLatest } from '../../services/db/migrate.js';
import { EventStore } from '../../services/eventstore/store.js';
import { askInThread, recordSources } from '../../services/threads/use-cases.js';
import { createTestDatabase, testDb } from '../support/database.js';
import { startServerProcess, type ServerProcess } from '../support/server-process.js';
import { collect } from '../support/sse.js';

const VISITOR = '77777777-2222-4333-8444-555555555555';
const CONTEXT = '77777777-0000-4000-8000-000000000001';
const BACKEND = '77777777-0000-4000-8000-000000000002';
const SAME = { context: '77777777-0000-4000-8000-000000000003', backend: '77777777-0000-4000-8000-000000000004' };
const OTHER = { context: '77777777-0000-4000-8000-000000000005', backend: '77777777-0000-4000-8000-000000000006' };
let database: { url: string; drop: () => Promise<void> };
let db: Db;
let server: ServerProcess | undefined;
beforeAll(async () => {
  database = await createTestDatabase('answers_recovery');
  db = testDb(database.url, 2);
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
    {
      context_uuid: CONTEXT,
      backend_uuid: BACKEND,
      thread_url_slug: 'orphan-7777',
      frontend_context_uuid: null,
      query_str: 'How do I stop an answer?',
      search_mode: 'help',
      incognito: false,
      model: 'offline-extractive',
      asker,
      now: new Date(),
    },
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

// The offline model records its sources with its answer, in one append, with no workflow step.
// An attempt cut off after recording sources apart (a streaming model's, before a restart with
// none configured) leaves them: the rerun keeps them, or fails the entry when retrieval now
// finds others (an answer from those would cite the recorded ones wrongly).
describe('an offline answer whose entry already has sources', () => {
  const ask = async (context: string, backend: string, slug: string, query: string) => {
    const store = new EventStore(db, projections);
    const asker = { user_id: null, visitor_ids: [VISITOR], visitor_id: VISITOR };
    await askInThread(
      store,
      {
        context_uuid: context,
        backend_uuid: backend,
        thread_url_slug: slug,
        frontend_context_uuid: null,
        query_str: query,
        search_mode: 'help',
        incognito: false,
        model: 'offline-extractive',
        asker,
        now: new Date(),
      },
      true,
    );
    return store;
  };
  const eventsOf = async (backend: string) =>
    collect(await fetch(`${server!.url}/rest/threads/entries/${backend}/events`, { headers: { cookie: `visitor_id=${VISITOR}` } }));

  test('with the sources retrieval finds again: answered, the recorded sources replayed', { timeout: 60_000 }, async () => {
    await indexHelpCorpus(new EventStore(db, projections));
    const query = 'How do I share a thread?';
    const found = await retrieve(query, 'help', { passages: passageSource(db), web: null });
    const store = await ask(SAME.context, SAME.backend, 'same-7777', query);
    await recordSources(store, SAME.context, SAME.backend, found.passages.map(toSource), new Date());
    await server?.stop();
    server = await startServerProcess({ databaseUrl: database.url });
    const events = await eventsOf(SAME.backend);
    expect(events.map((e) => e.event)).toEqual(['thread', 'sources', ...events.slice(2, -2).map(() => 'delta'), 'related', 'completed']);
    expect(events[1].data).toEqual({ sources: found.passages.map(toSource) });
  });

  test('with other sources than recorded: failed, not an answer citing the wrong ones', { timeout: 60_000 }, async () => {
    const store = await ask(OTHER.context, OTHER.backend, 'other-7777', 'How do I share a thread?');
    const recorded = [
      { url: 'https://example.com/gone', name: 'A page no longer indexed', snippet: 'Gone.', meta_data: { domain_name: 'help', published_date: null } },
    ];
    await recordSources(store, OTHER.context, OTHER.backend, recorded, new Date());
    await server?.stop();
    server = await startServerProcess({ databaseUrl: database.url });
    const events = await eventsOf(OTHER.backend);
    expect(events.map((e) => e.event)).toEqual(['thread', 'sources', 'failed']);
    expect(events[1].data).toEqual({ sources: recorded });
    expect(events[2].data).toMatchObject({ error: 'stream error', detail: INTERRUPTED });
    const thread = (await (await fetch(`${server.url}/rest/thread/other-7777`, { headers: { cookie: `visitor_id=${VISITOR}` } })).json()) as any;
    expect(thread.entries[0]).toMatchObject({ status: 'failed', answer: '' });
  });
});
