// The person's latest answered questions (the earlier conversation a personalised answer may
// draw on), read from the entries' own copy of their thread's owner and incognito: newest
// first, only completed ones, never incognito, another person's, or the thread being answered.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { migratedDb } from '../../tests/support/database.js';
import { projections } from '../app/projections.js';
import type { Db } from '../db/database.js';
import { EventStore } from '../eventstore/store.js';
import { ownAnsweredEntries } from './queries.js';
import { askInThread, finishEntry } from './use-cases.js';

let db: Db;
let close: () => Promise<void>;
let store: EventStore;
beforeAll(async () => {
  ({ db, close } = await migratedDb(2));
  store = new EventStore(db, projections);
});
afterAll(async () => close?.());

let minute = 0;
async function asked(n: string, opts: { owner: string; incognito?: boolean; thread?: string; answered?: boolean }) {
  const now = new Date(Date.UTC(2026, 2, 2, 8, minute++));
  const context = opts.thread ?? `00000000-0000-4000-8000-${n.padStart(12, '0')}`;
  const backend = `10000000-0000-4000-8000-${n.padStart(12, '0')}`;
  const isNew = !opts.thread;
  await askInThread(
    store,
    {
      context_uuid: context,
      backend_uuid: backend,
      thread_url_slug: `q-${n}`,
      frontend_context_uuid: null,
      query_str: `Question ${n}`,
      search_mode: 'auto',
      incognito: !!opts.incognito,
      model: 'offline',
      asker: { user_id: opts.owner, visitor_ids: [], visitor_id: `v-${opts.owner}` },
      now,
    },
    isNew,
  );
  if (opts.answered !== false) await finishEntry(store, context, backend, { kind: 'completed', answer: `Answer ${n}`, related_questions: [] }, now);
  return { context, backend };
}

test('newest first; completed only; never incognito, another person’s, or the thread being answered', async () => {
  const first = await asked('1', { owner: 'ada' });
  await asked('2', { owner: 'ada', incognito: true });
  await asked('3', { owner: 'bo' });
  await asked('4', { owner: 'ada', answered: false });
  await asked('5', { owner: 'ada', thread: first.context });
  const current = await asked('6', { owner: 'ada' });
  await asked('7', { owner: 'ada' });

  const all = await ownAnsweredEntries(db, 'ada', null);
  expect(all.map((e) => e.query_str)).toEqual(['Question 7', 'Question 6', 'Question 5', 'Question 1']);
  expect(all[2]).toMatchObject({ answer: 'Answer 5', thread_url_slug: 'q-1' });
  expect((await ownAnsweredEntries(db, 'ada', current.context)).map((e) => e.query_str)).toEqual(['Question 7', 'Question 5', 'Question 1']);
  expect((await ownAnsweredEntries(db, 'ada', first.context, 1)).map((e) => e.query_str)).toEqual(['Question 7']);
  expect((await ownAnsweredEntries(db, 'bo', null)).map((e) => e.query_str)).toEqual(['Question 3']);
});
