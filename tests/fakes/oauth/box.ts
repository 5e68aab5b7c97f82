// Box API 2.0's slice the Box adapter uses, on the Box OAuth fake (provider.ts): a folder's items
// with marker paging, files and folders by id, a folder's collaborations, /content (a 302 to a
// signed download address on this same origin, as Box sends to dl.boxcloud.com), and the events
// stream (stream_position=now, then positions) with the events Box emits for uploads, edits,
// renames, trashing, shared links and collaborations. `rateLimitNext` answers 429 with Retry-After.
// Test-only, in memory.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FakeApi } from './provider.js';

export type FakeBoxItem = {
  id: string;
  type: 'file' | 'folder';
  name: string;
  parent: string | null;
  owner: string;
  content?: string;
  sharedLink?: 'open' | 'company' | 'collaborators';
  /** Accepted collaborators' logins (of a folder, or a file's own). */
  collaborators?: string[];
  trashed?: boolean;
  modifiedAt: string;
};

export function createFakeBox() {
  const items = new Map<string, FakeBoxItem>();
  const events: { event_id: string; event_type: string; source: Record<string, string> }[] = [];
  let clock = Date.parse('2026-11-01T00:00:00Z');
  const state = { rateLimitNext: 0, retryAfterSeconds: 1, downloadRedirect: null as string | null, downloads: [] as string[], fileCollaborationCalls: 0 };
  const touch = () => new Date((clock += 1000)).toISOString();
  const emit = (event_type: string, i: FakeBoxItem) => events.push({ event_id: `e${events.length}`, event_type, source: { type: i.type, id: i.id } });

  const box = {
    state,
    items,
    put(i: Omit<FakeBoxItem, 'modifiedAt'>) {
      const item = { ...i, modifiedAt: touch() };
      items.set(i.id, item);
      emit('ITEM_UPLOAD', item);
    },
    edit(id: string, change: Partial<FakeBoxItem>, event = change.name ? 'ITEM_RENAME' : 'ITEM_MODIFY') {
      const i = items.get(id);
      if (!i) throw new Error(`no fake item ${id}`);
      const item = { ...i, ...change, modifiedAt: touch() };
      items.set(id, item);
      emit(event, item);
      // Box repeats events now and then; the adapter must not double what it reports.
      if (event === 'ITEM_MODIFY') emit(event, item);
    },
    /** A folder's collaborators change: the user events stream names the folder as an event source resource. */
    collaborate(id: string, collaborators: string[]) {
      const i = items.get(id);
      if (!i) throw new Error(`no fake item ${id}`);
      items.set(id, { ...i, collaborators });
      events.push({ event_id: `e${events.length}`, event_type: 'COLLAB_REMOVE_COLLABORATOR', source: { item_type: i.type, item_id: i.id, item_name: i.name } });
    },
    trash(id: string) {
      box.edit(id, { trashed: true }, 'ITEM_TRASH');
    },
  };

  const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
    return true;
  };
  const view = (i: FakeBoxItem) => ({
    type: i.type,
    id: i.id,
    name: i.name,
    modified_at: i.modifiedAt,
    item_status: i.trashed ? 'trashed' : 'active',
    parent: i.parent ? { type: 'folder', id: i.parent } : null,
    owned_by: { type: 'user', id: `u-${i.owner}`, login: i.owner },
    shared_link: i.sharedLink ? { access: i.sharedLink } : null,
    has_collaborations: !!i.collaborators?.length,
    ...(i.type === 'file' ? { size: Buffer.byteLength(i.content ?? '') } : {}),
  });
  const notFound = (res: ServerResponse) => json(res, 404, { type: 'error', status: 404, code: 'not_found' });

  const api: FakeApi = (_req: IncomingMessage, res: ServerResponse, path: string, url: URL) => {
    if (!/^\/(files|folders|events|search)/.test(path)) return false;
    if (state.rateLimitNext > 0) {
      state.rateLimitNext--;
      return json(res, 429, { type: 'error', status: 429, code: 'rate_limit_exceeded' }, { 'retry-after': String(state.retryAfterSeconds) });
    }
    const q = url.searchParams;
    if (path === '/events') {
      const at = q.get('stream_position') === 'now' ? events.length : Number(q.get('stream_position') ?? 0);
      const limit = Number(q.get('limit') ?? 100);
      const entries = q.get('stream_position') === 'now' ? [] : events.slice(at, at + limit);
      return json(res, 200, { chunk_size: entries.length, next_stream_position: at + entries.length, entries });
    }
    if (path === '/search') {
      const term = (q.get('query') ?? '').toLowerCase();
      const all = [...items.values()].filter((i) => !i.trashed && i.id !== '0' && i.name.toLowerCase().includes(term)).sort((a, b) => a.id.localeCompare(b.id));
      const limit = Number(q.get('limit') ?? 30);
      const offset = Number(q.get('offset') ?? 0);
      return json(res, 200, { total_count: all.length, limit, offset, entries: all.slice(offset, offset + limit).map(view) });
    }
    const m = /^\/(files|folders)\/([^/]+)(\/items|\/collaborations|\/content|\/signed)?$/.exec(path);
    const i = m && items.get(decodeURIComponent(m[2]));
    if (!m || !i || i.type !== m[1].slice(0, -1)) return notFound(res);
    if (m[3] === '/items') {
      if (q.get('usemarker') !== 'true') return json(res, 400, { code: 'bad_request' });
      const all = [...items.values()].filter((c) => c.parent === i.id && !c.trashed).sort((a, b) => a.id.localeCompare(b.id));
      const limit = Number(q.get('limit') ?? 100);
      const from = Number(q.get('marker') ?? 0);
      const more = from + limit < all.length;
      return json(res, 200, { entries: all.slice(from, from + limit).map(view), limit, next_marker: more ? String(from + limit) : null });
    }
    if (m[3] === '/collaborations') {
      if (i.type === 'file') state.fileCollaborationCalls++;
      const entries = (i.collaborators ?? []).map((login, n) => ({
        id: `c${n}`,
        type: 'collaboration',
        status: 'accepted',
        role: 'viewer',
        accessible_by: { type: 'user', id: `u-${login}`, login },
      }));
      return json(res, 200, {
        entries: [...entries, { id: 'pending', status: 'pending', accessible_by: { type: 'user', id: 'u-p', login: 'pending@example.com' } }],
      });
    }
    if (m[3] === '/content') {
      res.writeHead(302, { location: state.downloadRedirect ?? `/2.0/files/${i.id}/signed` });
      res.end();
      return true;
    }
    if (m[3] === '/signed') {
      state.downloads.push(i.id);
      res.writeHead(200, { 'content-type': 'application/octet-stream' });
      res.end(i.content ?? '');
      return true;
    }
    return json(res, 200, view(i));
  };
  return { ...box, api };
}
