// The parts of Atlassian's answers the Jira and Confluence adapters read, as zod shapes:
// accessible-resources (https://developer.atlassian.com/cloud/jira/platform/oauth-2-3lo-apps/),
// Jira REST v3 search/jql (https://developer.atlassian.com/cloud/jira/platform/rest/v3/api-group-issue-search/)
// and Confluence REST content search by CQL with body.storage
// (https://developer.atlassian.com/cloud/confluence/rest/v1/api-group-search/).
import { z } from 'zod';

export const accessibleResources = z
  .array(z.object({ id: z.string().min(1), name: z.string().optional(), url: z.string(), scopes: z.array(z.string()).default([]) }))
  .max(1000);
export type AtlassianSite = z.infer<typeof accessibleResources>[number];

const user = z.object({ displayName: z.string().optional() }).nullish();
export const jiraIssue = z.object({
  id: z.string().min(1),
  key: z.string().min(1),
  fields: z.object({
    summary: z.string().nullish(),
    /** Atlassian Document Format: read by adf.ts, node by node, within limits. */
    description: z.unknown().optional(),
    updated: z.string(),
    status: z.object({ name: z.string().optional() }).nullish(),
    issuetype: z.object({ name: z.string().optional() }).nullish(),
    assignee: user,
    reporter: user,
    creator: user,
    project: z.object({ key: z.string().optional(), name: z.string().optional() }).nullish(),
    parent: z.object({ id: z.string() }).nullish(),
  }),
});
export type JiraIssue = z.infer<typeof jiraIssue>;
export const jiraSearch = z.object({ issues: z.array(jiraIssue).default([]), nextPageToken: z.string().nullish(), isLast: z.boolean().optional() });

export const confluencePage = z.object({
  id: z.string().min(1),
  type: z.string().optional(),
  title: z.string().nullish(),
  space: z.object({ key: z.string().optional(), name: z.string().optional() }).nullish(),
  version: z.object({ when: z.string(), by: user }),
  body: z.object({ storage: z.object({ value: z.string() }).nullish() }).nullish(),
  ancestors: z
    .array(z.object({ id: z.string() }))
    .max(1000)
    .nullish(),
  _links: z.object({ webui: z.string().optional() }).nullish(),
});
export type ConfluencePage = z.infer<typeof confluencePage>;
export const confluenceSearch = z.object({ results: z.array(confluencePage).default([]), _links: z.object({ next: z.string().optional() }).nullish() });
