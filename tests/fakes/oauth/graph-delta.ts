// A Microsoft Graph delta collection as the Outlook and Teams fakes serve it (and its plain listing): a first round of
// everything live, then what changed since a delta token (removals as `@removed`), paged by
// absolute @odata.nextLink (`$skiptoken`), ended by an @odata.deltaLink (`$deltatoken`), page size
// from `Prefer: odata.maxpagesize`, 410 Gone for a token below `expiredBelow`, and links to another origin with `foreignLinks`.
// The first request's options live on in its tokens, as Graph encodes them: a first round filtered by
// `lastModifiedDateTime gt X` lists what was modified after X, and its rounds report an item whose
// chain was touched (`touch`: Teams' reply chain, a reply posted under a channel message); `$expand`
// adds what `expand` gives for each item. Test-only.
import type { IncomingMessage, ServerResponse } from 'node:http';

type Options = { expand?: (id: string) => unknown; onChange?: () => void };

export function graphDeltaCollection<T extends { id: string }>(show: (v: T) => unknown, options: Options = {}) {
  const items = new Map<string, { value: T | null; seq: number; chainSeq: number }>();
  const state = { seq: 0, expiredBelow: 0, foreignLinks: false };
  const modifiedOf = (v: T) => String((show(v) as { lastModifiedDateTime?: unknown }).lastModifiedDateTime ?? '');
  const shown = (id: string, v: T, expand: boolean) => {
    const s = show(v) as Record<string, unknown>;
    return expand && options.expand ? { ...s, replies: options.expand(id) } : s;
  };
  const collection = {
    state,
    put(v: T) {
      items.set(v.id, { value: v, seq: ++state.seq, chainSeq: 0 });
      options.onChange?.();
    },
    remove(id: string) {
      items.set(id, { value: null, seq: ++state.seq, chainSeq: 0 });
      options.onChange?.();
    },
    /** Something under the item changed (the item itself did not): rounds that follow chains report it. */
    touch(id: string) {
      const i = items.get(id);
      if (i?.value) i.chainSeq = ++state.seq;
    },
    get: (id: string) => items.get(id)?.value ?? null,
    live: () => [...items.values()].flatMap((i) => (i.value ? [i.value] : [])),
    /** Answers one delta call at `path` (under /v1.0). */
    answer(req: IncomingMessage, res: ServerResponse, path: string, url: URL) {
      const q = url.searchParams;
      const skip = q.get('$skiptoken');
      const token = q.get('$deltatoken');
      // The options of the round: the first request's, then carried in its tokens (c: chains, e: expand).
      const filter = /^lastModifiedDateTime gt (\S+)$/.exec(q.get('$filter') ?? '')?.[1] ?? null;
      const flags = skip?.split(':')[2] ?? token?.split(':')[1] ?? `${filter ? 'c' : ''}${q.get('$expand') === 'replies' ? 'e' : ''}`;
      const [offset, since] = skip ? skip.split(':').map(Number) : [0, token !== null ? Number(token.split(':')[0]) : -1];
      const json = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
        return true;
      };
      if (since >= 0 && since < state.expiredBelow) return json(410, { error: { code: 'SyncStateNotFound', message: 'The sync state is gone.' } });
      const changed = (i: { seq: number; chainSeq: number }) => i.seq > since || (flags.includes('c') && i.chainSeq > since);
      const all = [...items.entries()]
        .filter(([, i]) => (since < 0 ? i.value !== null && (!filter || modifiedOf(i.value) > filter) : changed(i)))
        .sort((a, b) => Math.max(a[1].seq, a[1].chainSeq) - Math.max(b[1].seq, b[1].chainSeq))
        .map(([id, i]) => (i.value ? shown(id, i.value, flags.includes('e')) : { id, '@removed': { reason: 'deleted' } }));
      const size = Number(/odata\.maxpagesize=(\d+)/.exec(String(req.headers.prefer ?? ''))?.[1] ?? 10);
      const base = `${state.foreignLinks ? 'https://evil.example' : `http://${req.headers.host}`}/v1.0${path}`;
      const page = all.slice(offset, offset + size);
      const links =
        offset + size < all.length
          ? {
              '@odata.nextLink': `${base}?$skiptoken=${offset + size}:${since}:${flags}${filter ? `&$filter=${encodeURIComponent(`lastModifiedDateTime gt ${filter}`)}` : ''}`,
            }
          : { '@odata.deltaLink': `${base}?$deltatoken=${state.seq}:${flags}` };
      return json(200, { value: page, ...links });
    },
    /** Answers a plain listing at `path` (everything live, paged by `$top` and an absolute next link; `$expand=replies` as the delta's). */
    list(req: IncomingMessage, res: ServerResponse, path: string, url: URL) {
      const offset = Number(url.searchParams.get('$skiptoken') ?? 0);
      const size = Number(url.searchParams.get('$top') ?? 20);
      const expand = url.searchParams.get('$expand') === 'replies';
      const all = [...items.entries()].flatMap(([id, i]) => (i.value ? [shown(id, i.value, expand)] : []));
      const more = offset + size < all.length;
      const base = `${state.foreignLinks ? 'https://evil.example' : `http://${req.headers.host}`}/v1.0${path}`;
      const carried = expand ? '&$expand=replies' : '';
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          value: all.slice(offset, offset + size),
          ...(more ? { '@odata.nextLink': `${base}?$top=${size}${carried}&$skiptoken=${offset + size}` } : {}),
        }),
      );
      return true;
    },
  };
  return collection;
}
