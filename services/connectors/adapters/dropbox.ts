// Dropbox (API v2): list_folder with `recursive: true` for the checkpointed walk, because Dropbox's
// own cursor then covers the whole subtree, so the checkpoint is that cursor alone (a crash resumes
// exactly where Dropbox left off, with no queue of folders to keep) and one call lists a page
// across folders; list_folder/get_latest_cursor and /continue for deltas (deleted entries carry a
// path, not an id: removedPath; a 409 on /continue is Dropbox's `reset`, CursorExpired);
// the members of shared files and shared folders for readers (the others are the owner's alone); and
// files/download on the content host, its argument in the Dropbox-API-Arg header.
import { ProviderHttpError, type ProviderCallDeps, providerBytes, providerJson } from '../provider-call.js';
import type { DropboxEntry, FileMembers, ListFolderResult, SearchResult } from './dropbox-types.js';
import { type Change, CursorExpired, type FileSourceAdapter, type PickedRoot, type Readers, type RemoteItem } from './types.js';

const PAGE_SIZE = 500;
type Live = Exclude<DropboxEntry, { '.tag': 'deleted' }>;

/** Dropbox-API-Arg is JSON in an HTTP header: anything beyond ASCII is escaped (as Dropbox documents). */
export function dropboxArg(value: unknown) {
  return JSON.stringify(value).replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

export function membersReaders(members: FileMembers): Readers {
  const emails = new Set<string>();
  for (const u of members.users) if (u.user.email) emails.add(u.user.email.toLowerCase());
  for (const i of members.invitees) if (i.invitee.email) emails.add(i.invitee.email.toLowerCase());
  return { emails: [...emails].sort(), domains: [], anyone: false };
}

function openUrl(e: Live) {
  if (e['.tag'] === 'folder') return `https://www.dropbox.com/home${encodeURI(e.path_display)}`;
  const parent = e.path_display.slice(0, e.path_display.lastIndexOf('/'));
  return `https://www.dropbox.com/home${encodeURI(parent)}?preview=${encodeURIComponent(e.name)}`;
}

export function dropboxItem(e: Live, readers: Readers | null, parentRemoteIds: string[] = []): RemoteItem {
  const file = e['.tag'] === 'file' ? e : null;
  return {
    remoteId: e.id,
    name: e.name,
    kind: file ? 'FILE' : 'FOLDER',
    parentRemoteIds,
    url: openUrl(e),
    updatedAt: file?.server_modified ?? null,
    size: file?.size ?? null,
    mimeType: null,
    driveId: null,
    readers,
    path: e.path_lower,
  };
}

export type DropboxAdapterOptions = {
  /** The content host's base (FamilyEndpoints.content). */
  contentBase: string;
  /** What deltas follow: '' is the whole Dropbox. */
  deltaPath?: string;
  pageSize?: number;
};

export function dropboxAdapter(call: ProviderCallDeps, opts: DropboxAdapterOptions): FileSourceAdapter {
  const limit = opts.pageSize ?? PAGE_SIZE;
  const post = <T>(path: string, body: unknown) => providerJson<T>(call, path, { method: 'POST', body });
  const content: ProviderCallDeps = { ...call, apiBase: opts.contentBase };

  /**
   * A page's readers: a file shared on its own is asked about (list_file_members, inherited members
   * included); a file that is shared only through its shared folder has that folder's members, asked
   * once per folder and page; any other file is the owner's alone (null).
   */
  function readersFor() {
    const folders = new Map<string, Promise<Readers>>();
    return async (e: Live): Promise<Readers | null> => {
      if (e['.tag'] !== 'file') return null;
      if (e.has_explicit_shared_members)
        return membersReaders(await post<FileMembers>('/sharing/list_file_members', { file: e.id, include_inherited: true, limit: 300 }));
      const shared = e.sharing_info?.parent_shared_folder_id;
      if (!shared) return null;
      if (!folders.has(shared))
        folders.set(shared, post<FileMembers>('/sharing/list_folder_members', { shared_folder_id: shared, limit: 1000 }).then(membersReaders));
      return folders.get(shared) ?? null;
    };
  }

  async function page(root: PickedRoot, checkpoint: string | null): Promise<ListFolderResult> {
    try {
      if (checkpoint) return await post<ListFolderResult>('/files/list_folder/continue', { cursor: checkpoint });
    } catch (err) {
      if (err instanceof ProviderHttpError && err.status === 409) throw new CursorExpired('dropbox');
      throw err;
    }
    return post<ListFolderResult>('/files/list_folder', { path: root.remoteId, recursive: true, include_has_explicit_shared_members: true, limit });
  }
  /**
   * Dropbox names an entry's folder by path only: its id is taken from the folders of the same page
   * (a recursive listing names a folder before what it holds), else asked once a page
   * (files/get_metadata); what sits at the top of the Dropbox has no folder.
   */
  function parentsOf(entries: DropboxEntry[]) {
    const ids = new Map<string, string>();
    for (const e of entries) if (e['.tag'] === 'folder') ids.set(e.path_lower, e.id);
    const asked = new Map<string, Promise<string[]>>();
    const ask = async (path: string) => {
      try {
        const folder = await post<DropboxEntry>('/files/get_metadata', { path });
        return folder['.tag'] === 'folder' ? [folder.id] : [];
      } catch (err) {
        // Gone since the page was made: the item is walked without a folder, as one at the top.
        if (err instanceof ProviderHttpError && err.status === 409) return [];
        throw err;
      }
    };
    return (e: Live): Promise<string[]> => {
      const path = typeof e.path_lower === 'string' ? e.path_lower.slice(0, e.path_lower.lastIndexOf('/')) : '';
      if (!path) return Promise.resolve([]);
      const known = ids.get(path);
      if (known) return Promise.resolve([known]);
      if (!asked.has(path)) asked.set(path, ask(path));
      return asked.get(path) ?? Promise.resolve([]);
    };
  }
  // A recursive listing names the listed folder itself too: it is the root, not something under it.
  const under = (root: PickedRoot, entries: DropboxEntry[]) =>
    entries.filter((e): e is Live => e['.tag'] !== 'deleted' && e.id !== root.remoteId && e.path_lower !== root.remoteId.toLowerCase());

  return {
    async browse(b) {
      const live = (entries: DropboxEntry[]) => entries.filter((e): e is Live => e['.tag'] !== 'deleted').map((e) => dropboxItem(e, null));
      if (b.search) {
        const answer = b.cursor
          ? await post<SearchResult>('/files/search/continue_v2', { cursor: b.cursor })
          : await post<SearchResult>('/files/search_v2', {
              query: b.search,
              options: { max_results: Math.min(limit, 100), file_status: 'active', ...(b.folderId ? { path: b.folderId } : {}) },
            });
        return { items: live(answer.matches.map((m) => m.metadata.metadata)), cursor: answer.has_more && answer.cursor ? answer.cursor : null };
      }
      const answer = b.cursor
        ? await post<ListFolderResult>('/files/list_folder/continue', { cursor: b.cursor })
        : await post<ListFolderResult>('/files/list_folder', { path: b.folderId ?? '', recursive: false, limit: Math.min(limit, 200) });
      return { items: live(answer.entries), cursor: answer.has_more ? answer.cursor : null };
    },

    async item(root) {
      try {
        const e = await post<DropboxEntry>('/files/get_metadata', { path: root.remoteId });
        return e['.tag'] === 'deleted' ? null : dropboxItem(e, await readersFor()(e));
      } catch (err) {
        // get_metadata answers 409 path/not_found for what is gone.
        if (err instanceof ProviderHttpError && err.status === 409) return null;
        throw err;
      }
    },

    async listPage(root, checkpoint) {
      const answer = await page(root, checkpoint);
      const readersOf = readersFor();
      const parents = parentsOf(answer.entries);
      const items = await Promise.all(under(root, answer.entries).map(async (e) => dropboxItem(e, await readersOf(e), await parents(e))));
      return { items, checkpoint: answer.has_more ? answer.cursor : null };
    },

    async startCursor() {
      const answer = await post<{ cursor: string }>('/files/list_folder/get_latest_cursor', {
        path: opts.deltaPath ?? '',
        recursive: true,
        include_deleted: true,
        include_has_explicit_shared_members: true,
        limit,
      });
      return answer.cursor;
    },

    async deltaPage(cursor) {
      let answer: ListFolderResult;
      try {
        answer = await post<ListFolderResult>('/files/list_folder/continue', { cursor });
      } catch (err) {
        if (err instanceof ProviderHttpError && err.status === 409) throw new CursorExpired('dropbox');
        throw err;
      }
      const readersOf = readersFor();
      const parents = parentsOf(answer.entries);
      const changes: Change[] = await Promise.all(
        answer.entries.map(async (e) =>
          e['.tag'] === 'deleted'
            ? { remoteId: e.path_lower, removed: true, item: null, removedPath: e.path_lower }
            : { remoteId: e.id, removed: false, item: dropboxItem(e, await readersOf(e), await parents(e)) },
        ),
      );
      return { changes, cursor: answer.cursor, more: answer.has_more };
    },

    async slimListPage(root, checkpoint) {
      const answer = await page(root, checkpoint);
      return { ids: under(root, answer.entries).map((e) => e.id), checkpoint: answer.has_more ? answer.cursor : null };
    },

    async download(item, maxBytes) {
      const { bytes, contentType } = await providerBytes(content, '/files/download', maxBytes, {
        method: 'POST',
        headers: { 'Dropbox-API-Arg': dropboxArg({ path: item.remoteId }) },
      });
      return { bytes, filename: item.name, contentType };
    },
  };
}
