// Microsoft Graph v1.0's slice the OneDrive and SharePoint adapter uses, on the Microsoft OAuth
// fake (provider.ts): a drive item, its children paged by absolute @odata.nextLink, its permissions,
// /content (a 302 to a download address, as Graph does), root/delta with `token=latest`, next and
// delta links and the `deleted` facet, and the SharePoint site search and a site's drives. Items
// live in the person's OneDrive (`drive`, also /me/drive) unless they name another drive (a
// SharePoint library); each drive has its own root and its own delta. State: `rateLimitNext`
// answers 429 with Retry-After; `foreignNextLink` sends a next link to another origin; delta tokens
// below `expiredBelow` (or, for one drive, `expiredBelowIn`) answer 410 Gone. Test-only, in memory.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FakeApi } from './provider.js';

export type FakeGraphPermission = {
  id: string;
  roles: string[];
  grantedToV2?: { user?: { id: string; email?: string; displayName?: string }; siteUser?: { id: string; loginName?: string } };
  grantedToIdentitiesV2?: { user?: { id: string; email?: string } }[];
  link?: { scope: 'anonymous' | 'organization' | 'users'; type: string };
};
export type FakeGraphItem = {
  id: string;
  name: string;
  parent: string | null;
  folder?: boolean;
  content?: string;
  mimeType?: string;
  permissions?: FakeGraphPermission[];
  /** Shared with the person by someone else: listed by /me/drive/sharedWithMe. */
  sharedWithMe?: boolean;
  /** The drive it lives in (a SharePoint library); the person's OneDrive when absent. */
  drive?: string;
  lastModifiedDateTime: string;
};

export function createFakeGraph(drive = 'drive-1') {
  const items = new Map<string, FakeGraphItem>();
  /** Every change in order, with the drive it happened in (a token is a place in this list). */
  const changes: { id: string; drive: string }[] = [];
  const gone = new Set<string>();
  let clock = Date.parse('2026-11-01T00:00:00Z');
  const state = {
    rateLimitNext: 0,
    retryAfterSeconds: 1,
    foreignNextLink: false,
    expiredBelow: 0,
    expiredBelowIn: new Map<string, number>(),
    /** Drives whose delta answers 403 (shared only in part). */
    refusedDrives: new Set<string>(),
    /** The drive of each delta call, in order. */
    deltaDrives: [] as string[],
    sites: [] as { id: string; displayName: string; webUrl: string }[],
    drives: new Map<string, { id: string; name: string }[]>(),
    calls: { children: 0, permissions: 0, content: 0, delta: 0 },
  };
  const touch = () => new Date((clock += 1000)).toISOString();
  const driveOf = (i: { drive?: string }) => i.drive ?? drive;

  const graph = {
    state,
    items,
    /** How many changes were made: a delta token below it is older than all of them. */
    position: () => changes.length,
    put(i: Omit<FakeGraphItem, 'lastModifiedDateTime'>) {
      items.set(i.id, { ...i, lastModifiedDateTime: touch() });
      changes.push({ id: i.id, drive: driveOf(i) });
    },
    edit(id: string, change: Partial<FakeGraphItem>) {
      const i = items.get(id);
      if (!i) throw new Error(`no fake item ${id}`);
      items.set(id, { ...i, ...change, lastModifiedDateTime: touch() });
      changes.push({ id, drive: driveOf(i) });
    },
    /** Sharing changed alone: a change in the delta, the item's time unchanged (as Graph does). */
    share(id: string, permissions: FakeGraphPermission[]) {
      const i = items.get(id);
      if (!i) throw new Error(`no fake item ${id}`);
      items.set(id, { ...i, permissions });
      changes.push({ id, drive: driveOf(i) });
    },
    remove(id: string) {
      const i = items.get(id);
      items.delete(id);
      gone.add(id);
      changes.push({ id, drive: i ? driveOf(i) : drive });
    },
  };

  const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
    return true;
  };
  const view = (i: FakeGraphItem) => ({
    id: i.id,
    name: i.name,
    lastModifiedDateTime: i.lastModifiedDateTime,
    webUrl: `https://contoso.sharepoint.example/${i.id}`,
    parentReference: { driveId: driveOf(i), id: i.parent ?? undefined },
    ...(i.folder ? { folder: { childCount: [...items.values()].filter((c) => c.parent === i.id).length } } : {}),
    ...(i.content !== undefined ? { file: { mimeType: i.mimeType ?? 'text/plain' }, size: Buffer.byteLength(i.content) } : {}),
    ...(i.permissions?.length ? { shared: { scope: 'users' } } : {}),
    ...(i.parent === null ? { root: {} } : {}),
  });
  /** A page of `all` from `from`, and the absolute address of the next one. */
  function paged<T>(req: IncomingMessage, url: URL, all: T[], param: string) {
    const size = Number(url.searchParams.get('$top') ?? 100);
    const from = Number(url.searchParams.get(param) ?? 0);
    const origin = state.foreignNextLink ? 'https://elsewhere.example' : `http://${req.headers.host}`;
    const next = new URL(url.pathname + url.search, origin);
    next.searchParams.set(param, String(from + size));
    next.searchParams.set('$top', String(size));
    return { value: all.slice(from, from + size), next: from + size < all.length ? next.toString() : undefined };
  }

  const api: FakeApi = (req: IncomingMessage, res: ServerResponse, route: string, url: URL) => {
    let path = route;
    // The person's own OneDrive is this drive too.
    if (path === '/me/drive' || path.startsWith('/me/drive/')) path = `/drives/${drive}${path.slice('/me/drive'.length)}`;
    if (!path.startsWith('/drives/') && !path.startsWith('/sites')) return false;
    if (state.rateLimitNext > 0) {
      state.rateLimitNext--;
      return json(res, 429, { error: { code: 'TooManyRequests' } }, { 'retry-after': String(state.retryAfterSeconds) });
    }
    if (path === '/sites') {
      if (url.searchParams.get('search') === null && url.searchParams.get('$skiptoken') === null) return json(res, 400, { error: { code: 'invalidRequest' } });
      const search = url.searchParams.get('search');
      const named = search && search !== '*' ? state.sites.filter((x) => x.displayName.toLowerCase().includes(search.toLowerCase())) : state.sites;
      const page = paged(req, url, named, '$skiptoken');
      return json(res, 200, { value: page.value, '@odata.nextLink': page.next });
    }
    const site = /^\/sites\/([^/]+)\/drives$/.exec(path);
    if (site) return json(res, 200, { value: state.drives.get(decodeURIComponent(site[1])) ?? [] });
    const inDrive = /^\/drives\/([^/]+)/.exec(path);
    if (!inDrive) return json(res, 404, { error: { code: 'itemNotFound' } });
    const here = decodeURIComponent(inDrive[1]);
    const prefix = `/drives/${inDrive[1]}`;
    const rest = path.slice(prefix.length);
    if (rest === '') return json(res, 200, { id: here, driveType: here === drive ? 'personal' : 'documentLibrary' });
    if (rest === '/root/delta') {
      state.calls.delta++;
      state.deltaDrives.push(here);
      if (state.refusedDrives.has(here)) return json(res, 403, { error: { code: 'accessDenied' } });
      const token = url.searchParams.get('token');
      const link = (t: number) => `http://${req.headers.host}/v1.0${prefix}/root/delta?token=${t}`;
      if (token === 'latest') return json(res, 200, { value: [], '@odata.deltaLink': link(changes.length) });
      const from = Number(token ?? 0);
      if (from < state.expiredBelow || from < (state.expiredBelowIn.get(here) ?? 0)) return json(res, 410, { error: { code: 'resyncRequired' } });
      const size = Number(url.searchParams.get('$top') ?? 100);
      const mine = changes.flatMap((c, at) => (at >= from && c.drive === here ? [{ ...c, at }] : []));
      const value = mine.slice(0, size).map(({ id }) => {
        const i = items.get(id);
        return i ? view(i) : { id, deleted: { state: 'deleted' }, parentReference: { driveId: here } };
      });
      const more = mine.length > size;
      return json(res, 200, more ? { value, '@odata.nextLink': `${link(mine[size].at)}&$top=${size}` } : { value, '@odata.deltaLink': link(changes.length) });
    }
    if (rest === '/sharedWithMe')
      return json(res, 200, {
        value: [...items.values()].filter((c) => c.sharedWithMe).map((c) => ({ id: `link-${c.id}`, name: c.name, remoteItem: view(c) })),
      });
    const searched = /^\/root\/search\(q='(.*)'\)$/.exec(decodeURIComponent(rest));
    if (searched) {
      const term = searched[1].replace(/''/g, "'").toLowerCase();
      const all = [...items.values()]
        .filter((c) => c.parent !== null && driveOf(c) === here && c.name.toLowerCase().includes(term))
        .sort((a, b) => a.id.localeCompare(b.id));
      const page = paged(req, url, all, '$skiptoken');
      return json(res, 200, { value: page.value.map(view), '@odata.nextLink': page.next });
    }
    // 'root' names the drive's root folder, as in Graph.
    const rootId = [...items.values()].find((c) => c.parent === null && driveOf(c) === here)?.id;
    const m = /^\/(?:items\/([^/]+)|(root))(\/children|\/permissions|\/content|\/download)?$/.exec(rest);
    const id = m ? (m[2] || decodeURIComponent(m[1]) === 'root' ? rootId : decodeURIComponent(m[1])) : undefined;
    const found = m && id ? items.get(id) : undefined;
    // An item of another drive is not found here.
    const i = found && driveOf(found) === here ? found : undefined;
    if (!m || !i) return json(res, 404, { error: { code: 'itemNotFound' } });
    if (m[3] === '/children') {
      state.calls.children++;
      const all = [...items.values()].filter((c) => c.parent === i.id).sort((a, b) => a.id.localeCompare(b.id));
      const page = paged(req, url, all, '$skiptoken');
      return json(res, 200, { value: page.value.map(view), '@odata.nextLink': page.next });
    }
    if (m[3] === '/permissions') {
      state.calls.permissions++;
      return json(res, 200, { value: i.permissions ?? [] });
    }
    if (m[3] === '/content') {
      state.calls.content++;
      res.writeHead(302, { location: `/v1.0${prefix}/items/${i.id}/download?sig=signed` });
      res.end();
      return true;
    }
    if (m[3] === '/download') {
      res.writeHead(200, { 'content-type': i.mimeType ?? 'application/octet-stream' });
      res.end(i.content ?? '');
      return true;
    }
    return json(res, 200, view(i));
  };
  return { ...graph, api };
}
