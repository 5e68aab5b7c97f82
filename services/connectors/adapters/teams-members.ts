// Who reads a Teams channel, as the keys a group's members are matched by (reader-principals.ts):
// each member's address as an `email:` principal, and their Microsoft account id (what a person's
// own Microsoft connection carries), from the channel's members (…/channels/{id}/members, a
// standard channel's being its team's). Asked again at every sync, so a member removed from the
// team or channel at the source stops reading its messages after the next one.
import { apiPathOf, type ProviderCallDeps, providerJson } from '../provider-call.js';
import { emailPrincipal } from '../principals.js';
import { shapeOf } from './provider-shape.js';
import { type MemberPage, memberPage } from './teams-types.js';

const MAX_PAGES = 100;

/** A channel's group key: its team and its own id. */
export const teamsChannelKey = (team: string, channel: string) => `${team}/${channel}`;

export async function teamsChannelReaders(call: ProviderCallDeps, key: string): Promise<string[]> {
  const at = key.indexOf('/');
  if (at <= 0) throw new Error('a Teams channel key names its team and channel');
  const path = `/teams/${encodeURIComponent(key.slice(0, at))}/channels/${encodeURIComponent(key.slice(at + 1))}/members`;
  const keys = new Set<string>();
  let next: string | null = path;
  for (let pages = 0; next; pages++) {
    if (pages >= MAX_PAGES) throw new Error(`the channel has more members than ${MAX_PAGES} pages`);
    const page: MemberPage = shapeOf(memberPage, await providerJson(call, next), 'Microsoft Teams', 'member list');
    for (const m of page.value) {
      if (m.email?.includes('@')) keys.add(emailPrincipal(m.email));
      if (m.userId) keys.add(m.userId);
    }
    next = page['@odata.nextLink'] ? apiPathOf(call.apiBase, page['@odata.nextLink']) : null;
  }
  return [...keys].sort();
}
