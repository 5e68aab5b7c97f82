// The connector items' read model written for many events at once (the projection's applyAll):
// a page of a listing or a batch of fetched files is a few statements, not two per item. Events
// of one item are folded while they can be (found then queued is one row); an item met again in
// another kind of write, or an event of another type, first writes what is pending, so the rows
// end as applying each event in turn would leave them.
import { sql } from 'kysely';
import type { StoredEvent, Trx } from '../eventstore/types.js';
import type { ItemEvent, ItemFound } from './items.js';
import { own } from './tables.js';

type Row = ReturnType<typeof foundRow>;

export function foundRow(d: ItemFound['data']) {
  return {
    item_uuid: d.item_uuid,
    file_uuid: null as string | null,
    created_at: d.found_at,
    connection_uuid: d.connection_uuid,
    remote_id: d.remote_id,
    drive_id: d.drive_id,
    name: d.name,
    kind: d.kind,
    parent_uuids: d.parent_uuids,
    picked: d.picked,
    repository_type: d.repository.type,
    repository_owner: d.repository.owner_id,
    url: d.url,
    // As listed: what a sync fetches records it as synced (the item's state keeps what was synced).
    remote_updated_at: d.remote_updated_at,
    readers: d.readers ? JSON.stringify(d.readers) : null,
    mime_type: d.mime_type ?? null,
    path: d.path ?? null,
    status: 'RECEIVED',
    error: null as string | null,
    updated_at: d.found_at,
  };
}

/** The columns a found item's row takes again when found again (all but its id, file and first sighting). */
const UPDATED_ON_FOUND = [
  'connection_uuid',
  'remote_id',
  'drive_id',
  'name',
  'kind',
  'parent_uuids',
  'picked',
  'repository_type',
  'repository_owner',
  'url',
  'remote_updated_at',
  'readers',
  'mime_type',
  'path',
  'status',
  'error',
  'updated_at',
] as const;

export async function applyItemsBatch(trx: Trx, events: StoredEvent[], applyOne: (trx: Trx, event: StoredEvent) => Promise<void>) {
  const found = new Map<string, Row>();
  const statuses = new Map<string, { item_uuid: string; status: string; at: string }>();
  const synced = new Map<string, Extract<ItemEvent, { type: 'ConnectorItemSynced' }>['data']>();
  const failed = new Map<string, { item_uuid: string; error: string; at: string }>();
  const pending = (id: string) => found.has(id) || statuses.has(id) || synced.has(id) || failed.has(id);
  const flush = async () => {
    await writeFound(trx, [...found.values()]);
    await writeStatuses(trx, [...statuses.values()]);
    await writeSynced(trx, [...synced.values()]);
    await writeFailed(trx, [...failed.values()]);
    for (const m of [found, statuses, synced, failed]) m.clear();
  };
  for (const event of events) {
    const e = event as unknown as ItemEvent;
    const id = e.data.item_uuid;
    if (e.type === 'ConnectorItemStatusChanged' && found.has(id)) {
      Object.assign(found.get(id)!, { status: e.data.status, error: null, updated_at: e.data.at });
      continue;
    }
    if (pending(id)) await flush();
    if (e.type === 'ConnectorItemFound') found.set(id, foundRow(e.data));
    else if (e.type === 'ConnectorItemStatusChanged') statuses.set(id, e.data);
    else if (e.type === 'ConnectorItemSynced') synced.set(id, e.data);
    else if (e.type === 'ConnectorItemFailed') failed.set(id, e.data);
    else {
      await flush();
      await applyOne(trx, event);
    }
  }
  await flush();
}

async function writeFound(trx: Trx, rows: Row[]) {
  if (!rows.length) return;
  await own(trx)
    .insertInto('connector_items')
    .values(rows)
    .onConflict((oc) => oc.column('item_uuid').doUpdateSet((eb) => Object.fromEntries(UPDATED_ON_FOUND.map((c) => [c, eb.ref(`excluded.${c}`)]))))
    .execute();
}

async function writeStatuses(trx: Trx, rows: { item_uuid: string; status: string; at: string }[]) {
  if (!rows.length) return;
  await sql`update connector_items as t set status = x.status, error = null, updated_at = x.at
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(item_uuid text, status text, at timestamptz)
    where t.item_uuid = x.item_uuid`.execute(trx);
}

async function writeSynced(trx: Trx, rows: Extract<ItemEvent, { type: 'ConnectorItemSynced' }>['data'][]) {
  if (!rows.length) return;
  await sql`update connector_items as t set status = 'READY', error = null, name = coalesce(nullif(x.name, ''), t.name),
      file_uuid = x.file_uuid, remote_updated_at = x.remote_updated_at, readers = x.readers, updated_at = x.at
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
      as x(item_uuid text, file_uuid text, name text, remote_updated_at text, readers jsonb, at timestamptz)
    where t.item_uuid = x.item_uuid`.execute(trx);
}

async function writeFailed(trx: Trx, rows: { item_uuid: string; error: string; at: string }[]) {
  if (!rows.length) return;
  await sql`update connector_items as t set status = 'SYNC_ERROR', error = x.error, updated_at = x.at
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(item_uuid text, error text, at timestamptz)
    where t.item_uuid = x.item_uuid`.execute(trx);
}
