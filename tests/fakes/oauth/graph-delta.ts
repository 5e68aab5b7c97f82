// A Microsoft Graph delta collection as the Outlook and Teams fakes serve it (and its plain listing): a first round of
// everything live, then what changed since a delta token (removals as `@removed`), paged by
// absolute @odata.nextLink (`$skiptoken`), ended by an @odata.deltaLink (`$deltatoken`), page size
// from `Prefer: odata.maxpagesize`, 410 Gone for a token below `expiredBelow`, and links to another origin with `foreignLinks`. Test-only.
import type { IncomingMessage, ServerResponse } from 'node:http';

export function graphDeltaCollection<T extends { id: string }>(show: (v: T) => unknown) {
  const items = new Map<string, { value: T | null; seq: number }>();
  const state = { seq: 0, expiredBelow: 0, foreignLinks: false };
  const collection = {
    state,
    put(v: T) {
      items.set(v.id, { value: v, seq: ++state.seq });
    },
    remove(id: string) {
      items.set(id, { value: null, seq: ++state.seq });
    },
    get: (id: string) => items.get(id)?.value ?? null,
    live: () => [...items.values()].flatMap((i) => (i.value ? [i.value] : [])),
    /** Answers one delta call at `path` (under /v1.0). */
    answer(req: IncomingMessage, res: ServerResponse, path: string, url: URL) {
      const q = url.searchParams;
      const skip = q.get('$skiptoken');
      const token = q.get('$deltatoken');
      // A first round filtered by `lastModifiedDateTime gt` (Teams' start of changes) is read as "from now".
      const [offset, since] = skip ? skip.split(':').map(Number) : [0, token !== null ? Number(token) : q.has('$filter') ? state.seq : -1];
      const json = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
        return true;
      };
      if (since >= 0 && since < state.expiredBelow) return json(410, { error: { code: 'SyncStateNotFound', message: 'The sync state is gone.' } });
      const all = [...items.entries()]
        .filter(([, i]) => (since < 0 ? i.value !== null : i.seq > since))
        .sort((a, b) => a[1].seq - b[1].seq)
        .map(([id, i]) => (i.value ? show(i.value) : { id, '@removed': { reason: 'deleted' } }));
      const size = Number(/odata\.maxpagesize=(\d+)/.exec(String(req.headers.prefer ?? ''))?.[1] ?? 10);
      const base = `${state.foreignLinks ? 'https://evil.example' : `http://${req.headers.host}`}/v1.0${path}`;
      const page = all.slice(offset, offset + size);
      const links =
        offset + size < all.length
          ? { '@odata.nextLink': `${base}?$skiptoken=${offset + size}:${since}` }
          : { '@odata.deltaLink': `${base}?$deltatoken=${state.seq}` };
      return json(200, { value: page, ...links });
    },
    /** Answers a plain listing at `path` (everything live, paged by `$top` and an absolute next link). */
    list(req: IncomingMessage, res: ServerResponse, path: string, url: URL) {
      const offset = Number(url.searchParams.get('$skiptoken') ?? 0);
      const size = Number(url.searchParams.get('$top') ?? 20);
      const all = collection.live().map(show);
      const more = offset + size < all.length;
      const base = `${state.foreignLinks ? 'https://evil.example' : `http://${req.headers.host}`}/v1.0${path}`;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({ value: all.slice(offset, offset + size), ...(more ? { '@odata.nextLink': `${base}?$top=${size}&$skiptoken=${offset + size}` } : {}) }),
      );
      return true;
    },
  };
  return collection;
}
