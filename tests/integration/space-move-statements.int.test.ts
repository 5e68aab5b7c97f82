// Moving a thread into a Space goes one way (bookmarks' collection call → spaces'
// thread-routes.ts → threads' space-moves.ts through the spaceThreads port → the event store) and
// reads each row it needs once: the Space row once, the thread row once, the caller's session
// user once (the request's Actor). The statements are counted on the connections themselves.
import type pg from 'pg';
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { migratedDbWithAuth } from '../support/database.js';
import { projections } from '../../services/app/projections.js';
import { bookmarkStateOf, collectionRoutes } from '../../services/bookmarks/index.js';
import { createDb, createPool, type Db } from '../../services/db/database.js';
import { EventStore } from '../../services/eventstore/store.js';
import { type ActorUser, createActor } from '../../services/shared/actor.js';
import { actorOfFacts } from '../../services/shared/actor-without-request.js';
import { createSpace } from '../../services/spaces/create-use-case.js';
import { spaceThreadsOf } from '../../services/threads/index.js';
import { askInThread } from '../../services/threads/use-cases.js';
import { allTables } from '../support/all-tables.js';

let db: Db;
let close: () => Promise<void>;
let statements: string[] | null = null;

/** A pool whose connections tell every statement they send while `statements` is set. */
function countingPool(url: string) {
  const pool = createPool(url, 2);
  pool.on('error', () => {});
  const seen = new WeakSet<pg.PoolClient>();
  const connect = pool.connect.bind(pool) as () => Promise<pg.PoolClient>;
  (pool as { connect: () => Promise<pg.PoolClient> }).connect = async () => {
    const client = await connect();
    if (!seen.has(client)) {
      seen.add(client);
      const query = client.query.bind(client) as (...args: unknown[]) => unknown;
      (client as { query: unknown }).query = (...args: unknown[]) => {
        const text = typeof args[0] === 'string' ? args[0] : (args[0] as { text?: string }).text;
        if (text) statements?.push(text.replace(/\s+/g, ' '));
        return query(...args);
      };
    }
    return client;
  };
  return pool;
}

beforeAll(async () => {
  const migrated = await migratedDbWithAuth(2);
  db = createDb(countingPool(migrated.url));
  close = async () => {
    await db.destroy();
    await migrated.close();
  };
}, 120_000);
afterAll(async () => close?.());

const ada: ActorUser = {
  id: 'ada',
  name: 'Ada',
  email: 'ada@example.com',
  email_verified: true,
  org_uuid: null,
  subscription_status: 'none',
  subscription_source: 'stripe',
  subscription_plan: 'free',
  capabilities: { unlimitedProSearch: false, maxModelSelection: false, unlimitedResearch: false, fileUpload: true },
  isGovernmentRequestOrigin: false,
};

/** The statements that read `table` (its rows, not a write's returning clause). */
const readsOf = (all: string[], table: string) => all.filter((s) => /^(\/\*[^*]*\*\/ )?select /i.test(s) && new RegExp(`from "${table}"( |$)`).test(s));

test('a thread moves into a Space reading the Space row and the thread row once each', async () => {
  const store = new EventStore(db, projections);
  const now = () => new Date();
  const ctx = {
    db,
    store,
    now,
    logger: { info() {}, warn() {}, error() {}, debug() {} },
    bookmarks: { stateOf: (userId: string | null, thread: Parameters<typeof bookmarkStateOf>[2]) => bookmarkStateOf(db, userId, thread) },
  } as Record<string, unknown>;
  ctx.spaceThreads = spaceThreadsOf(() => ctx as never);
  const spaceUuid = await createSpace(ctx as never, actorOfFacts({ user_id: 'ada', visitor_ids: [] }, ada), { title: 'Research' } as never, null);
  const contextUuid = '00000000-0000-4000-8000-000000000001';
  await askInThread(
    store,
    {
      context_uuid: contextUuid,
      backend_uuid: '10000000-0000-4000-8000-000000000001',
      thread_url_slug: 'a-question',
      frontend_context_uuid: null,
      query_str: 'A question',
      search_mode: 'auto',
      incognito: false,
      model: 'offline',
      asker: { user_id: 'ada', visitor_ids: [], visitor_id: 'v-ada' },
      now: now(),
    },
    true,
  );

  // The request's Actor, its session looked up by a source that counts.
  const source = {
    userIdOf: vi.fn(async () => 'ada'),
    userOf: vi.fn(async () => ada),
    orgOf: vi.fn(async () => null),
    planOf: () => 'free' as const,
    claimedVisitorIdsOf: vi.fn(async () => []),
    visitorClaimedAt: vi.fn(async () => null),
  };
  const actor = createActor({ requestId: 'r1', visitorId: 'v-ada', headers: {} }, source);

  statements = [];
  const moved = (await collectionRoutes.upsertCollectionEntry(
    { actor, body: { entry_uuid: contextUuid, new_collection_uuid: spaceUuid, upsert_type: 'thread' } } as never,
    ctx as never,
  )) as { status: number; body: { updated_collection: { uuid: string } } };
  const sent = statements;
  statements = null;

  expect(moved.status).toBe(200);
  expect(moved.body.updated_collection.uuid).toBe(spaceUuid);
  expect(readsOf(sent, 'spaces'), sent.join('\n')).toHaveLength(1);
  expect(readsOf(sent, 'threads'), sent.join('\n')).toHaveLength(1);
  expect(source.userOf).toHaveBeenCalledTimes(1);
  expect(source.claimedVisitorIdsOf).not.toHaveBeenCalled();
  const [row] = await allTables(db).selectFrom('threads').select('collection_uuid').where('context_uuid', '=', contextUuid).execute();
  expect(row.collection_uuid).toBe(spaceUuid);
});
