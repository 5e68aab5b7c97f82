// Who reads a Slack channel, as the keys a group's members are matched by: each member's account
// key (`{team}:{user}`, as a person's own Slack connection carries it) and, where Slack gives it
// (users.info with the users:read.email scope), their address as an `email:` principal, so a
// member of the organisation here whose address is the one Slack knows reads the channel without
// connecting Slack themselves. Addresses are looked up once per person per sync (`known`).
import type { ProviderCallDeps } from '../provider-call.js';
import { emailPrincipal } from '../principals.js';
import { slackMethod } from './slack-call.js';
import { slackChannelMembers } from './slack-members.js';
import type { UserInfo } from './slack-types.js';

export async function slackChannelReaders(call: ProviderCallDeps, channelId: string, known: Map<string, string | null> = new Map()): Promise<string[]> {
  const keys = await slackChannelMembers(call, channelId);
  const out = [...keys];
  for (const key of keys) {
    const user = key.slice(key.indexOf(':') + 1);
    if (!known.has(user)) {
      const email = await slackMethod<UserInfo>(call, 'users.info', { user })
        .then((a) => a.user?.profile?.email ?? null)
        .catch(() => null);
      known.set(user, email?.includes('@') ? email : null);
    }
    const email = known.get(user);
    if (email) out.push(emailPrincipal(email));
  }
  return out;
}
