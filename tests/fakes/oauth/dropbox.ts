// Dropbox API v2's slice the Dropbox adapter uses, on the Dropbox OAuth fake (provider.ts):
// files/list_folder (recursive or not) and /continue with opaque cursors, /get_latest_cursor,
// deleted entries (a path, no id), files/get_metadata (by id or path), sharing/list_file_members, and
// files/download with its Dropbox-API-Arg header (the content host is this same server in tests).
// State: `rateLimitNext` answers 429 with Retry-After; cursors made before `resetBefore` changes
// answer 409 `reset`, as Dropbox does when a cursor is no longer valid. Test-only, in memory.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readBody } from '../listen.js';
import type { FakeApi } from './provider.js';

/** `members`: a file's own members; `sharedFolder`: the shared folder a file sits in (`sharedFolders` names its members). */
export type FakeDropboxEntry = {
  id: string;
  path: string;
  folder?: boolean;
  content?: string;
  members?: string[];
  sharedFolder?: string;
  /** server_modified; an edit moves it on. */
  modified?: string;
};
/** A cursor keeps its listing's arguments, as Dropbox's do (continue takes no limit). */
type Cursor = { path: string; recursive: boolean; offset: number; seq: number; listing: boolean; limit: number };

export function createFakeDropbox() {
  const entries = new Map<string, FakeDropboxEntry>();
  let clock = Date.parse('2026-11-01T00:00:00Z');
  /** Every change in order: the entry's id, and its lower-cased path when it was removed. */
  const changes: { id: string; removedPath?: string; removedName?: string }[] = [];
  const state = {
    rateLimitNext: 0,
    retryAfterSeconds: 1,
    resetBefore: 0,
    downloads: [] as string[],
    memberCalls: 0,
    folderMemberCalls: 0,
    sharedFolders: new Map<string, string[]>(),
  };

  const box = {
    state,
    entries,
    put(e: FakeDropboxEntry) {
      entries.set(e.id, e);
      changes.push({ id: e.id });
    },
    edit(id: string, change: Partial<FakeDropboxEntry>) {
      const e = entries.get(id);
      if (!e) throw new Error(`no fake entry ${id}`);
      entries.set(id, { ...e, ...change, modified: new Date((clock += 1000)).toISOString() });
      changes.push({ id });
    },
    /** Removes an entry, a folder with all it holds; the delta names only the removed entry's path, as Dropbox may. */
    remove(id: string) {
      const e = entries.get(id);
      if (!e) throw new Error(`no fake entry ${id}`);
      const under = `${e.path.toLowerCase()}/`;
      for (const [other, x] of entries) if (other === id || x.path.toLowerCase().startsWith(under)) entries.delete(other);
      changes.push({ id, removedPath: e.path.toLowerCase(), removedName: e.path.split('/').pop() });
    },
  };

  const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
    return true;
  };
  const metadata = (e: FakeDropboxEntry) => ({
    '.tag': e.folder ? 'folder' : 'file',
    id: e.id,
    name: e.path.split('/').pop(),
    path_lower: e.path.toLowerCase(),
    path_display: e.path,
    ...(e.folder
      ? {}
      : {
          size: Buffer.byteLength(e.content ?? ''),
          server_modified: e.modified ?? '2026-11-01T00:00:00Z',
          has_explicit_shared_members: !!e.members?.length,
          ...(e.sharedFolder ? { sharing_info: { read_only: false, parent_shared_folder_id: e.sharedFolder } } : {}),
        }),
  });
  const pathOf = (p: string) => (p.startsWith('id:') ? (entries.get(p)?.path.toLowerCase() ?? null) : p.toLowerCase());
  const inside = (path: string, under: string, recursive: boolean) => {
    if (under === '') return recursive || path.lastIndexOf('/') === 0;
    if (path === under) return recursive;
    return path.startsWith(`${under}/`) && (recursive || path.lastIndexOf('/') === under.length);
  };
  const encode = (c: Cursor) => Buffer.from(JSON.stringify(c)).toString('base64url');
  const decode = (s: string) => JSON.parse(Buffer.from(s, 'base64url').toString()) as Cursor;

  function listing(c: Cursor) {
    const limit = c.limit;
    const all = [...entries.values()].filter((e) => inside(e.path.toLowerCase(), c.path, c.recursive)).sort((a, b) => a.path.localeCompare(b.path));
    const page = all.slice(c.offset, c.offset + limit);
    const more = c.offset + limit < all.length;
    const cursor = more ? { ...c, offset: c.offset + limit } : { ...c, listing: false, offset: 0 };
    return { entries: page.map(metadata), cursor: encode(cursor), has_more: more };
  }
  function sinceCursor(c: Cursor) {
    const limit = c.limit;
    const relevant = changes
      .slice(c.seq)
      .map((ch, i) => ({ ch, seq: c.seq + i + 1 }))
      .filter(({ ch }) => {
        const path = ch.removedPath ?? entries.get(ch.id)?.path.toLowerCase();
        return path !== undefined && inside(path, c.path, c.recursive);
      });
    const page = relevant.slice(0, limit);
    const seq = page.length < relevant.length ? page[page.length - 1].seq : changes.length;
    const out = page.map(({ ch }) => {
      const e = entries.get(ch.id);
      return e && !ch.removedPath ? metadata(e) : { '.tag': 'deleted', name: ch.removedName, path_lower: ch.removedPath, path_display: ch.removedPath };
    });
    return { entries: out, cursor: encode({ ...c, seq }), has_more: page.length < relevant.length };
  }

  const api: FakeApi = async (req: IncomingMessage, res: ServerResponse, path: string) => {
    if (!path.startsWith('/files/') && !path.startsWith('/sharing/')) return false;
    if (state.rateLimitNext > 0) {
      state.rateLimitNext--;
      return json(
        res,
        429,
        { error_summary: 'too_many_requests/', error: { '.tag': 'too_many_requests' } },
        { 'retry-after': String(state.retryAfterSeconds) },
      );
    }
    if (path === '/files/download') {
      const arg = JSON.parse(String(req.headers['dropbox-api-arg'] ?? '{}')) as { path?: string };
      const e = entries.get(arg.path ?? '');
      if (!e || e.folder) return json(res, 409, { error_summary: 'path/not_found/' });
      state.downloads.push(e.id);
      res.writeHead(200, { 'content-type': 'application/octet-stream', 'dropbox-api-result': JSON.stringify(metadata(e)) });
      res.end(e.content ?? '');
      return true;
    }
    const body = JSON.parse((await readBody(req)) || '{}') as Record<string, unknown>;
    const limit = Number(body.limit ?? 100);
    const notFound = () => json(res, 409, { error_summary: 'path/not_found/', error: { '.tag': 'path', path: { '.tag': 'not_found' } } });
    switch (path) {
      case '/files/list_folder':
      case '/files/list_folder/get_latest_cursor': {
        const under = body.path === '' ? '' : pathOf(String(body.path));
        if (under === null) return notFound();
        const c: Cursor = { path: under, recursive: !!body.recursive, offset: 0, seq: changes.length, listing: true, limit };
        if (path.endsWith('get_latest_cursor')) return json(res, 200, { cursor: encode({ ...c, listing: false }) });
        return json(res, 200, listing(c));
      }
      case '/files/list_folder/continue': {
        const c = decode(String(body.cursor));
        if (c.seq < state.resetBefore) return json(res, 409, { error_summary: 'reset/', error: { '.tag': 'reset' } });
        return json(res, 200, c.listing ? listing(c) : sinceCursor(c));
      }
      case '/files/search_v2': {
        const term = String(body.query ?? '').toLowerCase();
        const options = (body.options ?? {}) as { path?: string };
        const under = options.path ? pathOf(options.path) : '';
        const found = [...entries.values()]
          .filter((e) => e.path.split('/').pop()?.toLowerCase().includes(term) && inside(e.path.toLowerCase(), under ?? '', true))
          .sort((a, b) => a.path.localeCompare(b.path));
        return json(res, 200, {
          matches: found.map((e) => ({ match_type: { '.tag': 'filename' }, metadata: { '.tag': 'metadata', metadata: metadata(e) } })),
          has_more: false,
        });
      }
      case '/files/get_metadata': {
        // By id or by path, as Dropbox takes either.
        const wanted = String(body.path);
        const e = entries.get(wanted) ?? [...entries.values()].find((x) => x.path.toLowerCase() === wanted.toLowerCase());
        return e ? json(res, 200, metadata(e)) : notFound();
      }
      case '/sharing/list_folder_members': {
        state.folderMemberCalls++;
        const members = state.sharedFolders.get(String(body.shared_folder_id));
        if (!members) return json(res, 409, { error_summary: 'access_error/invalid_id/' });
        const users = members.map((email, i) => ({ access_type: { '.tag': i ? 'editor' : 'owner' }, user: { account_id: `dbid:${i}`, email } }));
        return json(res, 200, { users, groups: [], invitees: [] });
      }
      case '/sharing/list_file_members': {
        state.memberCalls++;
        const e = entries.get(String(body.file));
        if (!e) return notFound();
        const users = (e.members ?? []).map((email, i) => ({ access_type: { '.tag': i ? 'viewer' : 'owner' }, user: { account_id: `dbid:${i}`, email } }));
        return json(res, 200, { users, groups: [], invitees: [] });
      }
    }
    return false;
  };
  return { ...box, api };
}
