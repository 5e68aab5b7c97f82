// The slice of Microsoft Graph v1.0 the Teams adapter uses, on the Microsoft OAuth fake
// (provider.ts): /me/joinedTeams, a team's channels, a channel's members (with their addresses),
// its messages (a plain listing by $top and next link) and its messages/delta (graph-delta.ts: a
// first round filtered by lastModifiedDateTime lists what was modified after that time; a deleted
// message comes back with deletedDateTime, as Teams marks it), and a message's replies
// (…/messages/{id}/replies, a plain listing). As Graph documents the channel delta
// (chatmessage-delta: `$filter=lastModifiedDateTime gt` "will fetch any reply chain (each channel
// post message and associated reply messages) created or changed after the specified date time"),
// a reply posted, edited or deleted leaves its message's own fields as they were (its
// lastModifiedDateTime too) but reports the message again in the rounds of a filtered delta, and not
// in those of an unfiltered one; `$expand=replies` (the delta's and the listing's) carries each
// message's replies.
// `rateLimitNext` answers 429 with Retry-After. Test-only.
import type { ServerResponse } from 'node:http';
import { graphDeltaCollection } from './graph-delta.js';
import type { FakeApi } from './provider.js';

export type FakeTeamsMessage = { id: string; html: string; from: string; deleted?: boolean; system?: boolean; raw?: unknown };

export function createFakeTeams() {
  const teams = new Map<string, { id: string; name: string; channels: Map<string, { id: string; name: string; members: string[] }> }>();
  const messages = new Map<string, ReturnType<typeof collection>>();
  const replies = new Map<string, ReturnType<typeof graphDeltaCollection<FakeTeamsMessage>>>();
  const state = { rateLimitNext: 0, retryAfterSeconds: 0, memberCalls: 0, calls: [] as string[] };
  const show = (team: string, channel: string) => (m: FakeTeamsMessage) =>
    m.raw ?? {
      id: m.id,
      messageType: m.system ? 'systemEventMessage' : 'message',
      body: { contentType: 'html', content: m.html },
      from: { user: { displayName: m.from } },
      createdDateTime: '2026-12-01T10:00:00Z',
      lastModifiedDateTime: '2026-12-01T10:00:00Z',
      deletedDateTime: m.deleted ? '2026-12-02T10:00:00Z' : null,
      webUrl: `https://teams.microsoft.com/l/message/${channel}/${m.id}?groupId=${team}`,
    };
  const collection = (team: string, channel: string) =>
    graphDeltaCollection(show(team, channel), {
      expand: (id): unknown[] => replies.get(`${team}/${channel}/${id}`)?.live().map(show(team, channel)) ?? [],
    });
  const fake = {
    state,
    teams,
    team(id: string, name: string) {
      teams.set(id, { id, name, channels: new Map() });
    },
    channel(team: string, id: string, name: string, members: string[]) {
      teams.get(team)?.channels.set(id, { id, name, members });
      messages.set(`${team}/${id}`, collection(team, id));
    },
    messages: (team: string, channel: string) => {
      const c = messages.get(`${team}/${channel}`);
      if (!c) throw new Error(`no fake channel ${team}/${channel}`);
      return c;
    },
    /** A message's replies (made on first use): `put` posts or edits one, a `deleted` one stays listed, marked, as Teams lists it. */
    replies: (team: string, channel: string, message: string) => {
      fake.messages(team, channel);
      const key = `${team}/${channel}/${message}`;
      const c = replies.get(key) ?? graphDeltaCollection(show(team, channel), { onChange: () => fake.messages(team, channel).touch(message) });
      replies.set(key, c);
      return c;
    },
  };
  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
    return true;
  };
  const api: FakeApi = (req, res, path, url) => {
    state.calls.push(path);
    if (state.rateLimitNext > 0) {
      state.rateLimitNext--;
      res.writeHead(429, { 'content-type': 'application/json', 'retry-after': String(state.retryAfterSeconds) });
      res.end(JSON.stringify({ error: { code: 'TooManyRequests', message: 'Too many requests' } }));
      return true;
    }
    if (path === '/me/joinedTeams') return json(res, 200, { value: [...teams.values()].map((t) => ({ id: t.id, displayName: t.name })) });
    const r = /^\/teams\/([^/]+)\/channels\/([^/]+)\/messages\/([^/]+)\/replies$/.exec(path);
    if (r) {
      const [team, channel, message] = r.slice(1).map(decodeURIComponent);
      if (!messages.has(`${team}/${channel}`)) return json(res, 404, { error: { code: 'NotFound', message: 'No channel found' } });
      const root = fake.messages(team, channel).get(message);
      if (!root || root.deleted) return json(res, 404, { error: { code: 'NotFound', message: 'No message found' } });
      return fake.replies(team, channel, message).list(req, res, path, url);
    }
    const m = /^\/teams\/([^/]+)\/channels(?:\/([^/]+)(\/members|\/messages|\/messages\/delta))?$/.exec(path);
    if (!m) return false;
    const team = teams.get(decodeURIComponent(m[1]));
    if (!team) return json(res, 404, { error: { code: 'NotFound', message: 'No team found' } });
    if (!m[2]) return json(res, 200, { value: [...team.channels.values()].map((c) => ({ id: c.id, displayName: c.name, membershipType: 'standard' })) });
    const channel = team.channels.get(decodeURIComponent(m[2]));
    if (!channel) return json(res, 404, { error: { code: 'NotFound', message: 'No channel found' } });
    if (m[3] === '/members') {
      state.memberCalls++;
      return json(res, 200, {
        value: channel.members.map((email) => ({
          '@odata.type': '#microsoft.graph.aadUserConversationMember',
          displayName: email,
          email,
          userId: `aad-${email.toLowerCase()}`,
          roles: [],
        })),
      });
    }
    const c = fake.messages(team.id, channel.id);
    return m[3] === '/messages' ? c.list(req, res, path, url) : c.answer(req, res, path, url);
  };
  return { ...fake, api };
}
