// Notion API's slice the Notion adapter uses, on the Notion OAuth fake (provider.ts): search with
// last_edited_time sorts and cursors, block children (nested, paged), database queries and a
// database's own record, over an in-memory workspace. Times are rounded to the minute as Notion's
// are. It refuses calls without `Notion-Version`; `rateLimitNext` answers the next N with 429
// (after the `passNext` calls it lets through first).
import type { ServerResponse } from 'node:http';
import { readBody } from '../listen.js';
import type { FakeApi } from './provider.js';

export type FakeBlock = { id: string; type: string; text: string; checked?: boolean; language?: string; children?: FakeBlock[] };
type Parent = { type: 'workspace'; workspace: true } | { type: 'page_id'; page_id: string } | { type: 'database_id'; database_id: string };
export type FakeNotionPage = {
  object: 'page';
  id: string;
  title: string;
  parent: Parent;
  blocks: FakeBlock[];
  properties?: Record<string, { type: string; [value: string]: unknown }>;
  archived?: boolean;
  last_edited_time: string;
};
export type FakeNotionDatabase = { object: 'database'; id: string; title: string; parent: Parent; archived?: boolean; last_edited_time: string };

export function createFakeNotion() {
  const records = new Map<string, FakeNotionPage | FakeNotionDatabase>();
  let clock = Date.parse('2026-11-01T00:00:00Z');
  const state = { rateLimitNext: 0, passNext: 0, retryAfterSeconds: 0, calls: { search: 0, blocks: 0, query: 0 } };
  // Notion's last_edited_time has minutes only: two edits 30 s apart may share one.
  const touch = () => new Date(Math.floor((clock += 30_000) / 60_000) * 60_000).toISOString();

  const notion = {
    state,
    records,
    page(p: Omit<FakeNotionPage, 'object' | 'last_edited_time'>) {
      records.set(p.id, { ...p, object: 'page', last_edited_time: touch() });
    },
    database(d: Omit<FakeNotionDatabase, 'object' | 'last_edited_time'>) {
      records.set(d.id, { ...d, object: 'database', last_edited_time: touch() });
    },
    edit(id: string, change: Partial<FakeNotionPage>) {
      const r = records.get(id);
      if (!r) throw new Error(`no fake notion record ${id}`);
      records.set(id, { ...r, ...change, last_edited_time: touch() } as FakeNotionPage);
    },
  };

  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
    return true;
  };
  const list = <T>(all: T[], cursor: unknown, size: unknown) => {
    const from = Number(cursor ?? 0);
    const n = Math.min(100, Number(size ?? 100));
    const more = from + n < all.length;
    return { object: 'list', results: all.slice(from, from + n), next_cursor: more ? String(from + n) : null, has_more: more };
  };
  const rich = (text: string) => [{ type: 'text', plain_text: text, text: { content: text } }];
  const view = (r: FakeNotionPage | FakeNotionDatabase) =>
    r.object === 'database'
      ? {
          object: 'database',
          id: r.id,
          url: `https://www.notion.so/${r.id}`,
          title: rich(r.title),
          parent: r.parent,
          archived: !!r.archived,
          last_edited_time: r.last_edited_time,
        }
      : {
          object: 'page',
          id: r.id,
          url: `https://www.notion.so/${r.id}`,
          parent: r.parent,
          archived: !!r.archived,
          last_edited_time: r.last_edited_time,
          properties: { Name: { id: 'title', type: 'title', title: rich(r.title) }, ...r.properties },
        };
  const blockView = (b: FakeBlock) => ({
    object: 'block',
    id: b.id,
    type: b.type,
    has_children: !!b.children?.length,
    [b.type]: { rich_text: rich(b.text), checked: b.checked, language: b.language },
  });
  function childrenOf(id: string): FakeBlock[] | null {
    const r = records.get(id);
    if (r?.object === 'page') return r.blocks;
    const find = (blocks: FakeBlock[]): FakeBlock | null => {
      for (const b of blocks) {
        if (b.id === id) return b;
        const inner = find(b.children ?? []);
        if (inner) return inner;
      }
      return null;
    };
    for (const p of records.values())
      if (p.object === 'page') {
        const b = find(p.blocks);
        if (b) return b.children ?? [];
      }
    return null;
  }

  const api: FakeApi = async (req, res, path, url) => {
    if (req.headers['notion-version'] !== '2022-06-28') return json(res, 400, { object: 'error', status: 400, code: 'missing_version' });
    if (state.passNext > 0) state.passNext--;
    else if (state.rateLimitNext > 0) {
      state.rateLimitNext--;
      res.writeHead(429, { 'content-type': 'application/json', 'retry-after': String(state.retryAfterSeconds) });
      res.end(JSON.stringify({ object: 'error', status: 429, code: 'rate_limited' }));
      return true;
    }
    const body = req.method === 'POST' ? (JSON.parse((await readBody(req)) || '{}') as Record<string, unknown>) : {};
    if (req.method === 'POST' && path === '/search') {
      state.calls.search++;
      const sort = body.sort as { direction: string } | undefined;
      const sign = sort?.direction === 'descending' ? -1 : 1;
      const all = [...records.values()].sort((a, b) => sign * (a.last_edited_time.localeCompare(b.last_edited_time) || a.id.localeCompare(b.id)));
      return json(res, 200, list(all.map(view), body.start_cursor, body.page_size));
    }
    const children = /^\/blocks\/([^/]+)\/children$/.exec(path);
    if (req.method === 'GET' && children) {
      state.calls.blocks++;
      const blocks = childrenOf(decodeURIComponent(children[1]));
      if (!blocks) return json(res, 404, { object: 'error', status: 404, code: 'object_not_found' });
      return json(res, 200, list(blocks.map(blockView), url.searchParams.get('start_cursor'), url.searchParams.get('page_size')));
    }
    const query = /^\/databases\/([^/]+)\/query$/.exec(path);
    if (req.method === 'POST' && query) {
      state.calls.query++;
      const id = decodeURIComponent(query[1]);
      const rows = [...records.values()].filter((r) => r.object === 'page' && !r.archived && r.parent.type === 'database_id' && r.parent.database_id === id);
      return json(res, 200, list(rows.sort((a, b) => a.id.localeCompare(b.id)).map(view), body.start_cursor, body.page_size));
    }
    const database = /^\/databases\/([^/]+)$/.exec(path);
    if (req.method === 'GET' && database) {
      const r = records.get(decodeURIComponent(database[1]));
      return r?.object === 'database' ? json(res, 200, view(r)) : json(res, 404, { object: 'error', status: 404, code: 'object_not_found' });
    }
    return false;
  };
  return { ...notion, api };
}
