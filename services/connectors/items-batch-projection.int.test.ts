// The connector items' projection writing many events at once (applyAll) leaves the rows applying
// each event in turn leaves: the same story of events told twice, once each way, on real PostgreSQL.
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { migratedDb } from '../../tests/support/database.js';
import type { Db } from '../db/database.js';
import type { StoredEvent } from '../eventstore/types.js';
import { connectorItemsProjection } from './items-projection.js';
import type { ItemEvent } from './items.js';

let db: Db;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ db, close } = await migratedDb(2));
});
afterAll(async () => close?.());

const at = (s: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, s)).toISOString();
const foundOf = (item: string, conn: string, s: number, name = `${item}.txt`): ItemEvent => ({
  type: 'ConnectorItemFound',
  data: {
    item_uuid: item,
    connection_uuid: conn,
    remote_id: `r-${item}`,
    drive_id: null,
    name,
    kind: 'FILE',
    parent_uuids: ['p'],
    picked: false,
    repository: { type: 'USER', owner_id: 'u1' },
    url: null,
    remote_updated_at: `v${s}`,
    readers: { emails: ['a@example.com'], domains: [], anyone: false },
    mime_type: 'text/plain',
    found_at: at(s),
  },
});

/** A story of four items: found and queued together, fetched, failed, found again, renamed on sync, shared anew, removed. */
function story(conn: string): ItemEvent[] {
  const [a, b, c, d] = ['a', 'b', 'c', 'd'].map((x) => `${conn}-${x}`);
  return [
    foundOf(a, conn, 1),
    { type: 'ConnectorItemStatusChanged', data: { item_uuid: a, status: 'QUEUED', at: at(1) } },
    foundOf(b, conn, 1),
    { type: 'ConnectorItemStatusChanged', data: { item_uuid: b, status: 'QUEUED', at: at(1) } },
    foundOf(c, conn, 1),
    foundOf(d, conn, 1),
    { type: 'ConnectorItemStatusChanged', data: { item_uuid: a, status: 'SYNCING', at: at(2) } },
    { type: 'ConnectorItemStatusChanged', data: { item_uuid: b, status: 'SYNCING', at: at(2) } },
    { type: 'ConnectorItemSynced', data: { item_uuid: a, file_uuid: 'f-a', name: 'renamed.txt', remote_updated_at: 'v2', readers: null, at: at(3) } },
    { type: 'ConnectorItemFailed', data: { item_uuid: b, error: 'gone', at: at(3) } },
    { type: 'ConnectorItemSynced', data: { item_uuid: c, file_uuid: 'f-c', name: '', remote_updated_at: 'v3', readers: null, at: at(3) } },
    { type: 'ConnectorItemReadersChanged', data: { item_uuid: c, readers: { emails: [], domains: ['example.com'], anyone: false }, at: at(4) } },
    foundOf(b, conn, 5, 'b-again.txt'),
    { type: 'ConnectorItemStatusChanged', data: { item_uuid: b, status: 'QUEUED', at: at(5) } },
    { type: 'ConnectorItemRemoved', data: { item_uuid: d, reason: 'removed_at_source', at: at(6) } },
  ];
}

const stored = (events: ItemEvent[]): StoredEvent[] =>
  events.map((e, i) => ({
    globalPosition: String(i + 1),
    streamId: `connector-item-${e.data.item_uuid}`,
    streamVersion: 1,
    type: e.type,
    data: e.data,
    metadata: {},
    recordedAt: new Date(),
  }));

async function rowsOf(conn: string) {
  const { rows } = await sql<Record<string, unknown>>`select * from connector_items where connection_uuid = ${conn} order by item_uuid`.execute(db);
  // Each telling's own ids made alike, so the two tellings compare.
  return rows.map(({ connection_uuid, ...rest }) => JSON.parse(JSON.stringify(rest).replaceAll(`${conn}-`, '')) as Record<string, unknown>);
}

test('many events written together leave the rows each written in turn leaves', async () => {
  await db.transaction().execute(async (trx) => {
    for (const e of stored(story('one'))) await connectorItemsProjection.apply(trx, e);
  });
  await db.transaction().execute((trx) => connectorItemsProjection.applyAll!(trx, stored(story('all'))));
  const one = await rowsOf('one');
  expect(one.map((r) => [r.item_uuid, r.status, r.name, r.error])).toEqual([
    ['a', 'READY', 'renamed.txt', null],
    ['b', 'QUEUED', 'b-again.txt', null],
    ['c', 'READY', 'c.txt', null],
  ]);
  expect(await rowsOf('all')).toEqual(one);
});
