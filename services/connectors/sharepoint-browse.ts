// The top of SharePoint's picker for the site chosen in the site selector: the site's document
// libraries, each its root folder with the library's drive id, which the picker then browses with
// (a library picked whole is that folder); a search there looks through each library in turn.
import type { BrowseQuery, FileSourceAdapter, RemoteItem } from './adapters/types.js';
import type { DriveItem } from './adapters/microsoft-graph-types.js';
import { siteDrives } from './adapters/sharepoint-sites.js';
import { providerJson } from './provider-call.js';
import { connectionCall } from './connection-call.js';
import type { AdapterDeps } from './connection-call.js';

/** Libraries a site-wide search looks through, at most. */
const MAX_SEARCHED_LIBRARIES = 10;

export async function browseSite(
  deps: AdapterDeps,
  connectionUuid: string,
  siteId: string,
  query: BrowseQuery,
  browse: NonNullable<FileSourceAdapter['browse']>,
): Promise<{ items: RemoteItem[]; cursor: string | null }> {
  const through = await connectionCall(deps, connectionUuid);
  if (!through) throw new Error('the connection is not connected');
  const drives = await siteDrives(through.call, siteId);
  if (query.search) {
    const items: RemoteItem[] = [];
    for (const d of drives.slice(0, MAX_SEARCHED_LIBRARIES)) items.push(...(await browse({ ...query, driveId: d.id, cursor: null })).items);
    return { items, cursor: null };
  }
  // Each library by its root folder's own id, so two libraries picked into one repository stay two items.
  const roots = await Promise.all(drives.map((d) => providerJson<DriveItem>(through.call, `/drives/${encodeURIComponent(d.id)}/root`)));
  return {
    items: drives.map((d, i) => ({
      remoteId: roots[i].id,
      name: d.name,
      kind: 'FOLDER',
      parentRemoteIds: [],
      url: d.url,
      updatedAt: null,
      size: null,
      mimeType: null,
      driveId: d.id,
      readers: null,
    })),
    cursor: null,
  };
}
