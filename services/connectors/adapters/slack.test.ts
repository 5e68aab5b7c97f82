// The Slack adapter against a fake of Slack's Web API on 127.0.0.1 (tests/fakes/oauth/slack.ts):
// the person's channels (public and private, not archived ones nor ones they never joined), one
// document per message with its author, mentions and links in plain text, walked and resumed
// from any checkpoint with nothing lost or doubled; the delta after each channel's newest ts,
// joined channels whole; 429 waited out, Slack's `ok: false` refusals of an expired token
// refreshed once, its passing failures retried, the rest failing; channel members as readers.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { drainDelta, walkApp, walkResumed } from '../../../tests/fakes/oauth/app-walk.js';
import { fakeCallDeps } from '../../../tests/fakes/oauth/call-deps.js';
import { type OAuthFake, startOAuthFake } from '../../../tests/fakes/oauth/provider.js';
import { createFakeSlack } from '../../../tests/fakes/oauth/slack.js';
import { ProviderHttpError } from '../provider-call.js';
import { slackAdapter } from './slack.js';
import { slackChannelMembers } from './slack-members.js';

let fake: OAuthFake;
const slack = createFakeSlack();
const ME = 'acct-1';
let firstTs = '';
let mentionTs = '';
let replyTs = '';

beforeAll(async () => {
  fake = await startOAuthFake({ family: 'slack', clientId: 'c', clientSecret: 's', api: slack.api });
  slack.users.set(ME, { name: 'person', real_name: 'Person' });
  slack.users.set('U2', { name: 'ada', real_name: 'Ada Lovelace' });
  slack.users.set('U3', { name: 'bob', real_name: 'Bob' });
  slack.channel({ id: 'C1', name: 'general', members: [ME, 'U2'] });
  slack.channel({ id: 'C2', name: 'secret', private: true, members: [ME] });
  slack.channel({ id: 'C3', name: 'random', members: ['U2'] });
  slack.channel({ id: 'C4', name: 'old', archived: true, members: [ME] });
  slack.channel({ id: 'C5', name: 'others', private: true, members: ['U2'] });
  firstTs = slack.post('C1', { text: 'Release is on Friday.\nDetails below.', user: 'U2' });
  slack.post('C1', { text: 'joined', user: 'U3', subtype: 'channel_join' });
  mentionTs = slack.post('C1', { text: '<@U3> see <https://x.example|the doc> &lt;script&gt;alert(1)&lt;/script&gt; in <#C2|secret>', user: ME });
  replyTs = slack.post('C1', { text: 'Thanks!', user: 'U3', thread_ts: firstTs });
  slack.post('C1', { text: 'Deploy done', username: 'deploybot', subtype: 'bot_message' });
  slack.post('C1', { text: 'From a gone user', user: 'U404' });
  for (let i = 0; i < 3; i++) slack.post('C2', { text: `secret ${i}`, user: ME });
  for (const c of ['C3', 'C4', 'C5']) slack.post(c, { text: `not mine in ${c}`, user: 'U2' });
});
afterAll(async () => fake?.close());

const adapter = (pageSize = 2) => {
  const run = fakeCallDeps(fake, 'slack');
  return { ...run, a: slackAdapter(run.deps, { pageSize }) };
};
const ids = (docs: { remoteId: string }[]) => docs.map((d) => d.remoteId).sort();
const mine = () =>
  ['C1', 'C2'].flatMap((c) => (slack.channels.get(c)?.messages ?? []).filter((m) => m.subtype !== 'channel_join').map((m) => `${c}:${m.ts}`)).sort();

describe('the Slack adapter', () => {
  it("walks the person's channels, one document per message, in plain text with names", async () => {
    const before = slack.state.calls.usersInfo;
    const { documents, checkpoint } = await walkApp(adapter().a);
    expect(checkpoint).toBeNull();
    expect(ids(documents)).toEqual(mine());
    expect(documents).toHaveLength(8);
    expect(documents.find((d) => d.remoteId === `C1:${firstTs}`)).toMatchObject({
      kind: 'MESSAGE',
      title: '#general: Release is on Friday.',
      text: 'Release is on Friday.\nDetails below.',
      url: `https://acme.slack.com/archives/C1/p${firstTs.replace('.', '')}`,
      authors: ['Ada Lovelace'],
      container: 'general',
      readers: { group: { kind: 'slack_channel', key: 'C1' } },
      parentRemoteId: null,
    });
    expect(documents.find((d) => d.remoteId === `C1:${mentionTs}`)?.text).toBe('@Bob see the doc (https://x.example) <script>alert(1)</script> in #secret');
    expect(documents.find((d) => d.remoteId === `C1:${replyTs}`)?.parentRemoteId).toBe(`C1:${firstTs}`);
    expect(documents.find((d) => d.text === 'Deploy done')?.authors).toEqual(['deploybot']);
    expect(documents.find((d) => d.text === 'From a gone user')?.authors).toEqual(['U404']);
    // users.info once per person (Ada, Bob, the person, the gone one) for the whole walk.
    expect(slack.state.calls.usersInfo - before).toBe(4);
  });

  it('resumed from any checkpoint (a crash between pages), lists everything exactly once', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 10 }), fc.integer({ min: 1, max: 4 }), async (stopAfter, pageSize) => {
        const walked = await walkResumed(() => adapter(pageSize).a, stopAfter);
        expect(ids(walked)).toEqual(mine());
      }),
      { numRuns: 15 },
    );
  });

  it("finds messages after each channel's newest, and a joined channel whole, each once", async () => {
    const { a } = adapter();
    const cursor = await a.startCursor();
    const posted = [slack.post('C1', { text: 'new in general', user: 'U2' }), slack.post('C2', { text: 'new secret', user: ME })];
    for (let i = 0; i < 3; i++) posted.push(slack.post('C2', { text: `more ${i}`, user: ME }));
    slack.channels.get('C3')?.members.push(ME);
    const first = await drainDelta(a, cursor);
    const c3 = slack.channels.get('C3')?.messages.map((m) => `C3:${m.ts}`) ?? [];
    expect(ids(first.changes)).toEqual([`C1:${posted[0]}`, ...posted.slice(1).map((ts) => `C2:${ts}`), ...c3].sort());
    expect(first.changes.every((c) => !c.removed)).toBe(true);
    expect((await drainDelta(a, first.cursor)).changes).toEqual([]);
    slack.channels.get('C3')?.members.pop();
  });

  it('drops a channel gone since the round began rather than stopping at it for ever', async () => {
    const { a } = adapter(10);
    const first = await a.deltaPage(await a.startCursor());
    expect(first.more).toBe(true);
    const secret = slack.channels.get('C2');
    onTestFinished(() => {
      if (secret) slack.channels.set('C2', secret);
    });
    slack.channels.delete('C2');
    const second = await a.deltaPage(first.cursor);
    expect(second).toMatchObject({ changes: [], more: false });
    expect(Object.keys(JSON.parse(second.cursor).channels)).toEqual(['C1']);
  });

  it('waits out a 429 storm as Slack asks, losing and doubling nothing', async () => {
    const { a, rateLimited } = adapter();
    slack.state.rateLimitNext = 4;
    expect(ids((await walkApp(a)).documents)).toEqual(mine());
    expect(rateLimited).toHaveLength(4);
  });

  it('refreshes a token Slack calls expired (HTTP 200, ok: false) once and goes on', async () => {
    const run = adapter();
    const first = await run.a.listPage(null);
    fake.expire(run.current());
    const second = await run.a.listPage(first.checkpoint);
    expect(second.documents.length).toBeGreaterThan(0);
    expect(run.refreshed).toHaveLength(1);
  });

  it("retries Slack's passing failures and fails on the others", async () => {
    slack.state.errorNext = 'internal_error';
    expect((await adapter().a.listPage(null)).checkpoint).not.toBeNull();
    slack.state.errorNext = 'missing_scope';
    await expect(adapter().a.listPage(null)).rejects.toMatchObject({ status: 400, message: 'Slack answered missing_scope' });
    await expect(adapter().a.listPage(null)).resolves.toBeTruthy();
  });

  it("names a channel's members as the account keys connections carry, page by page", async () => {
    const { deps } = fakeCallDeps(fake, 'slack');
    expect(await slackChannelMembers(deps, 'C1', 1)).toEqual([`T1:${ME}`, 'T1:U2']);
    await expect(slackChannelMembers(deps, 'C404')).rejects.toBeInstanceOf(ProviderHttpError);
  });
});
