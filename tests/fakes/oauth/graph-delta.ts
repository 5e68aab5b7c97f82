// A Microsoft Graph delta collection as the Outlook and Teams fakes serve it: a first round of
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
      const [offset, since] = skip ? skip.split(':').map(Number) : [0, token === null ? -1 : Number(token)];
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
  };
  return collection;
}
