// Whole-at-once answers run in this process: started once per entry and a few at a time, they
// end the entry, tell the requests following them, and let a resumed stream wait for the end,
// here or elsewhere.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createLiveFeed, offlineModel, type Passage } from '../services/answers/index.js';
import { projections } from '../services/app/projections.js';
import type { Db } from '../services/db/database.js';
import { EventStore } from '../services/eventstore/store.js';
import { askInThread, finishEntry } from '../services/threads/index.js';
import { migratedDb } from '../tests/support/database.js';
import { ANSWERS_AT_ONCE, createWholeAnswers } from './whole-answer.js';
import { allTables } from '../tests/support/all-tables.js';

let db: Db;
let close: () => Promise<void>;
let store: EventStore;
beforeAll(async () => {
  ({ db, close } = await migratedDb(4));
  store = new EventStore(db, projections);
});
afterAll(async () => close?.());

const VISITOR = '88888888-2222-4333-8444-555555555555';
const PASSAGE: Passage = {
  url: 'https://example.com/keys',
  title: 'Keyboard',
  heading: 'Shortcuts',
  content: 'Press the slash key to start a new question.',
  domain: 'help',
  published_date: null,
};
let n = 0;

async function pendingEntry() {
  const id = String(++n).padStart(12, '0');
  const cmd = {
    context_uuid: `88888888-0000-4000-8000-${id}`,
    backend_uuid: `88888888-1111-4000-8000-${id}`,
    thread_url_slug: `keys-${id}`,
    frontend_context_uuid: null,
    query_str: 'Which key starts a new question?',
    search_mode: 'help' as const,
    incognito: false,
    model: offlineModel.name,
    asker: { user_id: null, visitor_ids: [VISITOR], visitor_id: VISITOR },
    now: new Date(),
  };
  await askInThread(store, cmd, true);
  return { contextUuid: cmd.context_uuid, backendUuid: cmd.backend_uuid, query: cmd.query_str, mode: cmd.search_mode };
}

const statusOf = async (backendUuid: string) =>
  (await allTables(db).selectFrom('thread_entries').select('status').where('backend_uuid', '=', backendUuid).executeTakeFirstOrThrow()).status;

/** Answers whose search waits until `release()`, counting the searches; `through`: the store they write to. */
function gatedAnswers(through: EventStore = store) {
  let release = () => {};
  const gate = new Promise<void>((r) => (release = r));
  const searches = { count: 0 };
  const feed = createLiveFeed();
  const answers = createWholeAnswers(
    {
      store: through,
      model: offlineModel,
      sources: {
        passages: {
          name: 'passages',
          search: async () => {
            searches.count++;
            await gate;
            return [PASSAGE];
          },
        },
        web: null,
      },
      readableCorpora: async () => ['help'],
      timeoutMs: 5_000,
    },
    feed,
  );
  return { answers, feed, release, searches };
}

test('an entry is answered once however often it is started; followers get the events, then the end', async () => {
  const job = await pendingEntry();
  const { answers, feed, release, searches } = gatedAnswers();
  const live = feed.follow(job.backendUuid);
  await answers.start(job);
  await answers.start(job);
  let ended = false;
  const waiting = answers.untilEnded(job.backendUuid).then(() => (ended = true));
  // The answer is held at its search: it has not ended, and its entry is still pending.
  await expect.poll(() => searches.count).toBe(1);
  expect([ended, await statusOf(job.backendUuid)]).toEqual([false, 'pending']);
  release();
  await waiting;
  expect(await statusOf(job.backendUuid)).toBe('completed');
  expect(searches.count).toBe(1);
  const seen: string[] = [];
  for await (const e of live.events) seen.push(e.event);
  expect(seen).toEqual(['sources', 'delta', 'related', 'completed']);
  await answers.running();
});

test('the sources are shown as soon as they are found, before the answer is recorded with them', async () => {
  const job = await pendingEntry();
  let record = () => {};
  const recording = new Promise<void>((r) => (record = r));
  // The same store, whose appends (the answer's one) wait for `record()`.
  const held = Object.create(store) as EventStore;
  held.append = async (...args) => {
    await recording;
    return store.append(...args);
  };
  const { answers, feed, release } = gatedAnswers(held);
  const live = feed.follow(job.backendUuid);
  await answers.start(job);
  release();
  const events = live.events[Symbol.asyncIterator]();
  const first = await events.next();
  expect(first.value).toEqual({ event: 'sources', data: { sources: [expect.objectContaining({ url: PASSAGE.url, name: 'Keyboard: Shortcuts' })] } });
  expect(await statusOf(job.backendUuid)).toBe('pending');
  record();
  const rest: string[] = [];
  for (let e = await events.next(); !e.done; e = await events.next()) rest.push(e.value.event);
  expect(rest).toEqual(['delta', 'related', 'completed']);
  expect(await statusOf(job.backendUuid)).toBe('completed');
  await answers.running();
});

test('an entry answered elsewhere: the wait ends once the entry has', async () => {
  const job = await pendingEntry();
  const { answers } = gatedAnswers();
  let ended = false;
  const waiting = answers.untilEnded(job.backendUuid).then(() => (ended = true));
  expect(await statusOf(job.backendUuid)).toBe('pending');
  expect(ended).toBe(false);
  // Another instance ends it.
  await finishEntry(store, job.contextUuid, job.backendUuid, { kind: 'completed', answer: 'Press the slash key.', related_questions: [] }, new Date());
  await waiting;
  expect(await statusOf(job.backendUuid)).toBe('completed');
});

test(`no more than ${ANSWERS_AT_ONCE} answers are written at once; the others wait their turn`, async () => {
  const jobs = await Promise.all(Array.from({ length: ANSWERS_AT_ONCE + 2 }, pendingEntry));
  const { answers, release, searches } = gatedAnswers();
  for (const job of jobs) await answers.start(job);
  // Without the limit every search would have started by the time the first ones are under way.
  await expect.poll(() => searches.count).toBeGreaterThanOrEqual(ANSWERS_AT_ONCE);
  expect(searches.count).toBe(ANSWERS_AT_ONCE);
  release();
  await answers.running();
  expect(searches.count).toBe(jobs.length);
  for (const job of jobs) expect(await statusOf(job.backendUuid)).toBe('completed');
});
