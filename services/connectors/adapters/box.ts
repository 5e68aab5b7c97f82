// Box (API 2.0): a folder's items with marker paging (usemarker=true) for the checkpointed walk,
// the events stream for deltas (stream_position=now, then each answer's next position; each item
// an upload, edit, rename, move, trashing, shared link or collaboration names is read as it is now),
// readers from the owner, the collaborations of the folder the item sits in and of the file itself
// (asked for only when Box says it has some), and its shared link,
// and /content for bytes (a 302 to Box's download host, followed only to dl.boxcloud.com or the
// configured origin).
import { ProviderHttpError, type ProviderCallDeps, providerBytes, providerJson } from '../provider-call.js';
import type { BoxCollaboration, BoxEvents, BoxItem, BoxItems, BoxSearch } from './box-types.js';
import type { Change, FileSourceAdapter, PickedRoot, Readers, RemoteItem } from './types.js';

const PAGE_SIZE = 1000;
/** Box answers at most 500 events a call. */
const MAX_EVENTS = 500;
const FIELDS = 'id,type,name,size,modified_at,item_status,parent,owned_by,shared_link,has_collaborations';
/** Where Box's /content sends the bytes. */
export const BOX_DOWNLOAD_ORIGINS = ['https://dl.boxcloud.com'];
/**
 * Events that change what an item is or who may read it. The user events stream names them as
 * its guide lists (ITEM_*, COLLAB_*), webhooks and enterprise events with other names (ITEM_MODIFY,
 * ITEM_RENAME, COLLABORATION_*): both are taken.
 */
const ITEM_EVENTS = new Set([
  'ITEM_CREATE',
  'ITEM_UPLOAD',
  'ITEM_MODIFY',
  'ITEM_RENAME',
  'ITEM_MOVE',
  'ITEM_COPY',
  'ITEM_TRASH',
  'ITEM_DELETE',
  'ITEM_UNDELETE_VIA_TRASH',
  'ITEM_SHARED',
  'ITEM_SHARED_CREATE',
  'ITEM_SHARED_UPDATE',
  'ITEM_SHARED_UNSHARE',
]);
const relevant = (eventType: string) => ITEM_EVENTS.has(eventType) || eventType.startsWith('COLLAB_') || eventType.startsWith('COLLABORATION_');

/** The walk's place: folders still to list (breadth-first) and the marker of the first one's next page. */
type Walk = { folders: string[]; marker: string | null };

/** Who may read an item: its owner, the accepted collaborators (of its folder, and its own), and its shared link's audience. */
export function boxReaders(item: BoxItem, folderCollaborations: BoxCollaboration[]): Readers {
  const emails = new Set<string>();
  const owner = item.owned_by?.login?.toLowerCase();
  if (owner) emails.add(owner);
  for (const c of folderCollaborations) {
    const login = c.accessible_by?.type === 'user' ? c.accessible_by.login : null;
    if (c.status === 'accepted' && login) emails.add(login.toLowerCase());
  }
  const access = item.shared_link?.access;
  const domain = owner?.split('@')[1];
  return { emails: [...emails].sort(), domains: access === 'company' && domain ? [domain] : [], anyone: access === 'open' };
}

export function boxItem(i: BoxItem, readers: Readers | null): RemoteItem {
  const folder = i.type === 'folder';
  return {
    remoteId: i.id,
    name: i.name ?? i.id,
    kind: folder ? 'FOLDER' : 'FILE',
    parentRemoteIds: i.parent?.id ? [i.parent.id] : [],
    url: `https://app.box.com/${folder ? 'folder' : 'file'}/${i.id}`,
    updatedAt: i.modified_at ?? null,
    size: i.size ?? null,
    mimeType: null,
    driveId: null,
    readers,
  };
}

export function boxAdapter(call: ProviderCallDeps, opts: { pageSize?: number } = {}): FileSourceAdapter {
  const limit = opts.pageSize ?? PAGE_SIZE;
  const get = <T>(path: string, query?: Record<string, string | number | boolean | undefined>) => providerJson<T>(call, path, { query });
  const enc = encodeURIComponent;
  const missing = (err: unknown) => err instanceof ProviderHttpError && err.status === 404;

  async function collaborations(type: 'file' | 'folder', id: string | undefined): Promise<BoxCollaboration[]> {
    // "All Files" (0) is the person's own: it has no collaborations.
    if (!id || id === '0') return [];
    try {
      return (await get<{ entries: BoxCollaboration[] }>(`/${type}s/${enc(id)}/collaborations`, { fields: 'accessible_by,status,role' })).entries;
    } catch (err) {
      if (missing(err)) return [];
      throw err;
    }
  }
  /** The item as it is now; 'trashed' when Box still knows it in the trash, null when it does not know it. */
  async function lookUp(type: 'file' | 'folder', id: string): Promise<BoxItem | 'trashed' | null> {
    try {
      const i = await get<BoxItem>(`/${type}s/${enc(id)}`, { fields: FIELDS });
      return i.item_status && i.item_status !== 'active' ? 'trashed' : i;
    } catch (err) {
      if (missing(err)) return null;
      throw err;
    }
  }
  const fetchItem = async (type: 'file' | 'folder', id: string) => {
    const i = await lookUp(type, id);
    return i === 'trashed' ? null : i;
  };
  /** A file's own collaborations, asked for only when Box says it has some. */
  const own = async (i: BoxItem) => (i.type === 'file' && i.has_collaborations ? collaborations('file', i.id) : []);
  const withReaders = async (i: BoxItem) => boxItem(i, boxReaders(i, [...(await collaborations('folder', i.parent?.id)), ...(await own(i))]));

  async function itemsPage(walk: Walk) {
    const folder = walk.folders[0];
    const page = await get<BoxItems>(`/folders/${enc(folder)}/items`, { usemarker: true, limit, marker: walk.marker ?? undefined, fields: FIELDS });
    const entries = page.entries.filter((e) => e.type !== 'web_link');
    const subfolders = entries.filter((e) => e.type === 'folder').map((e) => e.id);
    const next: Walk = page.next_marker
      ? { folders: [...walk.folders, ...subfolders], marker: page.next_marker }
      : { folders: [...walk.folders.slice(1), ...subfolders], marker: null };
    return { folder, entries, checkpoint: next.folders.length ? JSON.stringify(next) : null };
  }
  const startWalk = (root: PickedRoot, checkpoint: string | null): Walk =>
    checkpoint ? (JSON.parse(checkpoint) as Walk) : { folders: [root.remoteId], marker: null };

  return {
    async browse(b) {
      const shown = (entries: BoxItem[]) => entries.filter((e) => e.type === 'file' || e.type === 'folder').map((e) => boxItem(e, null));
      const size = Math.min(limit, 200);
      if (b.search) {
        const offset = b.cursor ? Number(b.cursor) : 0;
        if (!Number.isSafeInteger(offset) || offset < 0) throw new ProviderHttpError(400, 'the page cursor is not an offset');
        const page = await get<BoxSearch>('/search', {
          query: b.search,
          limit: size,
          offset,
          fields: FIELDS,
          ...(b.folderId ? { ancestor_folder_ids: b.folderId } : {}),
        });
        return { items: shown(page.entries), cursor: offset + page.entries.length < page.total_count ? String(offset + page.entries.length) : null };
      }
      // "All Files" is folder 0.
      const page = await get<BoxItems>(`/folders/${enc(b.folderId ?? '0')}/items`, {
        usemarker: true,
        limit: size,
        marker: b.cursor ?? undefined,
        fields: FIELDS,
      });
      return { items: shown(page.entries), cursor: page.next_marker || null };
    },

    async item(root) {
      // Box's file and folder ids are separate series: a picked id is tried as a file, then as a folder.
      // (a trashed file is gone: its id is not then looked up as a folder's).
      const file = await lookUp('file', root.remoteId);
      const i = file === null ? await fetchItem('folder', root.remoteId) : file === 'trashed' ? null : file;
      return i ? withReaders(i) : null;
    },

    async listPage(root, checkpoint) {
      const walk = startWalk(root, checkpoint);
      if (!walk.folders.length) return { items: [], checkpoint: null };
      const page = await itemsPage(walk);
      const collaborators = await collaborations('folder', page.folder);
      const items = await Promise.all(page.entries.map(async (e) => boxItem(e, boxReaders(e, [...collaborators, ...(await own(e))]))));
      return { items, checkpoint: page.checkpoint };
    },

    async startCursor() {
      return String((await get<BoxEvents>('/events', { stream_position: 'now' })).next_stream_position);
    },

    async deltaPage(cursor) {
      const page = await get<BoxEvents>('/events', { stream_position: cursor, stream_type: 'all', limit: Math.min(limit, MAX_EVENTS) });
      // Box may repeat events or send them out of order: each item named is read as it is now
      // (gone or trashed is a removal), once per page.
      const named = new Map<string, 'file' | 'folder'>();
      for (const e of page.entries) {
        const s = e.source;
        const id = s?.id ?? s?.item_id;
        const type = s?.type ?? s?.item_type;
        if (relevant(e.event_type) && id && (type === 'file' || type === 'folder')) named.set(id, type);
      }
      const changes: Change[] = [];
      for (const [id, type] of named) {
        const now = await fetchItem(type, id);
        changes.push(now ? { remoteId: id, removed: false, item: await withReaders(now) } : { remoteId: id, removed: true, item: null });
      }
      // An empty chunk means the stream is caught up; anything else may have more behind it.
      return { changes, cursor: String(page.next_stream_position), more: page.entries.length > 0 };
    },

    async slimListPage(root, checkpoint) {
      const walk = startWalk(root, checkpoint);
      if (!walk.folders.length) return { ids: [], checkpoint: null };
      const page = await itemsPage(walk);
      return { ids: page.entries.map((e) => e.id), checkpoint: page.checkpoint };
    },

    async download(item, maxBytes) {
      const { bytes, contentType } = await providerBytes(call, `/files/${enc(item.remoteId)}/content`, maxBytes, {
        redirects: { origins: BOX_DOWNLOAD_ORIGINS },
      });
      return { bytes, filename: item.name, contentType };
    },
  };
}
