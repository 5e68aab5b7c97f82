// OneDrive and SharePoint document libraries through Microsoft Graph v1.0: a drive item's children
// for the checkpointed walk (paged by @odata.nextLink, an absolute address followed only on the
// configured API origin), each picked item's drive's root/delta for changes (graph-drive-deltas.ts:
// removals by the `deleted` facet, one delta token per drive, a 410 Gone lists that drive again),
// an item's permissions for who may read it (only for items Graph marks `shared`: the others are
// the owner's alone), and /content for bytes.
import { apiPathOf, ProviderHttpError, type ProviderCallDeps, providerBytes, providerJson } from '../provider-call.js';
import type { Collection, DriveItem, GraphIdentity, GraphPermission } from './microsoft-graph-types.js';
import { graphDriveDeltas } from './graph-drive-deltas.js';
import type { Change, FileSourceAdapter, PickedRoot, Readers, RemoteItem } from './types.js';

export { deltaTokenOf } from './graph-drive-deltas.js';

const PAGE_SIZE = 200;
/** Where Graph's /content redirects for the bytes (pre-authenticated addresses). */
export const GRAPH_DOWNLOAD_HOSTS = ['.sharepoint.com', '.1drv.com', '.svc.ms'];

/** The walk's place: the drive, folders still to list (breadth-first) and the next page of the first. */
type Walk = { drive: string | null; folders: string[]; next: string | null };

const enc = encodeURIComponent;
/** The picker's page links: a drive's children or search, nothing else (a cursor comes back from the browser). */
const BROWSE_LINK = /^\/(drives\/[^/?]+|me\/drive)\/(items\/[^/?]+\/children|root\/children|root\/search\(q='[^/?]*'\))\?[^#]*$/;
const driveBase = (drive: string | null | undefined) => (drive ? `/drives/${enc(drive)}` : '/me/drive');

function emailOf(identity: GraphIdentity | undefined): string | null {
  const login = identity?.siteUser?.loginName?.split('|').pop();
  const email = identity?.user?.email ?? identity?.siteUser?.email ?? identity?.group?.email ?? (login?.includes('@') ? login : null);
  return email ? email.toLowerCase() : null;
}

/** Who may read, from an item's permissions: granted users' addresses, organisation links (the domain), anonymous links (anyone). */
export function graphReaders(permissions: GraphPermission[], orgDomain: string | null): Readers {
  const emails = new Set<string>();
  const readers: Readers = { emails: [], domains: [], anyone: false };
  for (const p of permissions) {
    if (p.link?.scope === 'anonymous') readers.anyone = true;
    if (p.link?.scope === 'organization' && orgDomain && !readers.domains.includes(orgDomain)) readers.domains.push(orgDomain);
    for (const identity of [p.grantedToV2, ...(p.grantedToIdentitiesV2 ?? [])]) {
      const email = emailOf(identity);
      if (email) emails.add(email);
    }
    if (p.invitation?.email) emails.add(p.invitation.email.toLowerCase());
  }
  readers.emails = [...emails].sort();
  return readers;
}

export function graphItem(i: DriveItem, readers: Readers | null): RemoteItem {
  return {
    remoteId: i.id,
    name: i.name ?? i.id,
    kind: i.folder || i.root ? 'FOLDER' : 'FILE',
    parentRemoteIds: i.parentReference?.id ? [i.parentReference.id] : [],
    url: i.webUrl ?? null,
    updatedAt: i.lastModifiedDateTime ?? null,
    size: i.size ?? null,
    mimeType: i.file?.mimeType ?? null,
    driveId: i.parentReference?.driveId ?? null,
    readers,
  };
}

/** The picker's folder of what others shared with the person (OneDrive's "Shared with me"); not an item at the source. */
export const SHARED_WITH_ME = 'shared-with-me';
const sharedWithMeFolder = (): RemoteItem => ({
  remoteId: SHARED_WITH_ME,
  name: 'Shared with me',
  kind: 'FOLDER',
  parentRemoteIds: [],
  url: null,
  updatedAt: null,
  size: null,
  mimeType: null,
  driveId: null,
  readers: null,
  browseOnly: true,
});

export type GraphAdapterOptions = {
  /** The drive the adapter reads when an item names none, and deltas follow when no scope is given; null: the person's OneDrive. */
  driveId?: string | null;
  /** The connected account's domain: what an 'organization' link opens the item to. */
  orgDomain?: string | null;
  pageSize?: number;
};

export function microsoftGraphAdapter(call: ProviderCallDeps, opts: GraphAdapterOptions = {}): FileSourceAdapter {
  const pageSize = opts.pageSize ?? PAGE_SIZE;
  const orgDomain = opts.orgDomain?.toLowerCase() ?? null;
  const get = <T>(path: string, query?: Record<string, string | number | undefined>) => providerJson<T>(call, path, { query });

  async function readersOf(i: DriveItem): Promise<Readers | null> {
    if (!i.shared) return null;
    const drive = i.parentReference?.driveId ?? opts.driveId;
    const perms = await get<Collection<GraphPermission>>(`${driveBase(drive)}/items/${enc(i.id)}/permissions`);
    return graphReaders(perms.value, orgDomain);
  }
  const toItem = async (i: DriveItem) => graphItem(i, await readersOf(i));

  async function childrenPage(walk: Walk) {
    const folder = walk.folders[0];
    const path = walk.next ?? `${driveBase(walk.drive)}/items/${enc(folder)}/children`;
    const page = await get<Collection<DriveItem>>(path, walk.next ? undefined : { $top: pageSize });
    const nextLink = page['@odata.nextLink'];
    const subfolders = page.value.filter((i) => i.folder).map((i) => i.id);
    const next: Walk = nextLink
      ? { drive: walk.drive, folders: [...walk.folders, ...subfolders], next: apiPathOf(call.apiBase, nextLink) }
      : { drive: walk.drive, folders: [...walk.folders.slice(1), ...subfolders], next: null };
    return { page, checkpoint: next.folders.length ? JSON.stringify(next) : null };
  }
  const startWalk = (root: PickedRoot, checkpoint: string | null): Walk =>
    checkpoint ? (JSON.parse(checkpoint) as Walk) : { drive: root.driveId ?? opts.driveId ?? null, folders: [root.remoteId], next: null };
  const toChange = async (i: DriveItem): Promise<Change> =>
    i.deleted ? { remoteId: i.id, removed: true, item: null } : { remoteId: i.id, removed: false, item: await toItem(i) };
  const deltas = graphDriveDeltas(call, { pageSize, defaultDrive: opts.driveId ?? null, toChange });

  return {
    async browse(b) {
      const base = driveBase(b.driveId ?? opts.driveId);
      // What others shared with the person lives in their drives: each item carries its drive.
      if (b.folderId === SHARED_WITH_ME && !b.driveId) {
        const shared = await get<Collection<DriveItem>>('/me/drive/sharedWithMe');
        return { items: shared.value.flatMap((i) => (i.remoteItem ? [graphItem({ ...i.remoteItem, id: i.remoteItem.id ?? i.id }, null)] : [])), cursor: null };
      }
      let page: Collection<DriveItem>;
      if (b.cursor) {
        if (b.cursor.includes('..') || !BROWSE_LINK.test(b.cursor)) throw new ProviderHttpError(400, 'the page cursor is not a page of this drive');
        page = await get(b.cursor);
      } else if (b.search) {
        // OData quotes a quote by doubling it.
        page = await get(`${base}/root/search(q='${enc(b.search.replace(/'/g, "''"))}')`, { $top: pageSize });
      } else {
        page = await get(b.folderId ? `${base}/items/${enc(b.folderId)}/children` : `${base}/root/children`, { $top: pageSize });
      }
      const nextLink = page['@odata.nextLink'];
      const items = page.value.filter((i) => !i.deleted).map((i) => graphItem(i, null));
      // The top of a OneDrive also offers what others shared with the person.
      if (!b.folderId && !b.search && !b.cursor && !b.driveId && !opts.driveId) items.push(sharedWithMeFolder());
      return { items, cursor: nextLink ? apiPathOf(call.apiBase, nextLink) : null };
    },

    async item(root) {
      try {
        const i = await get<DriveItem>(`${driveBase(root.driveId ?? opts.driveId)}/items/${enc(root.remoteId)}`);
        return i.deleted ? null : await toItem(i);
      } catch (err) {
        if (err instanceof ProviderHttpError && err.status === 404) return null;
        throw err;
      }
    },

    async listPage(root, checkpoint) {
      const walk = startWalk(root, checkpoint);
      if (!walk.folders.length) return { items: [], checkpoint: null };
      const { page, checkpoint: next } = await childrenPage(walk);
      return { items: await Promise.all(page.value.map(toItem)), checkpoint: next };
    },

    startCursor: deltas.startCursor,
    deltaPage: deltas.deltaPage,

    async slimListPage(root, checkpoint) {
      const walk = startWalk(root, checkpoint);
      if (!walk.folders.length) return { ids: [], checkpoint: null };
      const { page, checkpoint: next } = await childrenPage(walk);
      return { ids: page.value.map((i) => i.id), checkpoint: next };
    },

    async download(item, maxBytes) {
      const path = `${driveBase(item.driveId ?? opts.driveId)}/items/${enc(item.remoteId)}/content`;
      const { bytes, contentType } = await providerBytes(call, path, maxBytes, { redirects: { hostSuffixes: GRAPH_DOWNLOAD_HOSTS } });
      return { bytes, filename: item.name, contentType: item.mimeType ?? contentType };
    },
  };
}
