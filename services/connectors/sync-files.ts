// Fetching queued files a batch at a time, the batch one durable step (workflows/connector-sync.ts):
// the connection read once, the batch's items marked SYNCING in one append, its files fetched and
// handed to files a few at once, and their outcomes (READY, or SYNC_ERROR with the reason) in one
// append. A batch redone after a crash skips what it already settled, and a file it fetched but
// did not record is made again under the same id (fileUuidFor), a new version of one file, never
// a second file.
import { createHash } from 'node:crypto';
import pLimit from 'p-limit';
import type { StreamAppend } from '../eventstore/store.js';
import { ConcurrencyError } from '../eventstore/types.js';
import type { RemoteItem } from './adapters/types.js';
import { evolveItem, type ItemEvent, type ItemState, itemStream, NO_ITEM } from './items.js';
import { readersOf } from './principals.js';
import { adapterOf, appendItem, type FileImportJob, type FileToSync, GONE, type SyncDeps } from './sync.js';

/** `skipped`: the item left the sync meanwhile (removed), nothing to count. */
export type FileOutcome = 'synced' | 'failed' | 'skipped';

/** A new file's id for an item: the same however often the item's first fetch is tried. */
export function fileUuidFor(itemUuid: string) {
  const h = createHash('sha256').update(`connector-file:${itemUuid}`).digest('hex');
  const variant = ((Number.parseInt(h[16], 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** The item as its last listing recorded it. */
const listedItem = (f: FileToSync): RemoteItem => ({
  remoteId: f.remote_id,
  name: f.name,
  kind: 'FILE',
  parentRemoteIds: [],
  url: f.url,
  updatedAt: f.remote_updated_at,
  size: null,
  mimeType: f.mime_type,
  driveId: f.drive_id,
  readers: f.readers,
});

const WAITING = new Set<ItemState['status']>(['RECEIVED', 'QUEUED', 'RATE_LIMITED', 'SYNCING', 'EVALUATING_RESYNC']);

export async function syncFiles(deps: SyncDeps, connectionUuid: string, files: FileToSync[], parallel: number): Promise<FileOutcome[]> {
  const at = () => deps.now().toISOString();
  const states = await deps.store.aggregateMany(
    files.map((f) => itemStream(f.item_uuid)),
    NO_ITEM,
    evolveItem,
  );
  const stateOf = (f: FileToSync) => states.get(itemStream(f.item_uuid)) ?? { state: NO_ITEM, version: 0 };
  const todo = files.filter((f) => WAITING.has(stateOf(f).state.status));
  const source = todo.length ? await adapterOf(deps, connectionUuid) : null;
  const outcomes = new Map<string, ItemEvent>();
  let versions = new Map(todo.map((f) => [f.item_uuid, stateOf(f).version]));
  if (source) {
    versions = await appendEach(
      deps,
      todo,
      (f) => ({ type: 'ConnectorItemStatusChanged', data: { item_uuid: f.item_uuid, status: 'SYNCING', at: at() } }),
      versions,
    );
    const imports = importsTogether(deps);
    const limit = pLimit(parallel);
    await Promise.all(todo.map((f) => limit(async () => outcomes.set(f.item_uuid, await fetchOne(deps, connectionUuid, source, f, imports, at)))));
  } else
    for (const f of todo)
      outcomes.set(f.item_uuid, { type: 'ConnectorItemFailed', data: { item_uuid: f.item_uuid, error: 'The connection is not connected.', at: at() } });
  await appendEach(deps, todo, (f) => outcomes.get(f.item_uuid)!, versions);
  return files.map((f) => {
    const before = stateOf(f).state.status;
    if (before === 'READY') return 'synced';
    if (before === 'SYNC_ERROR') return 'failed';
    if (!WAITING.has(before)) return 'skipped';
    return outcomes.get(f.item_uuid)?.type === 'ConnectorItemSynced' ? 'synced' : 'failed';
  });
}

type Source = NonNullable<Awaited<ReturnType<typeof adapterOf>>>;
type Imports = (job: FileImportJob) => Promise<string>;

/**
 * Files handed to files' import together: whatever was fetched while the last import ran goes in
 * the next one, so a batch of small files is a few transactions rather than one each. A file's
 * slot (pLimit) is held until its import ends, which bounds the bytes held at once.
 */
function importsTogether(deps: SyncDeps): Imports {
  let waiting: { job: FileImportJob; settle: (r: { file_uuid: string } | { error: Error }) => void }[] = [];
  let running = false;
  const next = async () => {
    if (running || !waiting.length) return;
    running = true;
    const now = waiting;
    waiting = [];
    try {
      const results = await deps.importFiles(now.map((w) => w.job));
      for (const [i, w] of now.entries()) w.settle(results[i] ?? { error: new Error('not imported') });
    } catch (err) {
      for (const w of now) w.settle({ error: err as Error });
    } finally {
      running = false;
      void next();
    }
  };
  return (job) =>
    new Promise((resolve, reject) => {
      waiting.push({ job, settle: (r) => ('error' in r ? reject(r.error) : resolve(r.file_uuid)) });
      void next();
    });
}

/** Fetches one file and hands it to files as a file of its repository: the item's outcome as an event. */
async function fetchOne(deps: SyncDeps, connectionUuid: string, source: Source, f: FileToSync, imports: Imports, at: () => string): Promise<ItemEvent> {
  try {
    // What the listing or the delta said of it is enough to fetch it: the provider is asked once.
    const item = f.mime_type !== null ? listedItem(f) : await source.adapter.item({ remoteId: f.remote_id, driveId: f.drive_id });
    if (!item) throw new Error(GONE);
    const { bytes, filename } = await source.adapter.download(item, deps.maxFileBytes).catch((err) => {
      throw (err as { status?: number }).status === 404 ? new Error(GONE) : err;
    });
    const file_uuid = await imports({
      repository: { type: f.repository_type, owner_id: f.repository_owner },
      file_uuid: f.file_uuid ?? fileUuidFor(f.item_uuid),
      filename,
      bytes,
      uploaded_by: source.ownerId,
      source: { connection_uuid: connectionUuid, connection_type: source.row.connector, remote_id: f.remote_id, url: item.url },
      readers: readersOf(source.row, item.readers),
    });
    return {
      type: 'ConnectorItemSynced',
      data: { item_uuid: f.item_uuid, file_uuid, name: item.name, remote_updated_at: item.updatedAt, readers: item.readers, at: at() },
    };
  } catch (err) {
    const reason = (err as Error).message.slice(0, 300);
    deps.logger.warn({ connection: connectionUuid, item: f.item_uuid, reason }, 'a connector file could not be synced');
    return { type: 'ConnectorItemFailed', data: { item_uuid: f.item_uuid, error: reason, at: at() } };
  }
}

/**
 * One event per item in one append, each at the version its item was read at; when another
 * writer moved an item meanwhile (a removal, a sharing change), each is appended on its own as
 * its state now allows. Answers each item's version after its event (none after that fallback).
 */
async function appendEach(deps: SyncDeps, files: FileToSync[], eventOf: (f: FileToSync) => ItemEvent, versions: Map<string, number>) {
  if (!files.length) return versions;
  if (files.every((f) => versions.has(f.item_uuid))) {
    const appends: StreamAppend[] = files.map((f) => ({ streamId: itemStream(f.item_uuid), expected: versions.get(f.item_uuid)!, events: [eventOf(f)] }));
    try {
      await deps.store.appendToStreams(appends);
      return new Map(files.map((f) => [f.item_uuid, versions.get(f.item_uuid)! + 1]));
    } catch (err) {
      if (!(err instanceof ConcurrencyError)) throw err;
    }
  }
  // An item removed meanwhile takes no more events; one otherwise moved takes this one on top.
  for (const f of files) await appendItem(deps, f.item_uuid, (s) => (s.status === 'removed' || s.status === 'none' ? [] : [eventOf(f)]));
  return new Map<string, number>();
}
