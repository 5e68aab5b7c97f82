// `make rebuild-projections` gives back exactly the thread read models that inline projection
// wrote: random sequences of asks, follow-ups, sources, stops, endings, access changes, expiry
// removals, access requests and answers, source removals, bookmarks, renames and deletions run
// through the real use cases, then the read models are rebuilt from the log and compared.
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { migratedDb } from '../support/database.js';
import { projections } from '../../services/app/projections.js';
import type { Db } from '../../services/db/database.js';
import { rebuildProjections } from '../../services/eventstore/rebuild.js';
import { EventStore } from '../../services/eventstore/store.js';
import { DomainError } from '../../services/shared/domain-error.js';
import { actorOfFacts } from '../../services/shared/actor-without-request.js';
import { bookmarkThread } from '../../services/bookmarks/index.js';
import type { ThreadAccess } from '../../services/threads/events.js';
import { deleteThread, renameThread } from '../../services/threads/manage-use-cases.js';
import { answerAccessRequest, changeAccess, removeExpiry, removeSources, requestAccess } from '../../services/threads/sharing-use-cases.js';
import { askInThread, finishEntry, recordProSearchSteps, recordSources, requestStop, startGeneration } from '../../services/threads/use-cases.js';

let db: Db;
let close: () => Promise<void>;
let store: EventStore;
beforeAll(async () => {
  ({ db, close } = await migratedDb());
  store = new EventStore(db, projections);
});
afterAll(async () => close?.());

async function snapshot() {
  return {
    threads: (await sql.raw('select * from threads order by context_uuid').execute(db)).rows,
    thread_entries: (await sql.raw('select * from thread_entries order by backend_uuid').execute(db)).rows,
    thread_access_requests: (await sql.raw('select * from thread_access_requests order by request_id').execute(db)).rows,
    thread_readers: (await sql.raw('select * from thread_readers order by context_uuid, user_id').execute(db)).rows,
    bookmarks: (await sql.raw('select * from bookmarks order by user_id, context_uuid').execute(db)).rows,
  };
}

type Command =
  | { kind: 'ask'; thread: number; entry: number; visitor: number; user: number | null; query: string; incognito: boolean; isNew: boolean }
  | { kind: 'sources'; thread: number; entry: number; n: number }
  | { kind: 'steps'; thread: number; entry: number; n: number }
  | { kind: 'start'; thread: number; entry: number }
  | { kind: 'stop'; thread: number; entry: number; visitor: number }
  | { kind: 'finish'; thread: number; entry: number; outcome: 'completed' | 'stopped' | 'failed'; text: string }
  | { kind: 'access'; thread: number; user: number; access: ThreadAccess }
  | { kind: 'keep'; thread: number; user: number }
  | { kind: 'request'; thread: number; user: number; request: number }
  | { kind: 'answer'; thread: number; user: number; request: number; grant: boolean }
  | { kind: 'remove'; thread: number; entry: number; user: number; n: number }
  | { kind: 'bookmark'; thread: number; user: number }
  | { kind: 'rename'; thread: number; visitor: number; user: number | null; title: string }
  | { kind: 'delete'; thread: number; visitor: number; user: number | null };

const ids = { thread: fc.nat(3), entry: fc.nat(6) };
const command: fc.Arbitrary<Command> = fc.oneof(
  fc.record({
    kind: fc.constant('ask' as const),
    ...ids,
    visitor: fc.nat(2),
    user: fc.option(fc.nat(1)),
    query: fc.string({ maxLength: 20 }),
    incognito: fc.boolean(),
    isNew: fc.boolean(),
  }),
  fc.record({ kind: fc.constant('sources' as const), ...ids, n: fc.nat(3) }),
  fc.record({ kind: fc.constant('steps' as const), ...ids, n: fc.nat(3) }),
  fc.record({ kind: fc.constant('start' as const), ...ids }),
  fc.record({ kind: fc.constant('stop' as const), ...ids, visitor: fc.nat(2) }),
  fc.record({
    kind: fc.constant('finish' as const),
    ...ids,
    outcome: fc.constantFrom('completed' as const, 'stopped' as const, 'failed' as const),
    text: fc.string({ maxLength: 20 }),
  }),
  fc.record({
    kind: fc.constant('access' as const),
    thread: ids.thread,
    user: fc.nat(2),
    access: fc.constantFrom<ThreadAccess>('owner-only', 'private read', 'collection read', 'org read', 'public read'),
  }),
  fc.record({ kind: fc.constant('keep' as const), thread: ids.thread, user: fc.nat(2) }),
  fc.record({ kind: fc.constant('request' as const), thread: ids.thread, user: fc.nat(2), request: fc.nat(4) }),
  fc.record({ kind: fc.constant('answer' as const), thread: ids.thread, user: fc.nat(2), request: fc.nat(4), grant: fc.boolean() }),
  fc.record({ kind: fc.constant('remove' as const), ...ids, user: fc.nat(2), n: fc.nat(3) }),
  fc.record({ kind: fc.constant('bookmark' as const), thread: ids.thread, user: fc.nat(2) }),
  fc.record({ kind: fc.constant('rename' as const), thread: ids.thread, visitor: fc.nat(2), user: fc.option(fc.nat(1)), title: fc.string({ maxLength: 20 }) }),
  fc.record({ kind: fc.constant('delete' as const), thread: ids.thread, visitor: fc.nat(2), user: fc.option(fc.nat(1)) }),
);
/** The asker of an `ask` with these ids: a user, or an anonymous visitor. */
const asViewer = (visitor: number, user: number | null) => ({ user_id: user === null ? null : `u${user}`, visitor_ids: [`v${visitor}`] });
const uuid = (kind: number, n: number) => `00000000-0000-4000-800${kind}-${String(n).padStart(12, '0')}`;

async function run(c: Command, now: Date) {
  const context = uuid(1, c.thread);
  // Entry ids are random uuids in the app: never the same in two threads.
  const backend = uuid(2, c.thread * 10 + ('entry' in c ? c.entry : 0));
  switch (c.kind) {
    case 'ask': {
      const visitor = `v${c.visitor}`;
      const asker = { user_id: c.user === null ? null : `u${c.user}`, visitor_ids: [visitor], visitor_id: visitor };
      return askInThread(
        store,
        {
          context_uuid: context,
          backend_uuid: backend,
          thread_url_slug: `t-${c.thread}`,
          frontend_context_uuid: null,
          query_str: c.query,
          search_mode: 'auto',
          incognito: c.incognito,
          model: 'offline-extractive',
          asker,
          now,
        },
        c.isNew,
      );
    }
    case 'sources':
      return recordSources(
        store,
        context,
        backend,
        Array.from({ length: c.n }, (_, i) => ({ url: `https://e.org/${i}`, name: `S${i}`, snippet: 's' })),
        now,
      );
    case 'steps':
      return recordProSearchSteps(
        store,
        context,
        backend,
        {
          queries: Array.from({ length: c.n + 1 }, (_, i) => `q${i}`),
          sources_read: c.n,
          pages: Array.from({ length: c.n }, (_, i) => ({ url: `https://e.org/${i}`, title: `P${i}` })),
          duration_ms: 10 * c.n,
          planner: 'offline',
        },
        now,
      );
    case 'start':
      return startGeneration(store, context, backend, now);
    case 'stop':
      return requestStop(store, context, backend, actorOfFacts({ user_id: null, visitor_ids: [`v${c.visitor}`] }), now);
    case 'finish': {
      const outcome =
        c.outcome === 'completed'
          ? { kind: c.outcome, answer: c.text, related_questions: [c.text] }
          : c.outcome === 'stopped'
            ? { kind: c.outcome, answer: c.text }
            : { kind: c.outcome, answer: c.text, detail: 'boom' };
      return finishEntry(store, context, backend, outcome, now);
    }
    case 'access':
      return changeAccess(store, context, actorOfFacts({ user_id: `u${c.user}`, visitor_ids: [] }), {
        thread_access: c.access,
        enterprise: c.user === 0,
        inSpace: c.user === 1,
        now,
      });
    case 'keep':
      return removeExpiry(store, context, actorOfFacts({ user_id: `u${c.user}`, visitor_ids: [`v${c.user}`] }), now);
    case 'request':
      return requestAccess(store, context, actorOfFacts({ user_id: `u${c.user}`, visitor_ids: [] }), {
        canReadNow: false,
        request_id: uuid(3, c.thread * 10 + c.request),
        now,
      });
    case 'answer':
      return answerAccessRequest(store, context, actorOfFacts({ user_id: `u${c.user}`, visitor_ids: [] }), {
        request_id: uuid(3, c.thread * 10 + c.request),
        grant: c.grant,
        now,
      });
    case 'remove':
      return removeSources(store, context, actorOfFacts({ user_id: `u${c.user}`, visitor_ids: [] }), {
        backend_uuid: backend,
        urls: [`https://e.org/${c.n}`],
        now,
      });
    case 'bookmark':
      return bookmarkThread(store, { user_id: `u${c.user}`, context_uuid: context, now });
    case 'rename':
      return renameThread(store, context, actorOfFacts(asViewer(c.visitor, c.user)), { title: c.title, now });
    case 'delete':
      return deleteThread(store, context, actorOfFacts(asViewer(c.visitor, c.user)), now);
  }
}

test('rebuilding threads from the log equals inline projection', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(fc.tuple(command, fc.integer({ min: 0, max: 10 ** 9 })), { minLength: 1, maxLength: 25 }), async (steps) => {
      await sql`truncate events, threads, thread_entries, thread_access_requests, thread_readers, bookmarks restart identity`.execute(db);
      for (const [c, ms] of steps) {
        // Refused commands (unknown thread or entry, someone else's, a blank question) change nothing.
        await run(c, new Date(Date.UTC(2025, 0, 1) + ms)).catch((err) => {
          if (!(err instanceof DomainError)) throw err;
        });
      }
      const inline = await snapshot();
      await rebuildProjections(store, 3);
      expect(await snapshot()).toEqual(inline);
    }),
    { numRuns: 30 },
  );
});
