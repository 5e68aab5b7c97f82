// The adapter of each app connector (seed 001: apps bring in content through authentication,
// not a file picker). A connector absent here is listed but its content is not synced yet.
import type { ProviderCallDeps } from '../provider-call.js';
import type { ConnectorName } from '../registry.js';
import type { AppSourceAdapter } from './app-types.js';
import { asanaAdapter } from './asana.js';
import { atlassianAdapter } from './atlassian.js';
import { confluenceAdapter } from './confluence.js';
import { githubAdapter } from './github.js';
import { gmailWithCalendarAdapter } from './gmail.js';
import { jiraAdapter } from './jira.js';
import { linearAdapter } from './linear.js';
import { notionAdapter } from './notion.js';
import { outlookAdapter } from './outlook.js';
import { slackAdapter } from './slack.js';
import { teamsAdapter } from './teams.js';

const APP_ADAPTERS: Partial<Record<ConnectorName, (call: ProviderCallDeps) => AppSourceAdapter>> = {
  notion: (call) => notionAdapter(call),
  linear: (call) => linearAdapter(call),
  github: (call) => githubAdapter(call),
  asana: (call) => asanaAdapter(call),
  slack: (call) => slackAdapter(call),
  atlassian: (call) => atlassianAdapter(call),
  jira: (call) => jiraAdapter(call),
  confluence: (call) => confluenceAdapter(call),
  gmail: (call) => gmailWithCalendarAdapter(call),
  outlook: (call) => outlookAdapter(call),
  microsoft_teams: (call) => teamsAdapter(call),
};

export function appAdapterFor(connector: ConnectorName, call: ProviderCallDeps): AppSourceAdapter | null {
  return APP_ADAPTERS[connector]?.(call) ?? null;
}
