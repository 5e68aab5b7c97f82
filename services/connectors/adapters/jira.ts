// Jira Cloud (REST v3 through api.atlassian.com/ex/jira/{cloudId}, 3LO read:jira-work): every issue
// the person may browse on every site granted (atlassian-sites.ts), by JQL search (/rest/api/3/search/jql, paged by nextPageToken, oldest
// update first), its description read from Atlassian Document Format (adf.ts). The delta searches
// `updated >= …` from just after the newest update seen (with a margin for the person's time zone,
// see atlassian-site.ts, and the exact times filtered here). Deleted issues are not reported by a
// search. Jira's permission schemes are not read, so documents have no readers (the owner alone).
import { type ProviderCallDeps, providerJson } from '../provider-call.js';
import { adfToText } from './adf.js';
import { capText } from './app-text.js';
import type { AppDocument, AppSourceAdapter } from './app-types.js';
import { queryDate, siteLink, ZONE_MARGIN_MS } from './atlassian-site.js';
import { atlassianProductAdapter } from './atlassian-sites.js';
import { type AtlassianSite, type JiraIssue, jiraSearch } from './atlassian-types.js';
import { shapeOf } from './provider-shape.js';

const PAGE_SIZE = 50;
const FIELDS = 'summary,description,updated,status,issuetype,assignee,reporter,creator,project,parent';
export const JIRA_SCOPE = 'read:jira-work';

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
  return atlassianProductAdapter(call, JIRA_SCOPE, async (site, since, next) => {
    // A search must be bounded: the walk asks for everything updated after 1970.
    const jql = `updated >= "${since === null ? '1970/01/01 00:00' : queryDate(since - ZONE_MARGIN_MS)}" ORDER BY updated ASC`;
    const page = shapeOf(
      jiraSearch,
      await providerJson(call, `/ex/jira/${encodeURIComponent(site.id)}/rest/api/3/search/jql`, {
        query: { jql, fields: FIELDS, maxResults: opts.pageSize ?? PAGE_SIZE, nextPageToken: next ?? undefined },
      }),
      'Jira',
      'search result',
    );
    return { documents: page.issues.map((i) => jiraDocument(site, i)), next: page.isLast === true ? null : (page.nextPageToken ?? null) };
  });
}
