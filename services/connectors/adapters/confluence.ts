// Confluence Cloud (REST through api.atlassian.com/ex/confluence/{cloudId}/wiki, 3LO
// read:confluence-content.all and search:confluence): every current page the person may view, by a
// CQL content search (`type=page`, oldest change first, body.storage expanded, paged by
// `_links.next`), the storage format (XHTML with Confluence's macros) reduced to its text by a
// parser with limits (app-text.ts). The delta searches `lastmodified >= …` from just after the
// newest version seen (margin and exact filtering as Jira's). Trashed pages are not reported by a
// search. Space permissions are not read: documents have no readers (the owner alone).
import { type ProviderCallDeps, ProviderHttpError, providerJson } from '../provider-call.js';
import { capText, htmlToText } from './app-text.js';
import type { AppDocument, AppSourceAdapter } from './app-types.js';
import { atlassianSite, queryDate, siteLink, ZONE_MARGIN_MS } from './atlassian-site.js';
import { type AtlassianSite, type ConfluencePage, confluenceSearch } from './atlassian-types.js';
import { shapeOf } from './provider-shape.js';

const PAGE_SIZE = 25;
const EXPAND = 'body.storage,version,space,ancestors';
export const CONFLUENCE_SCOPE = 'read:confluence-content.all';

type Walk = { site: AtlassianSite; next: string | null };
type Cursor = { site: AtlassianSite; since: number; next: string | null; newest: number | null };

export function confluenceDocument(site: AtlassianSite, p: ConfluencePage): AppDocument {
  const body = htmlToText(p.body?.storage?.value ?? '');
  const text = capText(body.text);
  const ancestors = p.ancestors ?? [];
  return {
    remoteId: p.id,
    kind: 'PAGE',
    title: (p.title ?? '').slice(0, 500) || 'Untitled page',
    text: text.text,
    truncated: text.truncated || body.truncated,
    url: p._links?.webui?.startsWith('/') ? siteLink(site, `/wiki${p._links.webui}`) : null,
    updatedAt: p.version.when,
    authors: p.version.by?.displayName ? [p.version.by.displayName] : [],
    container: p.space?.name ?? p.space?.key ?? null,
    readers: null,
    parentRemoteId: ancestors.length ? ancestors[ancestors.length - 1].id : null,
  };
}

export function confluenceAdapter(call: ProviderCallDeps, opts: { pageSize?: number } = {}): AppSourceAdapter {
  const wiki = (site: AtlassianSite) => `/ex/confluence/${encodeURIComponent(site.id)}/wiki`;
  async function search(site: AtlassianSite, cql: string, next: string | null) {
    // `_links.next` is a path under the site's /wiki: followed only as one.
    if (next !== null && !next.startsWith('/rest/api/')) throw new ProviderHttpError(502, 'Confluence sent a paging link outside its API');
    const body = next
      ? await providerJson(call, `${wiki(site)}${next}`)
      : await providerJson(call, `${wiki(site)}/rest/api/content/search`, { query: { cql, limit: opts.pageSize ?? PAGE_SIZE, expand: EXPAND } });
    const page = shapeOf(confluenceSearch, body, 'Confluence', 'search result');
    return { pages: page.results, next: page._links?.next ?? null };
  }
  return {
    async listPage(checkpoint) {
      const walk: Walk = checkpoint ? (JSON.parse(checkpoint) as Walk) : { site: (await atlassianSite(call, CONFLUENCE_SCOPE)).site, next: null };
      const page = await search(walk.site, 'type=page order by lastmodified asc', walk.next);
      return {
        documents: page.pages.map((p) => confluenceDocument(walk.site, p)),
        checkpoint: page.next ? JSON.stringify({ site: walk.site, next: page.next } satisfies Walk) : null,
      };
    },
    async startCursor() {
      const { site, at } = await atlassianSite(call, CONFLUENCE_SCOPE);
      return JSON.stringify({ site, since: at, next: null, newest: null } satisfies Cursor);
    },
    async deltaPage(cursor) {
      const c = JSON.parse(cursor) as Cursor;
      const page = await search(c.site, `type=page and lastmodified >= "${queryDate(c.since - ZONE_MARGIN_MS)}" order by lastmodified asc`, c.next);
      const fresh = page.pages.filter((p) => Date.parse(p.version.when) >= c.since);
      const changes = fresh.map((p) => ({ remoteId: p.id, removed: false, document: confluenceDocument(c.site, p) }));
      const newest = fresh.reduce((at, p) => Math.max(at, Date.parse(p.version.when)), c.newest ?? 0) || null;
      const after: Cursor = page.next
        ? { ...c, next: page.next, newest }
        : { site: c.site, since: newest === null ? c.since : newest + 1, next: null, newest: null };
      return { changes, cursor: JSON.stringify(after), more: page.next !== null };
    },
  };
}
