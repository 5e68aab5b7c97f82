// The steps of a connection's sync, each one durable on its own (workflows/connector-sync.ts runs
// them as DBOS steps, so a crash resumes after the last finished step: the listing goes on from
// its last checkpoint). Items move RECEIVED → QUEUED → SYNCING → READY, or SYNC_ERROR with a
// reason; a provider that asks to wait marks the connection rate-limited until then, which the
// list shows as RATE_LIMITED ('Queued').
import type { Db } from '../db/database.js';
import type { EventStore, StreamAppend } from '../eventstore/store.js';
import type { Logger } from 'pino';
import type { FileSourceAdapter, ListPage, PickedRoot, RemoteItem } from './adapters/types.js';
import { fileAdapterFor } from './adapters/file-adapters.js';
import { type AdapterDeps, type CallOptions, connectionCall } from './connection-call.js';
import type { ConnectorsPort } from './context.js';
import { connectionRow } from './queries.js';
import { evolveItem, type ItemEvent, type ItemRepository, type ItemState, itemStream, NO_ITEM, needsSync } from './items.js';
import { CONNECTOR_PICK_EXTENSIONS, connectorInfo } from './registry.js';
import { own } from './tables.js';
import { queueMail } from '../mail/index.js';
import { personOf } from '../identity/index.js';
import { syncCompleteMail } from './mails.js';
import { parentPathOf } from './item-paths.js';
import { settleSharing } from './sharing-change.js';

/** A file to sync as files' import takes it: a file of the repository, indexed like an upload. */
export type FileImportJob = {
  repository: ItemRepository;
  file_uuid: string | null;
  filename: string;
  bytes: Buffer;
  uploaded_by: string;
  source: { connection_uuid: string; connection_type: string; remote_id: string; url: string | null };
  /** Who may read it at the source, as principal keys (principals.ts); null: everyone who may read the repository. */
  readers: string[] | null;
};
/** What synced files become (files' importFiles): each its file, or why it was refused, in the order given. */
export type FileImport = (jobs: FileImportJob[]) => Promise<({ file_uuid: string } | { error: Error })[]>;

export type SyncDeps = {
  db: Db;
  store: EventStore;
  now: () => Date;
  logger: Logger;
  connectors: ConnectorsPort;
  importFiles: FileImport;
  /** Deletes a synced file of files (removed or unshared at the source): its passages leave answers. */
  deleteFile: (fileUuid: string, by: string) => Promise<void>;
  /**
   * Gives a synced file of files new readers (principal keys; null: everyone of its repository),
   * its content left as it is (sharing changed alone at the source). Throws files' DomainError for
   * a file gone or not synced.
   */
  setFileReaders: (fileUuid: string, readers: string[] | null) => Promise<unknown>;
  maxFileBytes: number;
  /** The app's address, for the link in the sync's mail. */
  publicUrl: string;
};

export const GONE = 'It is no longer at the source, or no longer shared with you.';

export const isAcceptedName = (name: string) => CONNECTOR_PICK_EXTENSIONS.some((ext) => name.toLowerCase().endsWith(ext));
/** Whether a listed item is kept: a folder (to show the tree), a file of an accepted type, or a provider's own document. */
export const isKept = (item: Pick<RemoteItem, 'kind' | 'name' | 'mimeType'>) =>
  item.kind !== 'FILE' || isAcceptedName(item.name) || !!item.mimeType?.startsWith('application/vnd.google-apps.');
/** An item as the adapter read it has what a sync relies on (a provider's malformed entry does not). */
export const wellFormed = (item: RemoteItem | null | undefined): item is RemoteItem =>
  !!item &&
  typeof item.remoteId === 'string' &&
  item.remoteId.length > 0 &&
  typeof item.name === 'string' &&
  Array.isArray(item.parentRemoteIds) &&
  (item.updatedAt === null || typeof item.updatedAt === 'string');

export async function appendItem(deps: SyncDeps, itemUuid: string, decide: (s: ItemState) => ItemEvent[]) {
  const stream = itemStream(itemUuid);
  const { state, version } = await deps.store.aggregate(stream, NO_ITEM, evolveItem);
  const events = decide(state);
  if (events.length) await deps.store.append(stream, version, events);
}

/**
 * The connection's adapter, its calls paced by the connection's limiter and its waits recorded;
 * `waitingMs` is how long the provider still asks the connection to wait.
 */
export async function adapterOf(deps: AdapterDeps, connectionUuid: string, opts: Pick<CallOptions, 'answerNow'> = {}) {
  const through = await connectionCall(deps, connectionUuid, { track: true, ...opts });
  if (!through) return null;
  const adapter: FileSourceAdapter | null = fileAdapterFor(through.info.name, through.call, {
    endpoints: through.endpoints,
    account: through.row.display_name,
  });
  const waitingMs = () => deps.connectors.limiter.pausedFor(through.call.key);
  return adapter ? { adapter, row: through.row, ownerId: through.row.owner_user_id, orgUuid: through.row.org_uuid, waitingMs } : null;
}

/** A folder to walk: a picked one, one a delta brought under a picked folder, or one a resync looks at again. */
export type FolderJob = { item_uuid: string; root: PickedRoot; repository: ItemRepository };

const EVERY_STATUS = ['RECEIVED', 'EVALUATING_RESYNC', 'QUEUED', 'RATE_LIMITED', 'SYNCING', 'READY', 'SYNC_ERROR'];

/**
 * The picked items still to look at (just picked, or asked to be resynced; every one after the
 * delta cursor expired, or after the cursor of the drive it lives in did): their names and kinds
 * as the source says, or an error when gone.
 */
export async function resolvePicked(deps: SyncDeps, connectionUuid: string, opts: { all?: boolean; drives?: string[] } = {}) {
  const source = await adapterOf(deps, connectionUuid);
  const drives = opts.drives ?? [];
  const relisted = (driveId: string | null) => opts.all || (driveId !== null && drives.includes(driveId));
  const picked = await own(deps.db)
    .selectFrom('connector_items')
    .selectAll()
    .where('connection_uuid', '=', connectionUuid)
    .where('picked', '=', true)
    .where((eb) =>
      eb.or([
        eb('status', 'in', opts.all ? EVERY_STATUS : ['RECEIVED', 'EVALUATING_RESYNC']),
        ...(drives.length ? [eb.and([eb('drive_id', 'in', drives), eb('status', 'in', EVERY_STATUS)])] : []),
      ]),
    )
    .execute();
  const folders: FolderJob[] = [];
  for (const p of picked) {
    const at = deps.now().toISOString();
    const repository: ItemRepository = { type: p.repository_type, owner_id: p.repository_owner };
    if (!source) {
      await appendItem(deps, p.item_uuid, () => [
        { type: 'ConnectorItemFailed', data: { item_uuid: p.item_uuid, error: 'The connection is not connected.', at } },
      ]);
      continue;
    }
    let item: RemoteItem | null;
    try {
      item = await source.adapter.item({ remoteId: p.remote_id, driveId: p.drive_id });
      if (item && !wellFormed(item)) throw new Error('the source described it in a form that could not be read');
    } catch (err) {
      const reason = `The source could not be read: ${(err as Error).message}`.slice(0, 300);
      await appendItem(deps, p.item_uuid, () => [{ type: 'ConnectorItemFailed', data: { item_uuid: p.item_uuid, error: reason, at } }]);
      continue;
    }
    if (!item) {
      await appendItem(deps, p.item_uuid, () => [{ type: 'ConnectorItemFailed', data: { item_uuid: p.item_uuid, error: GONE, at } }]);
      continue;
    }
    // Listed again after an expired cursor, a file synced and unchanged since is not fetched again (its sharing, if changed, changes in place).
    const reading = { connection_uuid: connectionUuid, owner_user_id: source.ownerId, org_uuid: source.orgUuid };
    const unchanged = (s: ItemState) => relisted(p.drive_id) && item.kind === 'FILE' && !needsSync(s, item.updatedAt);
    const sharing = await settleSharing(deps, reading, p, item.readers, unchanged, at);
    await appendItem(deps, p.item_uuid, (s) =>
      sharing !== 'refetch' && s.status === 'READY' && unchanged(s)
        ? []
        : [found(p.item_uuid, connectionUuid, item, { picked: true, parents: [], repository, at }), queued(p.item_uuid, at)],
    );
    if (item.kind === 'FOLDER') folders.push({ item_uuid: p.item_uuid, root: { remoteId: item.remoteId, driveId: item.driveId }, repository });
  }
  return folders;
}

/** The synced folders holding an item: by its parents' ids, or by its parent path where the provider gives only paths. */
export function parentUuids(item: RemoteItem, byId: Map<string, string>, byPath: Map<string, string>): string[] {
  if (!item.parentRemoteIds.length && item.path) {
    const parent = parentPathOf(item.path);
    const uuid = parent ? byPath.get(parent) : undefined;
    return uuid ? [uuid] : [];
  }
  return item.parentRemoteIds.map((r) => byId.get(r)).filter((u): u is string => !!u);
}

export function found(
  itemUuid: string,
  connectionUuid: string,
  item: RemoteItem,
  f: { picked: boolean; parents: string[]; repository: ItemRepository; at: string },
): ItemEvent {
  return {
    type: 'ConnectorItemFound',
    data: {
      item_uuid: itemUuid,
      connection_uuid: connectionUuid,
      remote_id: item.remoteId,
      drive_id: item.driveId,
      name: item.name,
      kind: item.kind,
      parent_uuids: f.parents,
      picked: f.picked,
      repository: f.repository,
      url: item.url,
      remote_updated_at: item.updatedAt,
      readers: item.readers,
      mime_type: item.mimeType,
      ...(item.path ? { path: item.path } : {}),
      found_at: f.at,
    },
  };
}
export const queued = (itemUuid: string, at: string): ItemEvent => ({
  type: 'ConnectorItemStatusChanged',
  data: { item_uuid: itemUuid, status: 'QUEUED', at },
});

/**
 * One page of a picked folder's walk: its items recorded under their folders (a file of another
 * type is left out; a folder is kept to show the tree). Answers the next checkpoint.
 */
export async function listFolderPage(deps: SyncDeps, connectionUuid: string, folder: FolderJob, checkpoint: string | null) {
  const source = await adapterOf(deps, connectionUuid);
  if (!source) return null;
  let page: ListPage;
  try {
    page = await source.adapter.listPage(folder.root, checkpoint);
    if (!Array.isArray(page?.items)) throw new Error('the listing has no items');
  } catch (err) {
    // What the provider retries could not mend (malformed or oversized data): the folder says why, the rest goes on.
    await failFolder(deps, connectionUuid, folder, err);
    return null;
  }
  const at = deps.now().toISOString();
  const parentPaths = page.items.flatMap((i) => (i?.path && !i.parentRemoteIds?.length ? [parentPathOf(i.path) ?? ''] : []));
  const known = await own(deps.db)
    .selectFrom('connector_items')
    .select(['item_uuid', 'remote_id', 'path', 'readers'])
    .where('connection_uuid', '=', connectionUuid)
    .where('repository_type', '=', folder.repository.type)
    .where('repository_owner', '=', folder.repository.owner_id)
    .where((eb) =>
      eb.or([
        eb('remote_id', 'in', [
          folder.root.remoteId,
          ...page.items.flatMap((i) => [i?.remoteId, ...(i?.parentRemoteIds ?? [])].filter((r) => typeof r === 'string')),
        ]),
        ...(parentPaths.length ? [eb('path', 'in', parentPaths)] : []),
      ]),
    )
    .execute();
  const uuidOf = new Map(known.map((k) => [k.remote_id, k.item_uuid]));
  const readersBefore = new Map(known.map((k) => [k.item_uuid, k.readers]));
  const reading = { connection_uuid: connectionUuid, owner_user_id: source.ownerId, org_uuid: source.orgUuid };
  uuidOf.set(folder.root.remoteId, folder.item_uuid);
  // Where the provider names folders by path only, an item's folder is the one at its parent path.
  const uuidOfPath = new Map(known.flatMap((k) => (k.path ? [[k.path, k.item_uuid] as const] : [])));
  // Items seen for the first time have no stream yet: their events go in one append for the page.
  const fresh = new Map<string, StreamAppend>();
  for (const item of page.items) {
    if (!wellFormed(item)) {
      deps.logger.warn({ connection: connectionUuid, folder: folder.item_uuid }, 'a malformed entry of a connector listing was left out');
      continue;
    }
    if (!isKept(item)) continue;
    const seen = uuidOf.get(item.remoteId);
    const uuid = seen ?? crypto.randomUUID();
    uuidOf.set(item.remoteId, uuid);
    if (item.path) uuidOfPath.set(item.path, uuid);
    const parents = parentUuids(item, uuidOf, uuidOfPath);
    const firstOnPage = fresh.get(uuid);
    if (firstOnPage) {
      // Listed twice on one page (under two of its folders): one item under both.
      const data = (firstOnPage.events[0] as Extract<ItemEvent, { type: 'ConnectorItemFound' }>).data;
      data.parent_uuids = [...new Set([...data.parent_uuids, ...parents])];
      continue;
    }
    if (!seen) {
      const events = [found(uuid, connectionUuid, item, { picked: false, parents, repository: folder.repository, at }), queued(uuid, at)];
      fresh.set(uuid, { streamId: itemStream(uuid), expected: 'no_stream', events });
      continue;
    }
    // Listed again (after an expired cursor): an unchanged file whose sharing alone changed gets its new readers in place.
    const before = readersBefore.get(uuid);
    const sharing =
      before === undefined
        ? 'none'
        : await settleSharing(deps, reading, { item_uuid: uuid, readers: before }, item.readers, (s) => !needsSync(s, item.updatedAt), at);
    await appendItem(deps, uuid, (s) =>
      s.status === 'none' || sharing === 'refetch' || needsSync(s, item.updatedAt)
        ? [found(uuid, connectionUuid, item, { picked: false, parents, repository: folder.repository, at }), queued(uuid, at)]
        : [],
    );
  }
  await deps.store.appendToStreams([...fresh.values()]);
  return page.checkpoint;
}

async function failFolder(deps: SyncDeps, connectionUuid: string, folder: FolderJob, err: unknown) {
  const reason = `The source's listing could not be read: ${(err as Error).message}`.slice(0, 300);
  deps.logger.warn({ connection: connectionUuid, item: folder.item_uuid, reason }, 'a connector folder could not be listed');
  await appendItem(deps, folder.item_uuid, () => [
    { type: 'ConnectorItemFailed', data: { item_uuid: folder.item_uuid, error: reason, at: deps.now().toISOString() } },
  ]);
}

/** The files still to fetch (queued, waiting or failed before). */
export function filesToSync(deps: SyncDeps, connectionUuid: string) {
  return own(deps.db)
    .selectFrom('connector_items')
    .select([
      'item_uuid',
      'remote_id',
      'drive_id',
      'name',
      'url',
      'remote_updated_at',
      'repository_type',
      'repository_owner',
      'file_uuid',
      'mime_type',
      'readers',
    ])
    .where('connection_uuid', '=', connectionUuid)
    .where('kind', '=', 'FILE')
    .where('status', 'in', ['QUEUED', 'RATE_LIMITED', 'SYNCING'])
    .orderBy('created_at')
    .execute();
}

/** The folders whose walk is done: they are READY once all they hold is looked at. */
export async function foldersDone(deps: SyncDeps, connectionUuid: string) {
  const folders = await own(deps.db)
    .selectFrom('connector_items')
    .select('item_uuid')
    .where('connection_uuid', '=', connectionUuid)
    .where('kind', '=', 'FOLDER')
    .where('status', '=', 'QUEUED')
    .execute();
  const at = deps.now().toISOString();
  for (const f of folders)
    await appendItem(deps, f.item_uuid, () => [
      { type: 'ConnectorItemSynced', data: { item_uuid: f.item_uuid, file_uuid: null, name: null, remote_updated_at: null, readers: null, at } },
    ]);
}

export type FileToSync = Awaited<ReturnType<typeof filesToSync>>[number];

/**
 * The sync is over: the wait (if any) is forgotten and when it ended is kept, and the connection's
 * owner is mailed what came in (seed 001 §4: 'You'll receive an email when the sync is complete'),
 * once per run.
 */
export async function finishSync(deps: SyncDeps, connectionUuid: string, run: { id: string; synced: number; failed: number; mail?: boolean }) {
  const row = await connectionRow(deps.db, connectionUuid);
  const owner = row ? await personOf(deps.db, row.owner_user_id) : undefined;
  if (row && owner && run.synced + run.failed > 0 && run.mail !== false) {
    const label = connectorInfo(row.connector)?.label ?? row.connector;
    await queueMail(
      deps.store,
      {
        mail_id: `connector-sync-${connectionUuid}-${run.id}`,
        user_id: owner.id,
        to: owner.email,
        ...syncCompleteMail({ label, synced: run.synced, failed: run.failed, url: `${deps.publicUrl}/account/files` }),
      },
      deps.now(),
    );
  }
  await own(deps.db)
    .insertInto('connector_syncs')
    .values({ connection_uuid: connectionUuid, cursor: null, rate_limited_until: null, last_synced_at: deps.now() })
    .onConflict((oc) => oc.column('connection_uuid').doUpdateSet({ rate_limited_until: null, last_synced_at: deps.now() }))
    .execute();
}
