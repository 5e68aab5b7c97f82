// The Atlassian connector (one 3LO grant for both products): Jira's issues, then Confluence's pages,
// ids `jira:…` and `confluence:…` so the two never meet.
import type { ProviderCallDeps } from '../provider-call.js';
import type { AppSourceAdapter } from './app-types.js';
import { combinedAdapter } from './combined.js';
import { confluenceAdapter } from './confluence.js';
import { jiraAdapter } from './jira.js';

export function atlassianAdapter(call: ProviderCallDeps, opts: { pageSize?: number } = {}): AppSourceAdapter {
  return combinedAdapter({ jira: jiraAdapter(call, opts), confluence: confluenceAdapter(call, opts) });
}
