// The slice of Atlassian Cloud the Jira and Confluence adapters use, on the Atlassian OAuth fake
// (provider.ts): /oauth/token/accessible-resources (with the fake clock's Date header), Jira's
// /rest/api/3/search/jql (the `updated >= "yyyy/MM/dd HH:mm"` bound read as UTC, oldest update
// first, nextPageToken paging) and Confluence's /wiki/rest/api/content/search (the
// `lastmodified >= …` bound, `_links.next` paging under /wiki), on the fake's site and any of
// `otherSites` (an unknown site answers 404). The clock moves a second per write and never runs behind the real one (whole seconds).
// `rateLimitNext` answers the next N calls with 429 and Retry-After; `rawIssue` serves an issue as
// it is (malformed data). Test-only.
import type { ServerResponse } from 'node:http';
import type { FakeApi } from './provider.js';

export type FakeIssue = {
  site?: string;
  id: string;
  key: string;
  summary: string;
  description?: unknown;
  status?: string;
  project: string;
  reporter?: string;
  raw?: unknown;
  updated: string;
};
export type FakePage = { site?: string; id: string; title: string; storage: string; space: string; by?: string; parent?: string; when: string };

export function createFakeAtlassian(cloudId = 'cloud-1') {
  const issues = new Map<string, FakeIssue>();
  const pages = new Map<string, FakePage>();
  let last = Date.parse('2026-11-01T00:00:00Z');
  const state = {
    rateLimitNext: 0,
    retryAfterSeconds: 0,
    scopes: ['read:jira-work', 'read:jira-user', 'read:confluence-content.all', 'search:confluence'],
    jql: [] as string[],
    cql: [] as string[],
  };
  const now = () => Math.floor(Date.now() / 1000) * 1000;
  const tick = () => new Date((last = Math.max(now(), last + 1000))).toISOString();
  const site = { id: cloudId, name: 'Acme', url: 'https://acme.atlassian.net' };
  /** Further sites the grant reaches, each with the scopes granted there. */
  const otherSites: { id: string; name: string; url: string; scopes: string[] }[] = [];

  const atlassian = {
    state,
    otherSites,
    issues,
    pages,
    issue(i: Omit<FakeIssue, 'updated'>) {
      issues.set(i.id, { ...i, updated: tick() });
    },
    page(p: Omit<FakePage, 'when'>) {
      pages.set(p.id, { ...p, when: tick() });
    },
  };

  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json', date: new Date(Math.max(last, now())).toUTCString() });
    res.end(JSON.stringify(body));
    return true;
  };
  /** The `>= "yyyy/MM/dd HH:mm"` bound of a JQL or CQL query, read as UTC. */
  const boundOf = (query: string, field: string) => {
    const m = new RegExp(`${field} >= "(\\d{4})/(\\d\\d)/(\\d\\d) (\\d\\d):(\\d\\d)"`).exec(query);
    return m ? Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5])) : 0;
  };
  const issueOf = (i: FakeIssue) =>
    i.raw ?? {
      id: i.id,
      key: i.key,
      fields: {
        summary: i.summary,
        description: i.description ?? null,
        updated: i.updated.replace('Z', '+0000'),
        status: i.status ? { name: i.status } : null,
        project: { key: i.project, name: `Project ${i.project}` },
        reporter: i.reporter ? { displayName: i.reporter } : null,
      },
    };
  const pageOf = (p: FakePage) => ({
    id: p.id,
    type: 'page',
    title: p.title,
    space: { key: p.space, name: `Space ${p.space}` },
    version: { when: p.when, by: p.by ? { displayName: p.by } : null },
    body: { storage: { value: p.storage, representation: 'storage' } },
    ancestors: p.parent ? [{ id: p.parent }] : [],
    _links: { webui: `/spaces/${p.space}/pages/${p.id}` },
  });

  /** Serves Confluence's next link outside its API (a paging link not to follow). */
  const foreign = { next: false };
  const api: FakeApi = (_req, res, path, url) => {
    if (state.rateLimitNext > 0) {
      state.rateLimitNext--;
      res.writeHead(429, { 'content-type': 'application/json', 'retry-after': String(state.retryAfterSeconds) });
      res.end(JSON.stringify({ message: 'Rate limit exceeded' }));
      return true;
    }
    const q = url.searchParams;
    if (path === '/oauth/token/accessible-resources')
      return json(res, 200, [{ ...site, scopes: state.scopes, avatarUrl: 'https://x.example/a.png' }, ...otherSites]);
    const known = (id: string) => id === cloudId || otherSites.some((o) => o.id === id);
    const jira = /^\/ex\/jira\/([^/]+)\/rest\/api\/3\/search\/jql$/.exec(path);
    const wiki = /^\/ex\/confluence\/([^/]+)\/wiki\/rest\/api\/content\/search$/.exec(path);
    const on = jira?.[1] ?? wiki?.[1];
    if (on && !known(on)) return json(res, 404, { message: 'No site found' });
    if (jira) {
      const jql = q.get('jql') ?? '';
      state.jql.push(jql);
      if (!/>=/.test(jql))
        return json(res, 400, { errorMessages: ['Unbounded JQL queries are not allowed here. Please add a search restriction to your query.'] });
      const from = boundOf(jql, 'updated');
      const all = [...issues.values()]
        .filter((i) => (i.site ?? cloudId) === jira[1] && Date.parse(i.updated) >= from)
        .sort((a, b) => Date.parse(a.updated) - Date.parse(b.updated));
      const at = Number(q.get('nextPageToken') ?? 0);
      const size = Number(q.get('maxResults') ?? 50);
      const more = at + size < all.length;
      return json(res, 200, { issues: all.slice(at, at + size).map(issueOf), ...(more ? { nextPageToken: String(at + size) } : {}), isLast: !more });
    }
    if (wiki) {
      const cql = q.get('cql') ?? '';
      state.cql.push(cql);
      const from = boundOf(cql, 'lastmodified');
      const all = [...pages.values()]
        .filter((p) => (p.site ?? cloudId) === wiki[1] && Date.parse(p.when) >= from)
        .sort((a, b) => Date.parse(a.when) - Date.parse(b.when));
      const at = Number(q.get('cursor') ?? 0);
      const size = Number(q.get('limit') ?? 25);
      const more = at + size < all.length;
      const next = `${foreign.next ? 'https://evil.example' : ''}/rest/api/content/search?next=true&cursor=${at + size}&limit=${size}&cql=${encodeURIComponent(cql)}`;
      return json(res, 200, {
        results: all.slice(at, at + size).map(pageOf),
        start: at,
        limit: size,
        size: Math.min(size, all.length - at),
        _links: more ? { next, base: site.url, context: '/wiki' } : { base: site.url, context: '/wiki' },
      });
    }
    return false;
  };
  return { ...atlassian, foreign, api };
}
