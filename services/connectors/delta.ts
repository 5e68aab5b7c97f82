// A connection's sync after its first: the delta cursor is taken before the first walk (so nothing
// edited meanwhile is missed), then each run asks the provider what changed since (Drive's
// changes.list, Graph's delta, Dropbox's list_folder/continue, Box's events). A delta only
// touches items under picked roots: a changed file is queued again and fetched by the same
// syncFile (from what the delta carries, no second call for it), one whose sharing alone changed
// gets its new readers in place (sharing-change.ts), a new one under a picked folder appears
// with its parent_uuids, a removed, unshared or moved-out one leaves the index. An expired
// cursor falls back to a full listing of the picked roots, then a slim listing prunes what is gone.
import { randomUUID } from 'node:crypto';
import { CursorExpired, type DeltaPage, type DeltaScope, type Readers, type RemoteItem } from './adapters/types.js';
import { itemsAtOrUnder, parentPathOf } from './item-paths.js';
import { type ItemRepository, type ItemState, needsSync } from './items.js';
import { removeItems, withDescendants } from './removal.js';
import { settleSharing } from './sharing-change.js';
import { adapterOf, appendItem, type FolderJob, found, isKept, queued, type SyncDeps, wellFormed } from './sync.js';
import { own } from './tables.js';

/** Where the connection's deltas go on from; taken now (and kept) when it has none yet. Null when it cannot sync. */
export async function cursorOf(deps: SyncDeps, connectionUuid: string): Promise<{ cursor: string | null; taken: boolean }> {
  const row = await own(deps.db).selectFrom('connector_syncs').select('cursor').where('connection_uuid', '=', connectionUuid).executeTakeFirst();
  if (row?.cursor) return { cursor: row.cursor, taken: false };
  return { cursor: await takeCursor(deps, connectionUuid), taken: true };
}

/** A new cursor from the provider, kept; null when the connection is gone or the provider has none (its syncs then list only). */
export async function takeCursor(deps: SyncDeps, connectionUuid: string) {
  const source = await adapterOf(deps, connectionUuid);
  if (!source) return null;
  let cursor: string;
  try {
    cursor = await source.adapter.startCursor(await deltaScopeOf(deps, connectionUuid));
  } catch (err) {
    deps.logger.warn({ connection: connectionUuid, reason: (err as Error).message }, 'a delta cursor could not be taken; this sync lists only');
    return null;
  }
  await saveCursor(deps, connectionUuid, cursor);
  return cursor;
}

/** What the deltas follow where the provider has one per drive (Graph): the drives the picked items live in. */
async function deltaScopeOf(deps: SyncDeps, connectionUuid: string): Promise<DeltaScope> {
  const rows = await own(deps.db)
    .selectFrom('connector_items')
    .select('drive_id')
    .distinct()
    .where('connection_uuid', '=', connectionUuid)
    .where('picked', '=', true)
    .execute();
  return { driveIds: rows.map((r) => r.drive_id) };
}

async function saveCursor(deps: SyncDeps, connectionUuid: string, cursor: string) {
  await own(deps.db)
    .insertInto('connector_syncs')
    .values({ connection_uuid: connectionUuid, cursor, rate_limited_until: null, last_synced_at: null })
    .onConflict((oc) => oc.column('connection_uuid').doUpdateSet({ cursor }))
    .execute();
}

type KnownItem = {
  item_uuid: string;
  remote_id: string;
  kind: string;
  picked: boolean;
  repository_type: ItemRepository['type'];
  repository_owner: string;
  parent_uuids: string[];
  name: string;
  file_uuid: string | null;
  readers: Readers | null;
  path: string | null;
};
const repoKey = (r: { repository_type: string; repository_owner: string }) => `${r.repository_type}:${r.repository_owner}`;
const repoOf = (key: string): ItemRepository => {
  const at = key.indexOf(':');
  return { type: key.slice(0, at) as ItemRepository['type'], owner_id: key.slice(at + 1) };
};
const sameSet = (a: string[], b: string[]) => a.length === b.length && a.every((x) => b.includes(x));

/** `relistDrives`: drives whose own cursor expired, what was picked in them to be listed whole again. */
export type DeltaStep = { expired: true } | { expired: false; cursor: string; more: boolean; walk: FolderJob[]; changed: number; relistDrives?: string[] };

/** One page of changes since `cursor`, applied to the items under picked roots; the new cursor kept once applied. */
/** `retryRefused`: a pick's or a resync's delta, which asks again about drives the provider refused before (DeltaScope). */
export async function applyDeltaPage(deps: SyncDeps, connectionUuid: string, cursor: string, opts: { retryRefused?: boolean } = {}): Promise<DeltaStep> {
  const source = await adapterOf(deps, connectionUuid);
  if (!source) return { expired: false, cursor, more: false, walk: [], changed: 0 };
  let page: DeltaPage;
  try {
    const scope = await deltaScopeOf(deps, connectionUuid);
    page = await source.adapter.deltaPage(cursor, opts.retryRefused ? { ...scope, retryRefused: true } : scope);
    if (!Array.isArray(page?.changes)) throw new Error('the delta has no changes');
  } catch (err) {
    if (err instanceof CursorExpired) return { expired: true };
    // Malformed or refused past the provider's retries: the cursor stays, the next run asks again.
    deps.logger.warn({ connection: connectionUuid, reason: (err as Error).message }, 'a connection delta could not be read');
    return { expired: false, cursor, more: false, walk: [], changed: 0 };
  }
  const ids = new Set(page.changes.flatMap((c) => [c.remoteId, ...(c.item?.parentRemoteIds ?? [])]));
  // A provider that names folders by path (Dropbox): the folders at the changed items' parent paths.
  const paths = new Set(page.changes.flatMap((c) => (c.item?.path && !c.item.parentRemoteIds?.length ? [parentPathOf(c.item.path) ?? ''] : [])));
  const rows: KnownItem[] = ids.size
    ? await own(deps.db)
        .selectFrom('connector_items')
        .select(['item_uuid', 'remote_id', 'kind', 'picked', 'repository_type', 'repository_owner', 'parent_uuids', 'name', 'file_uuid', 'readers', 'path'])
        .where('connection_uuid', '=', connectionUuid)
        .where((eb) => eb.or([eb('remote_id', 'in', [...ids]), ...(paths.size ? [eb('path', 'in', [...paths])] : [])]))
        .execute()
    : [];
  const known = new Map<string, KnownItem[]>();
  const folderAt = new Map<string, KnownItem[]>();
  const remember = (r: KnownItem) => {
    known.set(r.remote_id, [...(known.get(r.remote_id) ?? []), r]);
    if (r.path && r.kind === 'FOLDER') folderAt.set(r.path, [...(folderAt.get(r.path) ?? []), r]);
  };
  const forget = (gone: Set<string>) => {
    for (const m of [known, folderAt])
      for (const [k, rs] of m) {
        const left = rs.filter((r) => !gone.has(r.item_uuid));
        if (left.length) m.set(k, left);
        else m.delete(k);
      }
  };
  for (const r of rows) remember(r);
  /** The synced folders holding an item: by its parents' ids, or by its parent path. */
  const holders = (item: RemoteItem) => {
    const parent = !item.parentRemoteIds.length && item.path ? parentPathOf(item.path) : null;
    return parent ? (folderAt.get(parent) ?? []) : item.parentRemoteIds.flatMap((p) => (known.get(p) ?? []).filter((f) => f.kind === 'FOLDER'));
  };
  const reading = { connection_uuid: connectionUuid, owner_user_id: source.ownerId, org_uuid: source.orgUuid };
  const walk: FolderJob[] = [];
  let changed = 0;
  const at = deps.now().toISOString();
  const remove = async (items: KnownItem[]) => {
    if (!items.length) return;
    changed += items.length;
    await removeItems(deps, await withDescendants(deps.db, connectionUuid, items), 'removed_at_source', source.ownerId);
  };

  for (const change of page.changes) {
    if (typeof change.remoteId !== 'string') continue;
    // Named by its path only (Dropbox's deleted entries): what is at or under it leaves, whatever the case.
    if (change.removed && typeof change.removedPath === 'string') {
      const gone = await itemsAtOrUnder(deps.db, connectionUuid, change.removedPath);
      if (gone.length) {
        changed += gone.length;
        await removeItems(deps, await withDescendants(deps.db, connectionUuid, gone), 'removed_at_source', source.ownerId);
        forget(new Set(gone.map((g) => g.item_uuid)));
      }
      continue;
    }
    const mine = known.get(change.remoteId) ?? [];
    const item = change.removed ? null : change.item;
    if (item && !wellFormed(item)) {
      deps.logger.warn({ connection: connectionUuid }, 'a malformed change of a connection delta was left out');
      continue;
    }
    if (!item || !isKept(item)) {
      await remove(mine);
      forget(new Set(mine.map((r) => r.item_uuid)));
      continue;
    }
    // The folders this connection syncs that hold it, by repository.
    const parentsIn = new Map<string, string[]>();
    for (const folder of holders(item)) parentsIn.set(repoKey(folder), [...(parentsIn.get(repoKey(folder)) ?? []), folder.item_uuid]);
    const gone: KnownItem[] = [];
    for (const r of mine) {
      const parents = parentsIn.get(repoKey(r));
      if (!r.picked && !parents) {
        gone.push(r);
        continue;
      }
      const moved = !r.picked && !sameSet(parents ?? [], r.parent_uuids);
      const repository = repoOf(repoKey(r));
      const same = (s: ItemState) => !moved && r.name === item.name && !needsSync(s, item.updatedAt);
      // Sharing changed alone (the file's time stays): its readers change in place, not fetched again.
      const sharing = await settleSharing(deps, reading, r, item.readers, same, at);
      if (sharing === 'applied') changed++;
      await appendItem(deps, r.item_uuid, (s) => {
        if (sharing !== 'refetch' && same(s)) return [];
        changed++;
        return [
          found(r.item_uuid, connectionUuid, item, { picked: r.picked, parents: r.picked ? r.parent_uuids : (parents ?? []), repository, at }),
          queued(r.item_uuid, at),
        ];
      });
    }
    await remove(gone);
    forget(new Set(gone.map((r) => r.item_uuid)));
    // New under a picked folder: found with its parents (a folder is walked for what it holds).
    for (const [key, parents] of parentsIn) {
      if (mine.some((r) => repoKey(r) === key)) continue;
      const uuid = randomUUID();
      const repository = repoOf(key);
      await appendItem(deps, uuid, () => [found(uuid, connectionUuid, item, { picked: false, parents, repository, at }), queued(uuid, at)]);
      changed++;
      const added: KnownItem = {
        item_uuid: uuid,
        remote_id: item.remoteId,
        kind: item.kind,
        picked: false,
        repository_type: repository.type,
        repository_owner: repository.owner_id,
        parent_uuids: parents,
        name: item.name,
        file_uuid: null,
        readers: item.readers,
        path: item.path ?? null,
      };
      remember(added);
      if (item.kind === 'FOLDER') walk.push({ item_uuid: uuid, root: { remoteId: item.remoteId, driveId: item.driveId }, repository });
    }
  }
  await saveCursor(deps, connectionUuid, page.cursor);
  const relistDrives = Array.isArray(page.relistDrives) ? page.relistDrives.filter((d) => typeof d === 'string') : [];
  return { expired: false, cursor: page.cursor, more: page.more, walk, changed, ...(relistDrives.length ? { relistDrives } : {}) };
}

/**
 * The items a resync asked about that were found under a picked folder (the picked ones are
 * looked at by resolvePicked): a file still there is fetched again, a folder walked again, one
 * gone leaves the index.
 */
export async function evaluateResyncs(deps: SyncDeps, connectionUuid: string): Promise<FolderJob[]> {
  const source = await adapterOf(deps, connectionUuid);
  const asked = await own(deps.db)
    .selectFrom('connector_items')
    .selectAll()
    .where('connection_uuid', '=', connectionUuid)
    .where('picked', '=', false)
    .where('status', '=', 'EVALUATING_RESYNC')
    .execute();
  if (!source || !asked.length) return [];
  const folders: FolderJob[] = [];
  const at = deps.now().toISOString();
  for (const a of asked) {
    let item: RemoteItem | null;
    try {
      item = await source.adapter.item({ remoteId: a.remote_id, driveId: a.drive_id });
      if (item && !wellFormed(item)) throw new Error('the source described it in a form that could not be read');
    } catch (err) {
      const error = `The source could not be read: ${(err as Error).message}`.slice(0, 300);
      await appendItem(deps, a.item_uuid, () => [{ type: 'ConnectorItemFailed', data: { item_uuid: a.item_uuid, error, at } }]);
      continue;
    }
    if (!item || !isKept(item)) {
      await removeItems(deps, await withDescendants(deps.db, connectionUuid, [a]), 'removed_at_source', source.ownerId);
      continue;
    }
    const repository: ItemRepository = { type: a.repository_type, owner_id: a.repository_owner };
    await appendItem(deps, a.item_uuid, () => [
      found(a.item_uuid, connectionUuid, item, { picked: false, parents: a.parent_uuids, repository, at }),
      queued(a.item_uuid, at),
    ]);
    if (item.kind === 'FOLDER') folders.push({ item_uuid: a.item_uuid, root: { remoteId: item.remoteId, driveId: item.driveId }, repository });
  }
  return folders;
}

/**
 * After a folder's walk, what was synced under it and is no longer there (removed, unshared,
 * moved out) leaves the index: the folder's slim listing (ids only) against its items.
 */
export async function pruneFolder(deps: SyncDeps, connectionUuid: string, folder: FolderJob) {
  const source = await adapterOf(deps, connectionUuid);
  if (!source) return 0;
  const present = new Set<string>();
  let checkpoint: string | null = null;
  try {
    do {
      const page = await source.adapter.slimListPage(folder.root, checkpoint);
      if (!Array.isArray(page?.ids)) throw new Error('the slim listing has no ids');
      for (const id of page.ids) present.add(id);
      checkpoint = page.checkpoint;
    } while (checkpoint);
  } catch (err) {
    // Nothing is pruned on a listing that could not be read whole: the next walk prunes.
    deps.logger.warn({ connection: connectionUuid, folder: folder.item_uuid, reason: (err as Error).message }, 'a slim listing could not be read');
    return 0;
  }
  const under = (await withDescendants(deps.db, connectionUuid, [{ item_uuid: folder.item_uuid, file_uuid: null }])).slice(1);
  if (!under.length) return 0;
  const rows = await own(deps.db)
    .selectFrom('connector_items')
    .select(['item_uuid', 'remote_id', 'file_uuid'])
    .where(
      'item_uuid',
      'in',
      under.map((u) => u.item_uuid),
    )
    .where('picked', '=', false)
    .execute();
  const gone = rows.filter((r) => !present.has(r.remote_id));
  if (gone.length) await removeItems(deps, await withDescendants(deps.db, connectionUuid, gone), 'removed_at_source', source.ownerId);
  return gone.length;
}
