// Jira Cloud (REST v3 through api.atlassian.com/ex/jira/{cloudId}, 3LO read:jira-work): every issue
// the person may browse, by JQL search (/rest/api/3/search/jql, paged by nextPageToken, oldest
// update first), its description read from Atlassian Document Format (adf.ts). The delta searches
// `updated >= …` from just after the newest update seen (with a margin for the person's time zone,
// see atlassian-site.ts, and the exact times filtered here). Deleted issues are not reported by a
// search. Jira's permission schemes are not read, so documents have no readers (the owner alone).
import { type ProviderCallDeps, providerJson } from '../provider-call.js';
import { adfToText } from './adf.js';
import { capText } from './app-text.js';
import type { AppDocument, AppSourceAdapter } from './app-types.js';
import { atlassianSite, queryDate, siteLink, ZONE_MARGIN_MS } from './atlassian-site.js';
import { type AtlassianSite, type JiraIssue, jiraSearch } from './atlassian-types.js';
import { shapeOf } from './provider-shape.js';

const PAGE_SIZE = 50;
const FIELDS = 'summary,description,updated,status,issuetype,assignee,reporter,creator,project,parent';
export const JIRA_SCOPE = 'read:jira-work';

type Walk = { site: AtlassianSite; next: string | null };
/** Issues updated at or after `since` (ms); `next` and `newest` while a delta is paged. */
type Cursor = { site: AtlassianSite; since: number; next: string | null; newest: number | null };

export function jiraDocument(site: AtlassianSite, i: JiraIssue): AppDocument {
  const f = i.fields;
  const head = [
    f.status?.name && `Status: ${f.status.name}`,
    f.issuetype?.name && `Type: ${f.issuetype.name}`,
    f.assignee?.displayName && `Assignee: ${f.assignee.displayName}`,
  ].filter(Boolean);
  const description = adfToText(f.description);
  const text = capText([head.join('\n'), description.text].filter(Boolean).join('\n\n'));
  const author = f.reporter?.displayName ?? f.creator?.displayName;
  return {
    remoteId: i.id,
    kind: 'ISSUE',
    title: `${i.key}: ${(f.summary ?? '').slice(0, 500)}`,
    text: text.text,
    truncated: text.truncated || description.truncated,
    url: siteLink(site, `/browse/${encodeURIComponent(i.key)}`),
    updatedAt: f.updated,
    authors: author ? [author] : [],
    container: f.project?.name ?? f.project?.key ?? null,
    readers: null,
    parentRemoteId: f.parent?.id ?? null,
  };
}

export function jiraAdapter(call: ProviderCallDeps, opts: { pageSize?: number } = {}): AppSourceAdapter {
  const search = async (site: AtlassianSite, jql: string, next: string | null) =>
    shapeOf(
      jiraSearch,
      await providerJson(call, `/ex/jira/${encodeURIComponent(site.id)}/rest/api/3/search/jql`, {
        query: { jql, fields: FIELDS, maxResults: opts.pageSize ?? PAGE_SIZE, nextPageToken: next ?? undefined },
      }),
      'Jira',
      'search result',
    );
  const nextOf = (page: { nextPageToken?: string | null; isLast?: boolean }) => (page.isLast === true ? null : (page.nextPageToken ?? null));
  return {
    async listPage(checkpoint) {
      const walk: Walk = checkpoint ? (JSON.parse(checkpoint) as Walk) : { site: (await atlassianSite(call, JIRA_SCOPE)).site, next: null };
      // A search must be bounded: every issue was updated after 1970.
      const page = await search(walk.site, 'updated >= "1970/01/01 00:00" ORDER BY updated ASC', walk.next);
      const next = nextOf(page);
      return {
        documents: page.issues.map((i) => jiraDocument(walk.site, i)),
        checkpoint: next ? JSON.stringify({ site: walk.site, next } satisfies Walk) : null,
      };
    },
    async startCursor() {
      const { site, at } = await atlassianSite(call, JIRA_SCOPE);
      return JSON.stringify({ site, since: at, next: null, newest: null } satisfies Cursor);
    },
    async deltaPage(cursor) {
      const c = JSON.parse(cursor) as Cursor;
      const page = await search(c.site, `updated >= "${queryDate(c.since - ZONE_MARGIN_MS)}" ORDER BY updated ASC`, c.next);
      const fresh = page.issues.filter((i) => Date.parse(i.fields.updated) >= c.since);
      const changes = fresh.map((i) => ({ remoteId: i.id, removed: false, document: jiraDocument(c.site, i) }));
      const newest = fresh.reduce((at, i) => Math.max(at, Date.parse(i.fields.updated)), c.newest ?? 0) || null;
      const next = nextOf(page);
      const after: Cursor = next ? { ...c, next, newest } : { site: c.site, since: newest === null ? c.since : newest + 1, next: null, newest: null };
      return { changes, cursor: JSON.stringify(after), more: next !== null };
    },
  };
}
