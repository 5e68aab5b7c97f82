// Events found by their payloads on real PostgreSQL: matches on top-level and nested fields, one
// value or any of several, alternatives, a list of streams, and the fields' text as ->> reads it.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { migratedDb } from '../../tests/support/database.js';
import type { Db } from '../db/database.js';
import { payloadFields, streamsWith } from './payload-queries.js';
import { EventStore } from './store.js';

let db: Db;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ db, close } = await migratedDb());
  const store = new EventStore(db);
  const started = (owner: string | null, visitor: string | null) => ({ type: 'Started', data: { owner_user_id: owner, owner_visitor_id: visitor } });
  await store.append('thing-1', 'no_stream', [started('u1', null), { type: 'Asked', data: { id: 'a1' } }, { type: 'Asked', data: { id: 'a2' } }]);
  await store.append('thing-2', 'no_stream', [started(null, 'v1'), { type: 'Asked', data: { id: 'a3' } }]);
  await store.append('thing-3', 'no_stream', [started('u2', null), { type: 'Asked', data: { id: 'a4' } }]);
  await store.append('file-1', 'no_stream', [{ type: 'Filed', data: { repository: { type: 'USER', owner_id: 'u1' }, version: 2 } }]);
  await store.append('file-2', 'no_stream', [{ type: 'Filed', data: { repository: { type: 'ORG', owner_id: 'u1' }, version: 1 } }]);
});
afterAll(async () => close?.());

describe('streamsWith', () => {
  test('finds the streams whose event matches one of the alternatives, each once', async () => {
    const found = await streamsWith(db, { type: 'Started', matching: [{ owner_user_id: 'u1' }, { owner_visitor_id: ['v1', 'v9'] }] });
    expect(found.sort()).toEqual(['thing-1', 'thing-2']);
    expect(await streamsWith(db, { type: 'Asked', streams: ['thing-1', 'thing-1'] })).toEqual(['thing-1']);
  });

  test('matches nested fields, all of one alternative; no alternative or no stream finds nothing', async () => {
    expect(await streamsWith(db, { type: 'Filed', matching: [{ 'repository.type': 'USER', 'repository.owner_id': 'u1' }] })).toEqual(['file-1']);
    expect(await streamsWith(db, { type: 'Filed', matching: [{ 'repository.type': 'USER', 'repository.owner_id': [] }] })).toEqual([]);
    expect(await streamsWith(db, { type: 'Filed', matching: [] })).toEqual([]);
    expect(await streamsWith(db, { type: 'Asked', streams: [] })).toEqual([]);
    expect((await streamsWith(db, { type: 'Filed' })).sort()).toEqual(['file-1', 'file-2']);
  });
});

describe('payloadFields', () => {
  test("gives each field's text, numbers as text and absent fields as null", async () => {
    const asked = await payloadFields(db, { type: 'Asked', streams: ['thing-1', 'thing-3'] }, ['id']);
    expect(asked.map((r) => r.id).sort()).toEqual(['a1', 'a2', 'a4']);
    expect(await payloadFields(db, { type: 'Filed', matching: [{ 'repository.type': 'ORG' }] }, ['version', 'missing'])).toEqual([
      { version: '1', missing: null },
    ]);
  });
});
