// Google Drive (Drive API v3): files.list by parent for the checkpointed walk, changes.getStartPageToken
// and changes.list for deltas (shared drives included: supportsAllDrives, includeItemsFromAllDrives),
// permissions for who may read, files.get alt=media for bytes, and files.export for Google's own
// documents (Docs as text, Sheets as CSV, Slides as text).
import { type ProviderCallDeps, providerBytes, providerJson } from '../provider-call.js';
import type { ChangeList, DriveFile, FileList, Permission } from './google-drive-types.js';
import type { Change, FileSourceAdapter, PickedRoot, Readers, RemoteItem } from './types.js';

const FOLDER = 'application/vnd.google-apps.folder';
const EXPORTS: Record<string, { mimeType: string; extension: string }> = {
  'application/vnd.google-apps.document': { mimeType: 'text/plain', extension: '.txt' },
  'application/vnd.google-apps.spreadsheet': { mimeType: 'text/csv', extension: '.csv' },
  'application/vnd.google-apps.presentation': { mimeType: 'text/plain', extension: '.txt' },
};
const FILE_FIELDS = 'id,name,mimeType,modifiedTime,parents,size,webViewLink,driveId,trashed,permissions(type,emailAddress,domain,role)';
const ALL_DRIVES = { supportsAllDrives: true, includeItemsFromAllDrives: true };
const PAGE_SIZE = 1000;

/** The walk's place: folders still to list (breadth-first) and the page of the current one. */
type Walk = { folders: string[]; pageToken: string | null };

export function readersOf(permissions: Permission[] | undefined): Readers | null {
  if (!permissions) return null;
  const readers: Readers = { emails: [], domains: [], anyone: false };
  for (const p of permissions) {
    if (p.type === 'anyone') readers.anyone = true;
    else if (p.type === 'domain' && p.domain) readers.domains.push(p.domain.toLowerCase());
    else if ((p.type === 'user' || p.type === 'group') && p.emailAddress) readers.emails.push(p.emailAddress.toLowerCase());
  }
  return readers;
}

export function driveItem(f: DriveFile): RemoteItem {
  return {
    remoteId: f.id,
    name: f.name,
    kind: f.mimeType === FOLDER ? 'FOLDER' : 'FILE',
    parentRemoteIds: f.parents ?? [],
    url: f.webViewLink ?? null,
    updatedAt: f.modifiedTime ?? null,
    size: f.size ? Number(f.size) : null,
    mimeType: f.mimeType,
    driveId: f.driveId ?? null,
    readers: readersOf(f.permissions),
  };
}

export function googleDriveAdapter(call: ProviderCallDeps, opts: { pageSize?: number } = {}): FileSourceAdapter {
  const pageSize = opts.pageSize ?? PAGE_SIZE;
  const get = <T>(path: string, query: Record<string, string | number | boolean | undefined> = {}) => providerJson<T>(call, `/drive/v3${path}`, { query });

  async function children(folderId: string, pageToken: string | null) {
    return get<FileList>('/files', {
      q: `'${folderId.replace(/'/g, "\\'")}' in parents and trashed = false`,
      fields: `nextPageToken,files(${FILE_FIELDS})`,
      pageSize,
      pageToken: pageToken ?? undefined,
      ...ALL_DRIVES,
    });
  }

  return {
    async item(root: PickedRoot) {
      try {
        const f = await get<DriveFile>(`/files/${encodeURIComponent(root.remoteId)}`, { fields: FILE_FIELDS, supportsAllDrives: true });
        return f.trashed ? null : driveItem(f);
      } catch (err) {
        if ((err as { status?: number }).status === 404) return null;
        throw err;
      }
    },

    async listPage(root, checkpoint) {
      const walk: Walk = checkpoint ? (JSON.parse(checkpoint) as Walk) : { folders: [root.remoteId], pageToken: null };
      const folder = walk.folders[0];
      if (!folder) return { items: [], checkpoint: null };
      const page = await children(folder, walk.pageToken);
      const items = page.files.map(driveItem);
      const subfolders = items.filter((i) => i.kind === 'FOLDER').map((i) => i.remoteId);
      const next: Walk = page.nextPageToken
        ? { folders: [...walk.folders, ...subfolders], pageToken: page.nextPageToken }
        : { folders: [...walk.folders.slice(1), ...subfolders], pageToken: null };
      return { items, checkpoint: next.folders.length ? JSON.stringify(next) : null };
    },

    async browse(b) {
      const escaped = (v: string) => v.replace(/\\/g, '\\\\').replace(/'/g, "\\'");
      const q = b.search ? `name contains '${escaped(b.search)}' and trashed = false` : `'${escaped(b.folderId ?? 'root')}' in parents and trashed = false`;
      const page = await get<FileList>('/files', {
        q,
        fields: `nextPageToken,files(${FILE_FIELDS})`,
        pageSize: Math.min(pageSize, 200),
        pageToken: b.cursor ?? undefined,
        orderBy: 'folder,name',
        ...ALL_DRIVES,
      });
      const items = page.files.map(driveItem);
      // The top of the picker: My Drive, then the shared drives the person is in.
      if (!b.folderId && !b.search && !b.cursor) {
        const drives = await get<{ drives: { id: string; name: string }[] }>('/drives', { pageSize: 100 });
        items.push(
          ...drives.drives.map(
            (d): RemoteItem => ({
              remoteId: d.id,
              name: d.name,
              kind: 'FOLDER',
              parentRemoteIds: [],
              url: null,
              updatedAt: null,
              size: null,
              mimeType: FOLDER,
              driveId: d.id,
              readers: null,
            }),
          ),
        );
      }
      return { items, cursor: page.nextPageToken ?? null };
    },

    async startCursor() {
      return (await get<{ startPageToken: string }>('/changes/startPageToken', { supportsAllDrives: true })).startPageToken;
    },

    async deltaPage(cursor) {
      const page = await get<ChangeList>('/changes', {
        pageToken: cursor,
        pageSize,
        includeRemoved: true,
        fields: `nextPageToken,newStartPageToken,changes(fileId,removed,file(${FILE_FIELDS}))`,
        ...ALL_DRIVES,
      });
      const changes: Change[] = page.changes.map((c) => {
        const gone = c.removed || !c.file || c.file.trashed;
        return { remoteId: c.fileId, removed: !!gone, item: gone || !c.file ? null : driveItem(c.file) };
      });
      if (page.nextPageToken) return { changes, cursor: page.nextPageToken, more: true };
      return { changes, cursor: page.newStartPageToken ?? cursor, more: false };
    },

    async slimListPage(root, checkpoint) {
      const walk: Walk = checkpoint ? (JSON.parse(checkpoint) as Walk) : { folders: [root.remoteId], pageToken: null };
      const folder = walk.folders[0];
      if (!folder) return { ids: [], checkpoint: null };
      const page = await get<FileList>('/files', {
        q: `'${folder.replace(/'/g, "\\'")}' in parents and trashed = false`,
        fields: 'nextPageToken,files(id,mimeType)',
        pageSize,
        pageToken: walk.pageToken ?? undefined,
        ...ALL_DRIVES,
      });
      const subfolders = page.files.filter((f) => f.mimeType === FOLDER).map((f) => f.id);
      const next: Walk = page.nextPageToken
        ? { folders: [...walk.folders, ...subfolders], pageToken: page.nextPageToken }
        : { folders: [...walk.folders.slice(1), ...subfolders], pageToken: null };
      return { ids: page.files.map((f) => f.id), checkpoint: next.folders.length ? JSON.stringify(next) : null };
    },

    async download(item, maxBytes) {
      const exported = item.mimeType ? EXPORTS[item.mimeType] : undefined;
      const id = encodeURIComponent(item.remoteId);
      if (exported) {
        const { bytes } = await providerBytes(call, `/drive/v3/files/${id}/export`, maxBytes, { query: { mimeType: exported.mimeType } });
        return { bytes, filename: item.name.endsWith(exported.extension) ? item.name : `${item.name}${exported.extension}`, contentType: exported.mimeType };
      }
      const { bytes, contentType } = await providerBytes(call, `/drive/v3/files/${id}`, maxBytes, { query: { alt: 'media', supportsAllDrives: true } });
      return { bytes, filename: item.name, contentType: item.mimeType ?? contentType };
    },
  };
}
