// Notion (API version 2022-06-28): `POST /search` sorted by last_edited_time walks every page and
// database the integration was given (ascending, so a page edited during the walk comes again
// rather than never), a database's rows come from `POST /databases/{id}/query` (so search skips
// rows), and a page's text from `GET /blocks/{id}/children`, nested to a bounded depth. The
// delta is search descending down to the cursor's time. Notion rounds last_edited_time to the
// minute, so the minute at the cursor is read again: a page edited twice in one minute is not
// missed, at the cost of a few documents synced twice. Notion says nothing of who may read a
// page through the API, so documents have no readers (the connection's owner alone).
import { capText } from './app-text.js';
import type { AppChange, AppDocument, AppSourceAdapter } from './app-types.js';
import { blockLine, plain, propertyLines, titleOf } from './notion-text.js';
import type { NotionBlock, NotionDatabase, NotionList, NotionPage } from './notion-types.js';
import { type ProviderCallDeps, providerJson } from '../provider-call.js';

const NOTION_VERSION = '2022-06-28';
const PAGE_SIZE = 50;
/** How deep nested blocks are read (toggles in toggles...), and how many blocks of one page at most. */
const MAX_DEPTH = 3;
const MAX_BLOCKS = 2000;

/** The walk's place: search's next page, then each database found, its rows page by page. */
type Walk = { search: string | null; searchDone: boolean; databases: { id: string; title: string }[]; rows: string | null };
/** The delta: documents edited at or after `since`; `next` and `newest` while a delta is paged. */
type Cursor = { since: string; next: string | null; newest: string | null };

type Searched = NotionPage | NotionDatabase;
const gone = (r: { archived?: boolean; in_trash?: boolean }) => !!(r.archived || r.in_trash);
const later = (a: string, b: string) => (Date.parse(a) >= Date.parse(b) ? a : b);

export function notionAdapter(call: ProviderCallDeps, opts: { pageSize?: number; maxBlocks?: number } = {}): AppSourceAdapter {
  const pageSize = opts.pageSize ?? PAGE_SIZE;
  const maxBlocks = opts.maxBlocks ?? MAX_BLOCKS;
  const headers = { 'notion-version': NOTION_VERSION };
  const post = <T>(path: string, body: unknown) => providerJson<T>(call, path, { method: 'POST', body, headers });
  const get = <T>(path: string, query: Record<string, string | number | undefined> = {}) => providerJson<T>(call, path, { query, headers });
  const search = (direction: 'ascending' | 'descending', cursor: string | null, size = pageSize) =>
    post<NotionList<Searched>>('/search', { sort: { direction, timestamp: 'last_edited_time' }, page_size: size, start_cursor: cursor ?? undefined });
  const databaseTitles = new Map<string, string>();

  /** The page's blocks as markdown lines, depth-first, nested blocks indented. */
  async function blocksText(pageId: string): Promise<string[]> {
    const lines: string[] = [];
    let read = 0;
    const walk = async (blockId: string, depth: number) => {
      let cursor: string | null = null;
      do {
        const page: NotionList<NotionBlock> = await get(`/blocks/${encodeURIComponent(blockId)}/children`, {
          page_size: 100,
          start_cursor: cursor ?? undefined,
        });
        for (const b of page.results) {
          if (++read > maxBlocks) return;
          const line = blockLine(b, depth);
          if (line !== null) lines.push(line);
          if (b.has_children && depth + 1 < MAX_DEPTH && b.type !== 'child_page' && b.type !== 'child_database') await walk(b.id, depth + 1);
        }
        cursor = page.has_more ? page.next_cursor : null;
      } while (cursor && read <= maxBlocks);
    };
    await walk(pageId, 0);
    return lines;
  }

  async function databaseTitle(id: string) {
    if (!databaseTitles.has(id)) {
      try {
        databaseTitles.set(id, plain((await get<NotionDatabase>(`/databases/${encodeURIComponent(id)}`)).title));
      } catch {
        databaseTitles.set(id, '');
      }
    }
    return databaseTitles.get(id) || null;
  }

  async function pageDocument(page: NotionPage, container: string | null): Promise<AppDocument> {
    const parent = page.parent.type === 'database_id' ? page.parent.database_id : page.parent.type === 'page_id' ? page.parent.page_id : null;
    const text = [...(page.parent.type === 'database_id' ? propertyLines(page.properties) : []), ...(await blocksText(page.id))].join('\n');
    return {
      remoteId: page.id,
      kind: 'PAGE',
      title: titleOf(page.properties) || 'Untitled',
      ...capText(text),
      url: page.url ?? null,
      updatedAt: page.last_edited_time,
      authors: [],
      container,
      readers: null,
      parentRemoteId: parent,
    };
  }

  function databaseDocument(db: NotionDatabase): AppDocument {
    return {
      remoteId: db.id,
      kind: 'DATABASE',
      title: plain(db.title) || 'Untitled',
      ...capText(plain(db.description)),
      url: db.url ?? null,
      updatedAt: db.last_edited_time,
      authors: [],
      container: null,
      readers: null,
      parentRemoteId: db.parent.type === 'page_id' ? db.parent.page_id : null,
    };
  }

  return {
    async listPage(checkpoint) {
      const walk: Walk = checkpoint ? (JSON.parse(checkpoint) as Walk) : { search: null, searchDone: false, databases: [], rows: null };
      const documents: AppDocument[] = [];
      let next: Walk;
      const db = walk.databases[0];
      if (db) {
        const rows = await post<NotionList<NotionPage>>(`/databases/${encodeURIComponent(db.id)}/query`, {
          page_size: pageSize,
          start_cursor: walk.rows ?? undefined,
        });
        for (const row of rows.results) if (!gone(row)) documents.push(await pageDocument(row, db.title || null));
        next = rows.has_more && rows.next_cursor ? { ...walk, rows: rows.next_cursor } : { ...walk, databases: walk.databases.slice(1), rows: null };
      } else {
        const page = await search('ascending', walk.search);
        const databases = [...walk.databases];
        for (const r of page.results) {
          if (gone(r)) continue;
          if (r.object === 'database') {
            const doc = databaseDocument(r);
            documents.push(doc);
            databaseTitles.set(r.id, doc.title);
            databases.push({ id: r.id, title: plain(r.title) });
          } else if (r.parent.type !== 'database_id') documents.push(await pageDocument(r, null));
        }
        const more = page.has_more && !!page.next_cursor;
        next = { ...walk, databases, search: more ? page.next_cursor : null, searchDone: !more };
      }
      return { documents, checkpoint: next.searchDone && !next.databases.length ? null : JSON.stringify(next) };
    },

    async startCursor() {
      // The newest edit by Notion's clock, not ours: the two may differ by minutes.
      const newest = (await search('descending', null, 1)).results[0]?.last_edited_time ?? new Date(0).toISOString();
      return JSON.stringify({ since: newest, next: null, newest: null } satisfies Cursor);
    },

    async deltaPage(cursor) {
      const c = JSON.parse(cursor) as Cursor;
      const page = await search('descending', c.next);
      const fresh = page.results.filter((r) => Date.parse(r.last_edited_time) >= Date.parse(c.since));
      const newest = fresh.reduce((at, r) => later(r.last_edited_time, at), c.newest ?? c.since);
      const changes: AppChange[] = [];
      for (const r of fresh) {
        if (gone(r)) changes.push({ remoteId: r.id, removed: true, document: null });
        else if (r.object === 'database') changes.push({ remoteId: r.id, removed: false, document: databaseDocument(r) });
        else {
          const container = r.parent.type === 'database_id' ? await databaseTitle(r.parent.database_id) : null;
          changes.push({ remoteId: r.id, removed: false, document: await pageDocument(r, container) });
        }
      }
      if (page.has_more && page.next_cursor && fresh.length === page.results.length)
        return { changes, cursor: JSON.stringify({ since: c.since, next: page.next_cursor, newest } satisfies Cursor), more: true };
      return { changes, cursor: JSON.stringify({ since: newest, next: null, newest: null } satisfies Cursor), more: false };
    },
  };
}
