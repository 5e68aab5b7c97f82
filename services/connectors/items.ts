// What a connection syncs: each picked file or folder, and everything found under a picked folder,
// one stream per item. Its state is the seed's (seed 001 §3): RECEIVED when picked, QUEUED while
// it waits for the sync, RATE_LIMITED (shown as Queued) while the provider asks to wait, SYNCING
// while it is fetched and indexed, READY once it can be searched, SYNC_ERROR ('Sync error') with
// a reason, EVALUATING_RESYNC while a resync looks at what changed at the source.
import type { StoredEvent } from '../eventstore/types.js';
import type { Readers, RemoteKind } from './adapters/types.js';

export const ITEM_STATUSES = ['RECEIVED', 'QUEUED', 'RATE_LIMITED', 'SYNCING', 'SYNC_ERROR', 'EVALUATING_RESYNC', 'READY'] as const;
export type ItemStatus = (typeof ITEM_STATUSES)[number];

/** Where synced files go (files' repositories, seed 001 §1). */
export type ItemRepository = { type: 'USER' | 'ORG' | 'COLLECTION'; owner_id: string };

export type ItemFound = {
  type: 'ConnectorItemFound';
  data: {
    item_uuid: string;
    connection_uuid: string;
    remote_id: string;
    drive_id: string | null;
    name: string;
    kind: RemoteKind;
    /** The items it sits under that this connection syncs (a picked root has none). */
    parent_uuids: string[];
    /** Picked by a person (a root), or found under a picked folder. */
    picked: boolean;
    repository: ItemRepository;
    url: string | null;
    remote_updated_at: string | null;
    readers: Readers | null;
    /** The provider's media type as listed (absent in events written before it was kept, and for a pick not yet looked up). */
    mime_type?: string | null;
    /** Its path at the source, lower-cased, where the provider names items by path (Dropbox; absent elsewhere). */
    path?: string | null;
    found_at: string;
  };
};
export type ItemStatusChanged = {
  type: 'ConnectorItemStatusChanged';
  data: { item_uuid: string; status: Exclude<ItemStatus, 'READY' | 'SYNC_ERROR'>; at: string };
};
export type ItemSynced = {
  type: 'ConnectorItemSynced';
  data: { item_uuid: string; file_uuid: string | null; name: string | null; remote_updated_at: string | null; readers: Readers | null; at: string };
};
/** Sharing changed at the source while the content did not: the item is not fetched again, its file's readers change in place. */
export type ItemReadersChanged = { type: 'ConnectorItemReadersChanged'; data: { item_uuid: string; readers: Readers | null; at: string } };
export type ItemFailed = { type: 'ConnectorItemFailed'; data: { item_uuid: string; error: string; at: string } };
export type ItemRemoved = { type: 'ConnectorItemRemoved'; data: { item_uuid: string; reason: 'removed_at_source' | 'unpicked' | 'disconnected'; at: string } };

export type ItemEvent = ItemFound | ItemStatusChanged | ItemSynced | ItemReadersChanged | ItemFailed | ItemRemoved;
export const ITEM_EVENTS = [
  'ConnectorItemFound',
  'ConnectorItemStatusChanged',
  'ConnectorItemSynced',
  'ConnectorItemReadersChanged',
  'ConnectorItemFailed',
  'ConnectorItemRemoved',
] as const satisfies readonly ItemEvent['type'][];

export const itemStream = (itemUuid: string) => `connector-item-${itemUuid}`;

export type ItemState = { status: 'none' } | { status: ItemStatus | 'removed'; remote_updated_at: string | null; file_uuid: string | null };
export const NO_ITEM: ItemState = { status: 'none' };

export function evolveItem(state: ItemState, event: StoredEvent | ItemEvent): ItemState {
  const e = event as ItemEvent;
  switch (e.type) {
    case 'ConnectorItemFound':
      return { status: 'RECEIVED', remote_updated_at: null, file_uuid: null };
    case 'ConnectorItemStatusChanged':
      return state.status === 'none' || state.status === 'removed' ? state : { ...state, status: e.data.status };
    case 'ConnectorItemSynced':
      return state.status === 'none' || state.status === 'removed'
        ? state
        : { status: 'READY', remote_updated_at: e.data.remote_updated_at, file_uuid: e.data.file_uuid };
    case 'ConnectorItemFailed':
      return state.status === 'none' || state.status === 'removed' ? state : { ...state, status: 'SYNC_ERROR' };
    case 'ConnectorItemRemoved':
      return state.status === 'none' ? state : { ...state, status: 'removed' };
    default:
      return state;
  }
}

/** Whether an item's content must be fetched again: never synced, or changed at the source since. */
export function needsSync(state: ItemState, remoteUpdatedAt: string | null) {
  if (state.status === 'none' || state.status === 'removed') return false;
  if (state.status !== 'READY') return true;
  return remoteUpdatedAt === null || state.remote_updated_at !== remoteUpdatedAt;
}
