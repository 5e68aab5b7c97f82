// What a file source's adapter does, after the best connector frameworks: a checkpointed listing
// (a page of items and where to go on; a crash resumes at the last checkpoint), a delta since a
// cursor, a slim listing of ids only (to prune what was removed or unshared at the source), and
// the download of one file. Every provider's adapter speaks its own documented API behind this.

/** The seed's connector file types (seed 001 §3). */
export type RemoteKind = 'FILE' | 'FOLDER' | 'DATABASE' | 'WORKSPACE' | 'PAGE';

/** Who may read an item at the source: named addresses, whole domains, or anyone with the link. */
export type Readers = { emails: string[]; domains: string[]; anyone: boolean };

export type RemoteItem = {
  remoteId: string;
  name: string;
  kind: RemoteKind;
  parentRemoteIds: string[];
  /** Where a person opens it at the source (the seed's connection_file_url). */
  url: string | null;
  updatedAt: string | null;
  size: number | null;
  mimeType: string | null;
  /** The shared drive (or site) it lives in, when the provider has such a thing. */
  driveId: string | null;
  /** Null when the provider does not say (the connection's owner alone may read it then). */
  readers: Readers | null;
  /** The item's path, lower-cased, where the provider names removals by path (Dropbox). */
  path?: string;
  /** A picker's folder that is no item at the source (OneDrive's "Shared with me"): opened, never picked. */
  browseOnly?: boolean;
};

/** A root the person picked: a file, a folder, or a whole shared drive. */
export type PickedRoot = { remoteId: string; driveId?: string | null };

export type ListPage = { items: RemoteItem[]; checkpoint: string | null };
/**
 * One change. A provider that names a removal by path only (Dropbox's deleted entries carry no id)
 * gives `removedPath` instead, with `remoteId` that path: what is at or under it is gone.
 */
export type Change = { remoteId: string; removed: boolean; item: RemoteItem | null; removedPath?: string };
/**
 * A page of changes. `relistDrives`: drives whose own cursor expired (Graph's 410 for one drive):
 * their cursor is taken anew, and what was picked in them is listed whole again.
 */
export type DeltaPage = { changes: Change[]; cursor: string; more: boolean; relistDrives?: string[] };
/**
 * What a connection's deltas follow where the provider has one delta per drive (Graph): the picked
 * items' drives (null: the person's own). `retryRefused`: a pick or a resync, so a drive the
 * provider refused before is asked again (a scheduled delta leaves it out, costing no call).
 */
export type DeltaScope = { driveIds: (string | null)[]; retryRefused?: boolean };
export type SlimPage = { ids: string[]; checkpoint: string | null };

/** What the picker asks: a folder's page (the top when null), or a search by name. */
export type BrowseQuery = { folderId: string | null; driveId: string | null; search: string | null; cursor: string | null };

export interface FileSourceAdapter {
  /** One page for the picker (our browser over the provider's API), where this server has one for the provider. */
  browse?(q: BrowseQuery): Promise<{ items: RemoteItem[]; cursor: string | null }>;
  /** The picked item itself (to know a file from a folder), or null when it is gone. */
  item(root: PickedRoot): Promise<RemoteItem | null>;
  /** One page of everything under a root (folders walked breadth-first); `checkpoint` null starts, a null checkpoint back means done. */
  listPage(root: PickedRoot, checkpoint: string | null): Promise<ListPage>;
  /** Where deltas start from now. */
  startCursor(scope?: DeltaScope): Promise<string>;
  /** Changes since `cursor` (removals and unsharing included); a drive the scope names that the cursor has not is followed from now. */
  deltaPage(cursor: string, scope?: DeltaScope): Promise<DeltaPage>;
  /** Ids only of everything under a root, page by page. */
  slimListPage(root: PickedRoot, checkpoint: string | null): Promise<SlimPage>;
  /** A file's bytes (a provider's own documents exported to a format the index reads), at most `maxBytes`. */
  download(item: RemoteItem, maxBytes: number): Promise<{ bytes: Buffer; filename: string; contentType: string }>;
}

/** The delta cursor is no longer valid at the provider (Graph's 410 Gone, Dropbox's reset): list everything again. */
export class CursorExpired extends Error {
  constructor(readonly provider: string) {
    super(`the ${provider} delta cursor expired; a full listing is needed`);
    this.name = 'CursorExpired';
  }
}
