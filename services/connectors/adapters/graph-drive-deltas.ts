// A OneDrive or SharePoint connection's deltas across every drive its picked items live in (the
// person's OneDrive, each picked SharePoint library): /drives/{id}/root/delta for each, read until
// its @odata.deltaLink, one cursor per drive. The connection's cursor keeps each drive's delta
// token (or, within a round, the path of its next page) and the drives left this round. At a
// round's start a drive picked since is followed from now (the pick lists its items whole) and one
// no longer picked is dropped; a drive whose token expired (410 Gone) starts again from now and is
// named in `relistDrives`, so what was picked in it is listed whole again. A drive Graph refuses
// (403, 404: a drive shared only in part, or gone) is remembered in the cursor and left out, with
// no call, until a pick or a resync asks again (`retryRefused`). A cursor kept before (one token
// of a single drive) goes on as that drive's.
import { apiPathOf, type ProviderCallDeps, ProviderHttpError, providerJson } from '../provider-call.js';
import type { Collection, DriveItem } from './microsoft-graph-types.js';
import type { Change, DeltaPage, DeltaScope } from './types.js';

/** `refused`: drives Graph refused, not asked again until a pick or a resync. */
type DrivesCursor = { drives: Record<string, string>; queue: string[]; me?: string; refused?: string[] };

function remember(c: DrivesCursor, drive: string) {
  c.refused = [...new Set([...(c.refused ?? []), drive])].sort();
}

export type DriveDeltaOptions = {
  pageSize: number;
  /** The drive followed when the scope names none (null: the person's own). */
  defaultDrive: string | null;
  /** A delta's item as a change (its readers looked up). */
  toChange: (i: DriveItem) => Promise<Change>;
};

const enc = encodeURIComponent;
const refused = (err: unknown) => err instanceof ProviderHttpError && (err.status === 403 || err.status === 404);

/** The token of a delta link, in either of Graph's forms (`?token=…` or `delta(token='…')`). */
export function deltaTokenOf(link: string): string {
  const url = new URL(link);
  const token = url.searchParams.get('token') ?? /token='?([^')]+)'?\)/.exec(decodeURIComponent(url.pathname))?.[1];
  if (!token) throw new ProviderHttpError(502, 'the delta link names no token');
  return token;
}

export function graphDriveDeltas(call: ProviderCallDeps, opts: DriveDeltaOptions) {
  const get = <T>(path: string, query?: Record<string, string | number>) => providerJson<T>(call, path, { query });
  const deltaOf = (drive: string) => `/drives/${enc(drive)}/root/delta`;

  /** The person's own drive's id, asked once and kept in the cursor. */
  async function meOf(c: DrivesCursor) {
    c.me ??= (await get<{ id: string }>('/me/drive', { $select: 'id' })).id;
    return c.me;
  }
  async function followed(c: DrivesCursor, scope: DeltaScope | undefined) {
    const wanted = scope?.driveIds.length ? scope.driveIds : [opts.defaultDrive];
    const ids = new Set<string>();
    for (const id of wanted) ids.add(id || (await meOf(c)));
    return [...ids].sort();
  }
  async function latest(drive: string) {
    const page = await get<Collection<DriveItem>>(deltaOf(drive), { token: 'latest' });
    const link = page['@odata.deltaLink'];
    if (!link) throw new ProviderHttpError(502, 'the provider gave no delta link');
    apiPathOf(call.apiBase, link);
    return deltaTokenOf(link);
  }
  /** Each drive followed from now; a drive Graph refuses (or refused before, unless asked again) is left out. */
  async function startDrives(c: DrivesCursor, drives: string[], scope: DeltaScope | undefined) {
    if (scope?.retryRefused) delete c.refused;
    const out: Record<string, string> = {};
    for (const drive of drives) {
      const kept = c.drives[drive];
      if (kept) out[drive] = kept;
      else if (!c.refused?.includes(drive))
        try {
          out[drive] = await latest(drive);
        } catch (err) {
          if (!refused(err)) throw err;
          remember(c, drive);
        }
    }
    // A drive no longer picked is forgotten, refused or not.
    if (c.refused) c.refused = c.refused.filter((d) => drives.includes(d));
    if (!c.refused?.length) delete c.refused;
    return out;
  }
  async function parse(cursor: string): Promise<DrivesCursor> {
    if (cursor.startsWith('{')) return JSON.parse(cursor) as DrivesCursor;
    const c: DrivesCursor = { drives: {}, queue: [] };
    const drive = opts.defaultDrive || (await meOf(c));
    return { ...c, drives: { [drive]: cursor }, queue: [drive] };
  }

  return {
    async startCursor(scope?: DeltaScope) {
      const c: DrivesCursor = { drives: {}, queue: [] };
      c.drives = await startDrives(c, await followed(c, scope), scope);
      return JSON.stringify(c);
    },

    async deltaPage(cursor: string, scope?: DeltaScope): Promise<DeltaPage> {
      const c = await parse(cursor);
      if (!c.queue.length) {
        c.drives = await startDrives(c, await followed(c, scope), scope);
        c.queue = Object.keys(c.drives).sort();
        if (!c.queue.length) return { changes: [], cursor: JSON.stringify(c), more: false };
      }
      const drive = c.queue[0];
      const at = c.drives[drive] ?? '';
      const done = (changes: Change[], more: Partial<DeltaPage> = {}): DeltaPage => ({
        changes,
        cursor: JSON.stringify(c),
        more: c.queue.length > 0,
        ...more,
      });
      let page: Collection<DriveItem>;
      try {
        // Within a round the drive's place is its next page's path; otherwise its delta token.
        page = at.startsWith('/') ? await get(at) : await get(deltaOf(drive), { token: at, $top: opts.pageSize });
      } catch (err) {
        if (err instanceof ProviderHttpError && err.status === 410) {
          c.drives[drive] = await latest(drive);
          c.queue.shift();
          return done([], { relistDrives: [drive] });
        }
        if (!refused(err)) throw err;
        delete c.drives[drive];
        remember(c, drive);
        c.queue.shift();
        return done([]);
      }
      if (!Array.isArray(page?.value)) throw new ProviderHttpError(502, 'the delta has no value');
      const changes = await Promise.all(page.value.filter((i) => !i.root).map(opts.toChange));
      const nextLink = page['@odata.nextLink'];
      if (nextLink) c.drives[drive] = apiPathOf(call.apiBase, nextLink);
      else {
        const deltaLink = page['@odata.deltaLink'];
        if (!deltaLink) throw new ProviderHttpError(502, 'the provider ended a delta without a delta link');
        apiPathOf(call.apiBase, deltaLink);
        c.drives[drive] = deltaTokenOf(deltaLink);
        c.queue.shift();
      }
      return done(changes);
    },
  };
}
