// Slack (Web API, the person's user token): the channels the person is in (conversations.list,
// public and private, archived left out), each one's messages (conversations.history, cursor
// paging), one document per message, authors and mentions named through users.info (cached for
// the adapter's run). The delta asks each channel for messages after its newest known `ts`
// (`oldest` is exclusive, and a ts is unique in a channel, so nothing comes twice). Edits and
// deletions of older messages are not seen this way (Slack tells them through its Events API
// only). A message is read by its channel's members (slack-members.ts resolves them).
import { ProviderHttpError, type ProviderCallDeps } from '../provider-call.js';
import { capText } from './app-text.js';
import type { AppChange, AppDocument, AppSourceAdapter } from './app-types.js';
import { channelGone, nextCursor, slackMethod } from './slack-call.js';
import { mentionedUsers, slackText } from './slack-text.js';
import type { AuthTest, ChannelList, History, SlackChannel, SlackMessage, UserInfo } from './slack-types.js';

const PAGE_SIZE = 200;
const MAX_CHANNEL_PAGES = 100;
/** Messages that say something (not joins, leaves, topic changes). */
const KEPT_SUBTYPES = new Set([undefined, 'bot_message', 'thread_broadcast', 'file_share', 'me_message']);

type ChannelRef = { id: string; name: string };
type Walk = { channels: string | null; channelsDone: boolean; queue: ChannelRef[]; history: string | null };
/** The delta: each channel's newest ts, the channels left in this round, and the page being read. */
type Cursor = { channels: Record<string, ChannelRef & { latest: string }>; queue: string[]; page: { channel: string; cursor: string; newest: string } | null };

const newer = (a: string, b: string) => (Number(a) >= Number(b) ? a : b);
const isoOf = (ts: string) => new Date(Math.floor(Number(ts) * 1000)).toISOString();

export function slackAdapter(call: ProviderCallDeps, opts: { pageSize?: number } = {}): AppSourceAdapter {
  const pageSize = opts.pageSize ?? PAGE_SIZE;
  const names = new Map<string, string>();
  let workspaceUrl: string | null = null;

  async function nameOf(user: string) {
    if (!names.has(user)) {
      try {
        const u = (await slackMethod<UserInfo>(call, 'users.info', { user })).user;
        names.set(user, u.profile?.display_name || u.real_name || u.profile?.real_name || u.name || user);
      } catch (err) {
        // A user Slack no longer knows (user_not_found) keeps their id.
        if (!(err instanceof ProviderHttpError) || err.status !== 400) throw err;
        names.set(user, user);
      }
    }
    return names.get(user) as string;
  }

  async function urlOf(channel: string, ts: string) {
    workspaceUrl ??= (await slackMethod<AuthTest>(call, 'auth.test', {})).url ?? '';
    // Built from the workspace's address rather than one chat.getPermalink call per message.
    return workspaceUrl.startsWith('https://') ? `${workspaceUrl.replace(/\/?$/, '/')}archives/${channel}/p${ts.replace('.', '')}` : null;
  }

  async function messageDocument(channel: ChannelRef, m: SlackMessage): Promise<AppDocument> {
    const raw = m.text ?? '';
    for (const user of mentionedUsers(raw)) await nameOf(user);
    const text = slackText(raw, names);
    const author = m.user ? await nameOf(m.user) : (m.username ?? m.bot_id ?? null);
    const firstLine = text.split('\n', 1)[0].slice(0, 80);
    return {
      remoteId: `${channel.id}:${m.ts}`,
      kind: 'MESSAGE',
      title: firstLine ? `#${channel.name}: ${firstLine}` : `#${channel.name}`,
      ...capText(text),
      url: await urlOf(channel.id, m.ts),
      updatedAt: isoOf(m.edited?.ts ?? m.ts),
      authors: author ? [author] : [],
      container: channel.name,
      readers: { group: { kind: 'slack_channel', key: channel.id } },
      parentRemoteId: m.thread_ts && m.thread_ts !== m.ts ? `${channel.id}:${m.thread_ts}` : null,
    };
  }

  const kept = (messages: SlackMessage[]) => messages.filter((m) => KEPT_SUBTYPES.has(m.subtype));
  const listChannels = (cursor: string | null) =>
    slackMethod<ChannelList>(call, 'conversations.list', {
      types: 'public_channel,private_channel',
      exclude_archived: true,
      limit: pageSize,
      cursor: cursor ?? undefined,
    });
  // The person's own channels: a public channel they never joined is not theirs to bring in.
  const mine = (channels: SlackChannel[]): ChannelRef[] => channels.filter((c) => c.is_member && !c.is_archived).map((c) => ({ id: c.id, name: c.name }));

  async function allChannels() {
    const found: ChannelRef[] = [];
    let cursor: string | null = null;
    for (let pages = 0; pages < MAX_CHANNEL_PAGES; pages++) {
      const page: ChannelList = await listChannels(cursor);
      found.push(...mine(page.channels));
      cursor = nextCursor(page);
      if (!cursor) break;
    }
    return found;
  }

  return {
    // A deleted message is not among those after the newest known one.
    deltaMissesRemovals: true,
    async listPage(checkpoint) {
      const walk: Walk = checkpoint ? (JSON.parse(checkpoint) as Walk) : { channels: null, channelsDone: false, queue: [], history: null };
      const documents: AppDocument[] = [];
      let next: Walk;
      const channel = walk.queue[0];
      if (channel) {
        const page = await slackMethod<History>(call, 'conversations.history', { channel: channel.id, limit: pageSize, cursor: walk.history ?? undefined });
        for (const m of kept(page.messages)) documents.push(await messageDocument(channel, m));
        const more = page.has_more ? nextCursor(page) : null;
        next = more ? { ...walk, history: more } : { ...walk, queue: walk.queue.slice(1), history: null };
      } else {
        const page = await listChannels(walk.channels);
        const more = nextCursor(page);
        next = { ...walk, queue: mine(page.channels), channels: more, channelsDone: !more };
      }
      return { documents, checkpoint: next.channelsDone && !next.queue.length ? null : JSON.stringify(next) };
    },

    async startCursor() {
      const channels: Cursor['channels'] = {};
      // Each channel's newest message by Slack's clock: the delta starts after it.
      for (const c of await allChannels()) {
        const newest = (await slackMethod<History>(call, 'conversations.history', { channel: c.id, limit: 1 })).messages[0]?.ts ?? '0';
        channels[c.id] = { ...c, latest: newest };
      }
      return JSON.stringify({ channels, queue: [], page: null } satisfies Cursor);
    },

    async deltaPage(cursor) {
      let c = JSON.parse(cursor) as Cursor;
      if (!c.queue.length && !c.page) {
        // A new round: channels the person joined are read from their beginning; channels left are dropped.
        const channels = Object.fromEntries((await allChannels()).map((ch) => [ch.id, c.channels[ch.id] ?? { ...ch, latest: '0' }]));
        c = { channels, queue: Object.keys(channels).sort(), page: null };
        if (!c.queue.length) return { changes: [], cursor: JSON.stringify(c), more: false };
      }
      const id = c.page?.channel ?? c.queue[0];
      const channel = c.channels[id];
      let page: History;
      try {
        page = await slackMethod<History>(call, 'conversations.history', { channel: id, oldest: channel.latest, limit: pageSize, cursor: c.page?.cursor });
      } catch (err) {
        if (!channelGone(err)) throw err;
        // Gone since the round began: dropped, so the delta does not stop at it for ever.
        const { [id]: _gone, ...channels } = c.channels;
        const queue = c.queue.filter((q) => q !== id);
        return { changes: [], cursor: JSON.stringify({ channels, queue, page: null } satisfies Cursor), more: queue.length > 0 };
      }
      const changes: AppChange[] = [];
      for (const m of kept(page.messages)) changes.push({ remoteId: `${id}:${m.ts}`, removed: false, document: await messageDocument(channel, m) });
      const newest = page.messages.reduce((at, m) => newer(m.ts, at), c.page?.newest ?? channel.latest);
      const more = page.has_more ? nextCursor(page) : null;
      const after: Cursor = more
        ? { ...c, page: { channel: id, cursor: more, newest } }
        : { channels: { ...c.channels, [id]: { ...channel, latest: newest } }, queue: c.queue.filter((q) => q !== id), page: null };
      return { changes, cursor: JSON.stringify(after), more: after.queue.length > 0 || after.page !== null };
    },
  };
}
