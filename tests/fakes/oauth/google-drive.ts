// Drive API v3's slice the Google Drive adapter uses, on the Google OAuth fake (provider.ts):
// files.list by parent with pages, files.get (metadata, alt=media), files.export, and changes
// (startPageToken, list with removals), over an in-memory tree with shared drives and permissions.
// `rateLimitNext` answers the next N calls with 429 and Retry-After, as Google does under load;
// `malformedListNext` answers the next N listings with a body cut short.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FakeApi } from './provider.js';

export type FakeDriveFile = {
  id: string;
  name: string;
  mimeType: string;
  parents: string[];
  content?: string;
  driveId?: string;
  trashed?: boolean;
  modifiedTime: string;
  permissions?: { type: 'user' | 'group' | 'domain' | 'anyone'; emailAddress?: string; domain?: string; role: string }[];
};

export const FOLDER = 'application/vnd.google-apps.folder';

export function createFakeDrive() {
  const files = new Map<string, FakeDriveFile>();
  const changes: { fileId: string }[] = [];
  let clock = Date.parse('2026-11-01T00:00:00Z');
  const state = {
    rateLimitNext: 0,
    retryAfterSeconds: 1,
    /** The next N listing calls (files.list) answer with a body that is not JSON. */
    malformedListNext: 0,
    /** The listing call with this number (1 the first; 0 none) is held unanswered until `release()`: a crash test kills the server meanwhile. */
    holdListCall: 0,
    /** Each files.list by parent, in order: the folder and whether it was a slim listing (ids only). */
    listings: [] as { parent: string; slim: boolean }[],
    /** Every Drive call answered (429s and malformed answers included), and by kind. */
    total: 0,
    calls: { list: 0, get: 0, media: 0, changes: 0 },
    /** Each file's downloads (alt=media and exports), by id. */
    downloads: {} as Record<string, number>,
  };

  const touch = () => new Date((clock += 1000)).toISOString();
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const drive = {
    state,
    /** Answers the held listing call (if any) and every later one. */
    release: () => release(),
    files,
    /** The shared drives the person is in (files.list finds their files by parent as any other). */
    sharedDrives: [] as { id: string; name: string }[],
    put(f: Omit<FakeDriveFile, 'modifiedTime'>) {
      files.set(f.id, { ...f, modifiedTime: touch() });
      changes.push({ fileId: f.id });
    },
    edit(id: string, change: Partial<FakeDriveFile>) {
      const f = files.get(id);
      if (!f) throw new Error(`no fake file ${id}`);
      files.set(id, { ...f, ...change, modifiedTime: touch() });
      changes.push({ fileId: id });
    },
    /** Sharing changed alone: a change, the file's modifiedTime unchanged (as Drive keeps it). */
    share(id: string, permissions: FakeDriveFile['permissions']) {
      const f = files.get(id);
      if (!f) throw new Error(`no fake file ${id}`);
      files.set(id, { ...f, permissions });
      changes.push({ fileId: id });
    },
    remove(id: string) {
      files.delete(id);
      changes.push({ fileId: id });
    },
  };

  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
    return true;
  };
  const view = (f: FakeDriveFile) => ({
    id: f.id,
    name: f.name,
    mimeType: f.mimeType,
    modifiedTime: f.modifiedTime,
    parents: f.parents,
    size: f.content === undefined ? undefined : String(Buffer.byteLength(f.content)),
    webViewLink: `https://drive.example/file/${f.id}`,
    driveId: f.driveId,
    trashed: !!f.trashed,
    permissions: f.permissions,
  });

  const api: FakeApi = async (_req: IncomingMessage, res: ServerResponse, path: string, url: URL) => {
    if (!path.startsWith('/drive/v3/')) return false;
    state.total++;
    if (state.rateLimitNext > 0) {
      state.rateLimitNext--;
      res.writeHead(429, { 'content-type': 'application/json', 'retry-after': String(state.retryAfterSeconds) });
      res.end(JSON.stringify({ error: { code: 429, message: 'Rate Limit Exceeded' } }));
      return true;
    }
    const q = url.searchParams;
    const rest = path.slice('/drive/v3'.length);
    if (rest === '/files') {
      state.calls.list++;
      if (state.holdListCall && state.calls.list >= state.holdListCall) await held;
      if (state.malformedListNext > 0) {
        state.malformedListNext--;
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{"files": [{"id": "x", "name":');
        return true;
      }
      const query = q.get('q') ?? '';
      const unquote = (v: string | undefined) => v?.replace(/\\'/g, "'").replace(/\\\\/g, '\\');
      // 'root' is My Drive's own id, as in Drive.
      const parent = unquote(/^'(.+)' in parents and trashed = false$/.exec(query)?.[1])?.replace(/^root$/, 'my-drive');
      if (parent) state.listings.push({ parent, slim: !(q.get('fields') ?? '').includes('name') });
      const named = unquote(/^name contains '(.+)' and trashed = false$/.exec(query)?.[1])?.toLowerCase();
      const all = [...files.values()]
        .filter((f) => !f.trashed && (!parent || f.parents.includes(parent)) && (!named || f.name.toLowerCase().includes(named)))
        .sort((a, b) => a.id.localeCompare(b.id));
      const size = Number(q.get('pageSize') ?? 100);
      const from = Number(q.get('pageToken') ?? 0);
      const page = all.slice(from, from + size);
      return json(res, 200, { files: page.map(view), nextPageToken: from + size < all.length ? String(from + size) : undefined });
    }
    if (rest === '/drives') return json(res, 200, { drives: drive.sharedDrives });
    if (rest === '/changes/startPageToken') return json(res, 200, { startPageToken: String(changes.length) });
    if (rest === '/changes') {
      state.calls.changes++;
      const from = Number(q.get('pageToken') ?? 0);
      const size = Number(q.get('pageSize') ?? 100);
      const page = changes.slice(from, from + size).map((c) => {
        const f = files.get(c.fileId);
        return f ? { fileId: c.fileId, removed: false, file: view(f) } : { fileId: c.fileId, removed: true };
      });
      const next = from + size < changes.length ? String(from + size) : undefined;
      return json(res, 200, { changes: page, nextPageToken: next, newStartPageToken: next ? undefined : String(changes.length) });
    }
    const m = /^\/files\/([^/]+)(\/export)?$/.exec(rest);
    if (m) {
      const f = files.get(decodeURIComponent(m[1]));
      if (!f || f.trashed) return json(res, 404, { error: { code: 404, message: 'File not found' } });
      if (m[2] || q.get('alt') === 'media') {
        state.calls.media++;
        state.downloads[f.id] = (state.downloads[f.id] ?? 0) + 1;
        res.writeHead(200, { 'content-type': m[2] ? (q.get('mimeType') ?? 'text/plain') : f.mimeType });
        res.end(f.content ?? '');
        return true;
      }
      state.calls.get++;
      return json(res, 200, view(f));
    }
    return false;
  };
  return { ...drive, api };
}
