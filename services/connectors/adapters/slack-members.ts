// Who may read a Slack channel's messages: its members (conversations.members), as the account
// keys connections carry (`{team}:{user}`, accounts.ts), so the sync matches them to people here.
import type { ProviderCallDeps } from '../provider-call.js';
import { nextCursor, slackMethod } from './slack-call.js';
import type { AuthTest, Members } from './slack-types.js';

const MAX_PAGES = 200;

export async function slackChannelMembers(call: ProviderCallDeps, channelId: string, pageSize = 200): Promise<string[]> {
  const team = (await slackMethod<AuthTest>(call, 'auth.test', {})).team_id ?? '';
  const keys: string[] = [];
  let cursor: string | null = null;
  for (let pages = 0; pages < MAX_PAGES; pages++) {
    const page: Members = await slackMethod<Members>(call, 'conversations.members', { channel: channelId, limit: pageSize, cursor: cursor ?? undefined });
    keys.push(...page.members.map((user) => `${team}:${user}`));
    cursor = nextCursor(page);
    if (!cursor) return keys;
  }
  throw new Error(`the channel ${channelId} has more members than ${MAX_PAGES} pages`);
}
