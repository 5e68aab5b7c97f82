// A resync asked of a repository's files (POST /rest/files/resync, which files owns): the connector
// items matching its filters go EVALUATING_RESYNC, and each connection syncing into the repository
// runs a sync that catches up on its delta and looks at them again at the source (each one fetched
// or walked again, or removed when gone), ending READY or SYNC_ERROR. Files already checked the person may add to the
// repository; the items are those of the connections that sync into it. The app connections whose
// content answers for the repository's owner (Notion, Slack, GitHub...) run their sync too.
import type { Actor } from '../shared/actor.js';
import type { ConnectorsContext } from './context.js';
import { connectorActor } from './use-cases.js';
import { sql } from 'kysely';
import { evolveItem, ITEM_STATUSES, type ItemRepository, itemStream, NO_ITEM } from './items.js';
import { type ConnectionRow, connectionsOf } from './queries.js';
import { connectorInfo } from './registry.js';
import { own } from './tables.js';
import { type ConnectorFileFilter, likeEscaped, whereItemsMatch } from './item-filter.js';

/** The seed's connector file filter, as files' resync receives it. */
export type ResyncFilters = ConnectorFileFilter;

const FILE_STATE_ITEMS: Record<string, string[]> = { FAILED: ['SYNC_ERROR'], COMPLETE: ['READY'], PROCESSING: [] };

/** At most this many items a call (as files' resync takes at most 1,000 files). */
const RESYNC_MAX = 1000;
/** Items already on their way are left to the run that has them. */
const UNDER_WAY = ['RECEIVED', 'QUEUED', 'SYNCING', 'EVALUATING_RESYNC'];

export async function resyncConnectorFiles(ctx: ConnectorsContext, actor: Actor, repository: ItemRepository, f: ResyncFilters = {}) {
  if (f.upload_ids?.length) return [];
  const who = await connectorActor(ctx, actor);
  const connections = await connectionsOf(ctx.db, repository.type === 'ORG' ? { orgUuid: repository.owner_id } : { userId: who.userId });
  let allowed = connections.filter((c) => c.status === 'connected');
  if (f.connection_ids?.length) allowed = allowed.filter((c) => f.connection_ids?.includes(c.connection_uuid));
  if (f.connection_types?.length) allowed = allowed.filter((c) => f.connection_types?.includes(c.connector));
  if (!allowed.length) return [];
  await resyncApps(ctx, repository, f, allowed);
  let q = own(ctx.db)
    .selectFrom('connector_items')
    .select(['item_uuid', 'connection_uuid'])
    .where('repository_type', '=', repository.type)
    .where('repository_owner', '=', repository.owner_id)
    .where(
      'connection_uuid',
      'in',
      allowed.map((c) => c.connection_uuid),
    )
    .where('status', 'not in', UNDER_WAY);
  const uuids = [...(f.uuids ?? []), ...(f.ids ?? [])];
  // A synced file is named by its item's uuid or by its file's.
  if (uuids.length) q = q.where((eb) => eb.or([eb('item_uuid', 'in', uuids), eb('file_uuid', 'in', uuids)]));
  // Kinds (FOLDER, FILE...) or, as files take them, extensions without the dot.
  if (f.file_types?.length) {
    const types = f.file_types;
    q = q.where((eb) => eb.or([eb('kind', 'in', types), ...types.map((t) => eb('name', 'ilike', `%.${likeEscaped(t.replace(/^\./, ''))}`))]));
  }
  q = whereItemsMatch(q, f);
  // Files' states stand for the items' (FAILED: SYNC_ERROR, COMPLETE: READY); an item's own states are taken too.
  if (f.status?.length) {
    const statuses = f.status.flatMap((st) => FILE_STATE_ITEMS[st] ?? ((ITEM_STATUSES as readonly string[]).includes(st) ? [st] : []));
    q = statuses.length ? q.where('status', 'in', statuses) : q.where(sql<boolean>`false`);
  }
  const items = await q.limit(RESYNC_MAX).execute();
  const at = ctx.now().toISOString();
  await ctx.db.transaction().execute(async (trx) => {
    for (const item of items) {
      const stream = itemStream(item.item_uuid);
      const { state, version } = await ctx.store.aggregate(stream, NO_ITEM, evolveItem, trx);
      if (state.status === 'none' || state.status === 'removed') continue;
      await ctx.store.append(
        stream,
        version,
        [{ type: 'ConnectorItemStatusChanged', data: { item_uuid: item.item_uuid, status: 'EVALUATING_RESYNC', at } }],
        trx,
      );
    }
  });
  // Every connection that syncs into the repository runs: its delta catches up on what changed
  // (a resync matching no item is a delta on demand), and the items asked about are looked at again.
  const syncing = await own(ctx.db)
    .selectFrom('connector_items')
    .select('connection_uuid')
    .distinct()
    .where('repository_type', '=', repository.type)
    .where('repository_owner', '=', repository.owner_id)
    .where(
      'connection_uuid',
      'in',
      allowed.map((c) => c.connection_uuid),
    )
    .execute();
  for (const { connection_uuid } of syncing) await ctx.connectorSync.start({ connection_uuid, run: crypto.randomUUID(), kind: 'resync' });
  return items.map((i) => i.item_uuid);
}

/**
 * A person's own app connections for My Files, an organisation's for its files (a Space has
 * none): each runs its app sync, catching up on what changed at the source. A resync naming
 * particular files (by uuid, remote id or parent) is about those files, and runs none.
 */
async function resyncApps(ctx: ConnectorsContext, repository: ItemRepository, f: ResyncFilters, allowed: ConnectionRow[]) {
  const namesFiles = [f.uuids, f.ids, f.remote_file_ids, f.parent_uuids].some((list) => list?.length);
  if (repository.type === 'COLLECTION' || namesFiles) return;
  for (const c of allowed)
    if (connectorInfo(c.connector)?.kind === 'app') await ctx.connectorSync.startApp({ connection_uuid: c.connection_uuid, run: crypto.randomUUID() });
}
