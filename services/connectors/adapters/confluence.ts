// Confluence Cloud (REST through api.atlassian.com/ex/confluence/{cloudId}/wiki, 3LO
// read:confluence-content.all and search:confluence): every current page the person may view on every
// site granted (atlassian-sites.ts), by a
// CQL content search (`type=page`, oldest change first, body.storage expanded, paged by
// `_links.next`), the storage format (XHTML with Confluence's macros) reduced to its text by a
// parser with limits (app-text.ts). The delta searches `lastmodified >= …` from just after the
// newest version seen (margin and exact filtering as Jira's). Trashed pages are not reported by a
// search. Space permissions are not read: documents have no readers (the owner alone).
import { type ProviderCallDeps, ProviderHttpError, providerJson } from '../provider-call.js';
import { capText, htmlToText } from './app-text.js';
import type { AppDocument, AppSourceAdapter } from './app-types.js';
import { queryDate, siteLink, ZONE_MARGIN_MS } from './atlassian-site.js';
import { atlassianProductAdapter } from './atlassian-sites.js';
import { type AtlassianSite, type ConfluencePage, confluenceSearch } from './atlassian-types.js';
import { shapeOf } from './provider-shape.js';

const PAGE_SIZE = 25;
const EXPAND = 'body.storage,version,space,ancestors';
export const CONFLUENCE_SCOPE = 'read:confluence-content.all';

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
  return atlassianProductAdapter(call, CONFLUENCE_SCOPE, async (site, since, next) => {
    const wiki = `/ex/confluence/${encodeURIComponent(site.id)}/wiki`;
    // `_links.next` is a path under the site's /wiki: followed only as one.
    if (next !== null && !next.startsWith('/rest/api/')) throw new ProviderHttpError(502, 'Confluence sent a paging link outside its API');
    const cql =
      since === null ? 'type=page order by lastmodified asc' : `type=page and lastmodified >= "${queryDate(since - ZONE_MARGIN_MS)}" order by lastmodified asc`;
    const body = next
      ? await providerJson(call, `${wiki}${next}`)
      : await providerJson(call, `${wiki}/rest/api/content/search`, { query: { cql, limit: opts.pageSize ?? PAGE_SIZE, expand: EXPAND } });
    const page = shapeOf(confluenceSearch, body, 'Confluence', 'search result');
    return { documents: page.results.map((p) => confluenceDocument(site, p)), next: page._links?.next ?? null };
  });
}
