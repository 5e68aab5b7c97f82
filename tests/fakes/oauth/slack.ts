// Slack Web API's slice the Slack adapter uses, on the Slack OAuth fake (provider.ts): auth.test
// (with the workspace's address), conversations.list / history / members with cursors, and
// users.info, over in-memory channels whose members decide who reads them. Errors are HTTP 200
// with `ok: false`, as Slack's are; `rateLimitNext` answers the next N calls with 429 and
// Retry-After, `errorNext` answers the next call with that `ok: false` error.
import type { ServerResponse } from 'node:http';
import type { FakeApi } from './provider.js';

export type FakeSlackMessage = { ts: string; text: string; user?: string; username?: string; subtype?: string; thread_ts?: string };
export type FakeChannel = { id: string; name: string; private?: boolean; archived?: boolean; members: string[]; messages: FakeSlackMessage[] };

export function createFakeSlack() {
  const channels = new Map<string, FakeChannel>();
  const users = new Map<string, { name: string; real_name: string; email?: string }>();
  let last = 0;
  const state = { rateLimitNext: 0, retryAfterSeconds: 0, errorNext: null as string | null, calls: { usersInfo: 0, history: 0 } };
  // A ts is seconds.microseconds, unique in a channel; the clock never runs behind the real one.
  const nextTs = () => {
    last = Math.max(Date.now() * 1000, last + 1);
    return `${Math.floor(last / 1e6)}.${String(last % 1e6).padStart(6, '0')}`;
  };

  const slack = {
    state,
    channels,
    users,
    channel(c: Omit<FakeChannel, 'messages'>) {
      channels.set(c.id, { ...c, messages: [] });
    },
    post(channel: string, m: Omit<FakeSlackMessage, 'ts'>) {
      const ts = nextTs();
      channels.get(channel)?.messages.push({ ...m, ts });
      return ts;
    },
  };

  const ok = (res: ServerResponse, body: Record<string, unknown>) => {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify({ ok: true, ...body }));
    return true;
  };
  const fail = (res: ServerResponse, error: string) => {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify({ ok: false, error }));
    return true;
  };
  const paged = <T>(all: T[], q: URLSearchParams) => {
    const from = Number(q.get('cursor') || 0);
    const size = Number(q.get('limit') || 100);
    const more = from + size < all.length;
    return { items: all.slice(from, from + size), has_more: more, response_metadata: { next_cursor: more ? String(from + size) : '' } };
  };

  const api: FakeApi = (_req, res, path, url, account) => {
    if (state.rateLimitNext > 0) {
      state.rateLimitNext--;
      res.writeHead(429, { 'content-type': 'application/json', 'retry-after': String(state.retryAfterSeconds) });
      res.end(JSON.stringify({ ok: false, error: 'ratelimited' }));
      return true;
    }
    if (state.errorNext) {
      const error = state.errorNext;
      state.errorNext = null;
      return fail(res, error);
    }
    const q = url.searchParams;
    switch (path) {
      case '/auth.test':
        return ok(res, { url: 'https://acme.slack.com/', team: 'Acme', team_id: 'T1', user: account.name, user_id: account.id });
      case '/conversations.list': {
        const types = (q.get('types') ?? 'public_channel').split(',');
        const all = [...channels.values()]
          .filter((c) => types.includes(c.private ? 'private_channel' : 'public_channel'))
          .filter((c) => !(q.get('exclude_archived') === 'true' && c.archived))
          // Private channels are listed to their members only.
          .filter((c) => !c.private || c.members.includes(account.id))
          .sort((a, b) => a.id.localeCompare(b.id))
          .map((c) => ({ id: c.id, name: c.name, is_private: !!c.private, is_archived: !!c.archived, is_member: c.members.includes(account.id) }));
        const { items, response_metadata } = paged(all, q);
        return ok(res, { channels: items, response_metadata });
      }
      case '/conversations.history': {
        state.calls.history++;
        const c = channels.get(q.get('channel') ?? '');
        if (!c) return fail(res, 'channel_not_found');
        if (!c.members.includes(account.id)) return fail(res, 'not_in_channel');
        const oldest = Number(q.get('oldest') ?? 0);
        const all = c.messages.filter((m) => Number(m.ts) > oldest).sort((a, b) => Number(b.ts) - Number(a.ts));
        const { items, has_more, response_metadata } = paged(all, q);
        return ok(res, { messages: items.map((m) => ({ type: 'message', ...m })), has_more, response_metadata });
      }
      case '/conversations.members': {
        const c = channels.get(q.get('channel') ?? '');
        if (!c) return fail(res, 'channel_not_found');
        const { items, response_metadata } = paged(c.members, q);
        return ok(res, { members: items, response_metadata });
      }
      case '/users.info': {
        state.calls.usersInfo++;
        const id = q.get('user') ?? '';
        const u = users.get(id);
        return u
          ? ok(res, {
              user: { id, name: u.name, real_name: u.real_name, profile: { real_name: u.real_name, display_name: '', ...(u.email ? { email: u.email } : {}) } },
            })
          : fail(res, 'user_not_found');
      }
    }
    return false;
  };
  return { ...slack, api };
}
