// One Microsoft Graph delta query as an app source (Outlook's mail folders and calendar view,
// a Teams channel's messages): the walk is a first delta round read page by page
// (@odata.nextLink), the cursor is the round's @odata.deltaLink (as a path under the configured
// API address: a link elsewhere is refused), a change marked `@removed` is a removal, and a delta
// link Graph no longer honours (410 Gone) is CursorExpired. Graph gives a delta link only at a
// round's end, so the start cursor reads one round for its link (the query's $select is kept in
// the link, so it cannot be a cheaper one).
import type { z } from 'zod';
import { apiPathOf, type ProviderCallDeps, ProviderHttpError, providerJson } from '../provider-call.js';
import type { AppChange, AppDocument, AppSourceAdapter } from './app-types.js';
import { shapeOf } from './provider-shape.js';
import { CursorExpired } from './types.js';

const MAX_ROUND_PAGES = 10_000;

export type GraphDeltaSource<V> = {
  /** Names the provider in errors ('Outlook'). */
  provider: string;
  what: string;
  /** The first call of a round: a path under the API base, its query and headers. */
  first: () => { path: string; query?: Record<string, string | number>; headers?: Record<string, string> };
  /** One page: `value` and the links. */
  page: z.ZodType<Page<V>>;
  /** A value's id and removal, and its document (null: left out, a cancelled event say). */
  idOf: (v: V) => string;
  removed: (v: V) => boolean;
  document: (v: V) => AppDocument | null;
  /** Sent with every page (Prefer headers: page size, text bodies). */
  headers?: Record<string, string>;
};

type Page<V> = { value: V[]; '@odata.nextLink'?: string; '@odata.deltaLink'?: string };

export function graphDeltaAdapter<V>(call: ProviderCallDeps, src: GraphDeltaSource<V>): AppSourceAdapter {
  async function read(cursor: string | null): Promise<Page<V>> {
    const first = src.first();
    try {
      const body = cursor
        ? await providerJson(call, cursor, { headers: { ...src.headers, ...first.headers } })
        : await providerJson(call, first.path, { query: first.query, headers: { ...src.headers, ...first.headers } });
      return shapeOf(src.page, body, src.provider, src.what);
    } catch (err) {
      if (err instanceof ProviderHttpError && err.status === 410) throw new CursorExpired(src.provider.toLowerCase());
      throw err;
    }
  }
  const next = (p: Page<V>) => (p['@odata.nextLink'] ? apiPathOf(call.apiBase, p['@odata.nextLink']) : null);
  const deltaOf = (p: Page<V>) => {
    const link = p['@odata.deltaLink'];
    if (!link) throw new ProviderHttpError(502, `${src.provider} ended a delta without a delta link`);
    return apiPathOf(call.apiBase, link);
  };
  return {
    async listPage(checkpoint) {
      const page = await read(checkpoint);
      const documents = page.value.filter((v) => !src.removed(v)).flatMap((v) => src.document(v) ?? []);
      return { documents, checkpoint: next(page) };
    },
    async startCursor() {
      let at: string | null = null;
      for (let pages = 0; pages < MAX_ROUND_PAGES; pages++) {
        const page = await read(at);
        at = next(page);
        if (!at) return deltaOf(page);
      }
      throw new ProviderHttpError(502, `${src.provider} did not end a delta round`);
    },
    async deltaPage(cursor) {
      const page = await read(cursor);
      const changes: AppChange[] = page.value.map((v) => {
        const document = src.removed(v) ? null : src.document(v);
        return { remoteId: src.idOf(v), removed: document === null, document };
      });
      const more = next(page);
      return more ? { changes, cursor: more, more: true } : { changes, cursor: deltaOf(page), more: false };
    },
  };
}
