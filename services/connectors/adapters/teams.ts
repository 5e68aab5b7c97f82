// Microsoft Teams (Graph v1.0, delegated Team.ReadBasic.All, Channel.ReadBasic.All,
// ChannelMember.Read.All, ChannelMessage.Read.All): the person's joined teams and their channels,
// each channel's top-level messages (GET …/messages, paged by @odata.nextLink on the configured
// address only), one document per message, read by the channel's members: a group the sync
// resolves again at every run (teams-members.ts), so membership changed at the source reaches
// every message of the channel at the next sync, not only the messages changed since. A message's
// replies are documents of their own whose parent is the message, as a Slack thread's replies are.
// The delta is each channel's chatMessage delta query (…/messages/delta), always asked with
// `$filter=lastModifiedDateTime gt <time>` and `$expand=replies` (Graph keeps both in the delta
// link): so filtered, Graph documents that the delta reports every reply chain (the message and its
// replies) created or changed since, so a reply posted to a quiet message brings the message back,
// and the expansion brings its replies in the same call (no call per message; past 1,000 replies,
// their next link). The first round's time is now (starting reads no history); a channel joined
// since is read whole (from 1970). A message deleted comes back with deletedDateTime or @removed as a
// removal. Messages and replies Graph sends without their replies expanded have them asked for.
// The periodic walk stays (`deltaMissesRemovals`): a message older than the delta's eight months is
// in no delta.
import { apiPathOf, type ProviderCallDeps, ProviderHttpError, providerJson } from '../provider-call.js';
import { capText, htmlToText } from './app-text.js';
import type { AppChange, AppDocument, AppSourceAdapter } from './app-types.js';
import { shapeOf } from './provider-shape.js';
import { teamsChannelKey } from './teams-members.js';
import { channelPage, messagePage, type TeamsMessage, teamPage } from './teams-types.js';

const PAGE_SIZE = 50;
/** A channel joined since is read whole: every reply chain changed since the epoch (the delta holds eight months). */
const WHOLE_CHANNEL = '1970-01-01T00:00:00Z';
/** The delta's options: reply chains changed after `since`, each with its replies. */
const chainsSince = (since: string) => ({ $filter: `lastModifiedDateTime gt ${since}`, $expand: 'replies' });
const MAX_LIST_PAGES = 100;

type ChannelRef = { team: string; channel: string; name: string };
type Walk = { channels: ChannelRef[] | null; next: string | null };
/** Each channel's delta link (null: not read yet, a first round reads it whole), the channels left this round, and the page being read. */
type Cursor = { channels: Record<string, ChannelRef & { link: string | null }>; queue: string[]; page: string | null };

const enc = encodeURIComponent;
const keyOf = (c: ChannelRef) => `${c.team}/${c.channel}`;
const channelPath = (c: ChannelRef) => `/teams/${enc(c.team)}/channels/${enc(c.channel)}`;

export function teamsAdapter(call: ProviderCallDeps, opts: { pageSize?: number; now?: () => Date } = {}): AppSourceAdapter {
  const pageSize = opts.pageSize ?? PAGE_SIZE;
  const now = opts.now ?? (() => new Date());

  async function all<T extends { value: unknown[]; '@odata.nextLink'?: string }>(path: string, shape: Parameters<typeof shapeOf>[0], what: string) {
    const found: T['value'] = [];
    let at: string | null = path;
    for (let pages = 0; at && pages < MAX_LIST_PAGES; pages++) {
      const page = shapeOf(shape, await providerJson(call, at), 'Microsoft Teams', what) as T;
      found.push(...page.value);
      at = page['@odata.nextLink'] ? apiPathOf(call.apiBase, page['@odata.nextLink']) : null;
    }
    return found;
  }

  async function allChannels(): Promise<ChannelRef[]> {
    const channels: ChannelRef[] = [];
    for (const t of await all<{ value: { id: string; displayName?: string | null }[] }>('/me/joinedTeams', teamPage, 'team list'))
      for (const c of await all<{ value: { id: string; displayName?: string | null }[] }>(`/teams/${enc(t.id)}/channels`, channelPage, 'channel list'))
        channels.push({ team: t.id, channel: c.id, name: `${t.displayName ?? t.id} / ${c.displayName ?? c.id}` });
    return channels;
  }

  /** `parent`: the message a reply answers (its remote id), null for a channel's top-level message. */
  function document(c: ChannelRef, m: TeamsMessage, parent: string | null = null): AppDocument | null {
    if (m['@removed'] || m.deletedDateTime || (m.messageType && m.messageType !== 'message')) return null;
    const content = m.body?.content ?? '';
    const body = m.body?.contentType?.toLowerCase() === 'text' ? capText(content) : htmlToText(content);
    const firstLine = (m.subject || body.text.split('\n', 1)[0]).slice(0, 80);
    const author = m.from?.user?.displayName ?? m.from?.application?.displayName ?? null;
    return {
      remoteId: `${c.channel}:${m.id}`,
      kind: 'MESSAGE',
      title: firstLine || 'Message',
      text: body.text,
      truncated: body.truncated,
      url: m.webUrl?.startsWith('https://') ? m.webUrl : null,
      updatedAt: m.lastModifiedDateTime ?? m.createdDateTime ?? null,
      authors: author ? [author] : [],
      container: c.name,
      readers: { group: { kind: 'teams_channel', key: teamsChannelKey(c.team, c.channel) } },
      parentRemoteId: parent,
    };
  }

  const messageId = (c: ChannelRef, m: TeamsMessage) => `${c.channel}:${m.id}`;
  /** A message's replies as changes: each live one a document under the message, each deleted one a removal. Expanded ones are taken as sent. */
  async function replyChanges(c: ChannelRef, m: TeamsMessage): Promise<AppChange[]> {
    const more = m['replies@odata.nextLink'];
    const rest = more ? await all<{ value: TeamsMessage[] }>(apiPathOf(call.apiBase, more), messagePage, 'reply page') : [];
    const replies = m.replies
      ? [...m.replies, ...rest]
      : await all<{ value: TeamsMessage[] }>(`${channelPath(c)}/messages/${enc(m.id)}/replies?$top=${pageSize}`, messagePage, 'reply page');
    return replies.map((r) => {
      const doc = document(c, r, messageId(c, m));
      return { remoteId: messageId(c, r), removed: doc === null, document: doc };
    });
  }

  const messages = async (path: string, query?: Record<string, string | number>) =>
    shapeOf(messagePage, await providerJson(call, path, { query }), 'Microsoft Teams', 'message page');

  return {
    // A message older than the delta's eight months, and its replies, show in no delta.
    deltaMissesRemovals: true,
    async listPage(checkpoint) {
      const walk: Walk = checkpoint ? (JSON.parse(checkpoint) as Walk) : { channels: null, next: null };
      if (!walk.channels) {
        const channels = await allChannels();
        return { documents: [], checkpoint: channels.length ? JSON.stringify({ channels, next: null } satisfies Walk) : null };
      }
      const [c, ...rest] = walk.channels;
      const page = walk.next ? await messages(walk.next) : await messages(`${channelPath(c)}/messages`, { $top: pageSize, $expand: 'replies' });
      const documents: AppDocument[] = [];
      for (const m of page.value) {
        const d = document(c, m);
        if (!d) continue;
        documents.push(d);
        for (const r of await replyChanges(c, m)) if (r.document) documents.push(r.document);
      }
      const nextLink = page['@odata.nextLink'];
      const next: Walk = nextLink ? { channels: walk.channels, next: apiPathOf(call.apiBase, nextLink) } : { channels: rest, next: null };
      return { documents, checkpoint: next.channels?.length ? JSON.stringify(next) : null };
    },

    async startCursor() {
      const since = now().toISOString();
      const channels: Cursor['channels'] = {};
      for (const c of await allChannels()) {
        let page = await messages(`${channelPath(c)}/messages/delta`, chainsSince(since));
        for (let pages = 0; page['@odata.nextLink'] && pages < MAX_LIST_PAGES; pages++) page = await messages(apiPathOf(call.apiBase, page['@odata.nextLink']));
        const link = page['@odata.deltaLink'];
        if (!link) throw new ProviderHttpError(502, 'Microsoft Teams ended a delta without a delta link');
        channels[keyOf(c)] = { ...c, link: apiPathOf(call.apiBase, link) };
      }
      return JSON.stringify({ channels, queue: [], page: null } satisfies Cursor);
    },

    async deltaPage(cursor) {
      let c = JSON.parse(cursor) as Cursor;
      if (!c.queue.length && !c.page) {
        // A new round: channels joined since are read whole.
        const channels = Object.fromEntries((await allChannels()).map((ch) => [keyOf(ch), c.channels[keyOf(ch)] ?? { ...ch, link: null }]));
        c = { channels, queue: Object.keys(channels).sort(), page: null };
        if (!c.queue.length) return { changes: [], cursor: JSON.stringify(c), more: false };
      }
      const key = c.queue[0];
      const channel = c.channels[key];
      let page: Awaited<ReturnType<typeof messages>>;
      try {
        page = await messages(
          c.page ?? channel.link ?? `${channelPath(channel)}/messages/delta`,
          c.page || channel.link ? undefined : { $top: pageSize, ...chainsSince(WHOLE_CHANNEL) },
        );
      } catch (err) {
        if (!(err instanceof ProviderHttpError) || err.status !== 404) throw err;
        // Gone since the round began (deleted, or the person left the team): dropped.
        const { [key]: _gone, ...channels } = c.channels;
        const queue = c.queue.slice(1);
        return { changes: [], cursor: JSON.stringify({ channels, queue, page: null } satisfies Cursor), more: queue.length > 0 };
      }
      const changes: AppChange[] = [];
      for (const m of page.value) {
        const doc = document(channel, m);
        changes.push({ remoteId: messageId(channel, m), removed: doc === null, document: doc });
        // A message new or edited, or one whose replies changed, comes with its replies (expanded).
        if (doc) changes.push(...(await replyChanges(channel, m)));
      }
      const nextLink = page['@odata.nextLink'];
      const deltaLink = page['@odata.deltaLink'];
      if (!nextLink && !deltaLink) throw new ProviderHttpError(502, 'Microsoft Teams ended a delta without a delta link');
      const after: Cursor = nextLink
        ? { ...c, page: apiPathOf(call.apiBase, nextLink) }
        : { channels: { ...c.channels, [key]: { ...channel, link: apiPathOf(call.apiBase, deltaLink as string) } }, queue: c.queue.slice(1), page: null };
      return { changes, cursor: JSON.stringify(after), more: after.queue.length > 0 || after.page !== null };
    },
  };
}
