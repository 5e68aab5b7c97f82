// The library keeps a claimed visitor's threads past their expiry and drops an unclaimed one's,
// from the claims read with the viewer (no claim read per thread): signed in, every thread of
// the visitors the person claimed; signed out in a claimed browser, what it asked after the claim.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { migratedDb } from '../../tests/support/database.js';
import { projections } from '../app/projections.js';
import type { Db } from '../db/database.js';
import { EventStore } from '../eventstore/store.js';
import { ANONYMOUS_THREAD_TTL_MS } from './decide.js';
import { actorLookups } from '../identity/index.js';
import { actorFor } from '../shared/actor-without-request.js';
import { listLibrary } from './queries.js';
import { askInThread } from './use-cases.js';

let db: Db;
let close: () => Promise<void>;
let store: EventStore;
beforeAll(async () => {
  ({ db, close } = await migratedDb(2));
  store = new EventStore(db, projections);
});
afterAll(async () => close?.());

const at = (minute: number) => new Date(Date.UTC(2026, 2, 2, 8, minute));
let n = 0;
async function asked(owner: { user_id: string | null; visitor_id: string }, now: Date) {
  const id = String(++n).padStart(12, '0');
  await askInThread(
    store,
    {
      context_uuid: `00000000-0000-4000-8000-${id}`,
      backend_uuid: `10000000-0000-4000-8000-${id}`,
      thread_url_slug: `q-${id}`,
      frontend_context_uuid: null,
      query_str: `Question ${n}`,
      search_mode: 'auto',
      incognito: false,
      model: 'offline',
      asker: { user_id: owner.user_id, visitor_ids: [owner.visitor_id], visitor_id: owner.visitor_id },
      now,
    },
    true,
  );
  return `q-${id}`;
}

const library = async (userId: string | null, visitorId: string, now: Date) =>
  (await listLibrary(db, actorFor({ userId, visitorId }, actorLookups(db)), { limit: 10, offset: 0, now })).rows.map((t) => t.thread_url_slug).sort();

test("a claimed visitor's threads are kept past their expiry, an unclaimed one's are not", async () => {
  const beforeClaim = await asked({ user_id: null, visitor_id: 'v-kept' }, at(0));
  const unclaimed = await asked({ user_id: null, visitor_id: 'v-gone' }, at(1));
  await store.append('visitor-v-kept', 'no_stream', [
    { type: 'VisitorClaimed', data: { visitor_id: 'v-kept', user_id: 'ada', claimed_at: at(2).toISOString() } },
  ]);
  const afterClaim = await asked({ user_id: null, visitor_id: 'v-kept' }, at(3));
  const adas = await asked({ user_id: 'ada', visitor_id: 'v-kept' }, at(4));

  const expired = new Date(at(10).getTime() + ANONYMOUS_THREAD_TTL_MS);
  expect(await library('ada', 'v-other', expired)).toEqual([beforeClaim, afterClaim, adas].sort());
  expect(await library(null, 'v-kept', expired)).toEqual([afterClaim]);
  expect(await library(null, 'v-gone', expired)).toEqual([]);
  expect(await library(null, 'v-gone', at(10))).toEqual([unclaimed]);
});
