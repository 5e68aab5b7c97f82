// The Microsoft Teams adapter against a fake of Graph's Teams API on 127.0.0.1
// (tests/fakes/oauth/teams.ts): every joined channel's messages walked and resumed from any
// checkpoint with their replies, read by the channel's members (a group asked again at each sync), the channel message deltas (edits
// with their replies, deletions, a new channel whole, a reply to a quiet message with no call of its own) each once, system messages left out, malformed pages refused with a reason, a
// next link elsewhere refused, a 429 storm waited out and an expired token refreshed.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { drainDelta, walkApp, walkResumed } from '../../../tests/fakes/oauth/app-walk.js';
import { fakeCallDeps } from '../../../tests/fakes/oauth/call-deps.js';
import { type OAuthFake, startOAuthFake } from '../../../tests/fakes/oauth/provider.js';
import { createFakeTeams } from '../../../tests/fakes/oauth/teams.js';
import { MAX_DOCUMENT_TEXT } from './app-text.js';
import { teamsAdapter } from './teams.js';
import { teamsChannelReaders } from './teams-members.js';

let fake: OAuthFake;
const t = createFakeTeams();
const EVIL = '&lt;script&gt;alert(1)&lt;/script&gt; {{7*7}}';

beforeAll(async () => {
  fake = await startOAuthFake({ family: 'microsoft', clientId: 'c', clientSecret: 's', api: t.api });
  t.team('T1', 'Acme');
  t.channel('T1', 'general', 'General', ['Ada@Example.com', 'bob@example.com']);
  t.channel('T1', 'secret', 'Secret', ['ada@example.com']);
  t.messages('T1', 'general').put({ id: 'm1', html: '<p>Hello <b>team</b></p>', from: 'Ada' });
  t.messages('T1', 'general').put({ id: 'm2', html: `<div>${EVIL}</div><script>x()</script>`, from: 'Bob' });
  t.messages('T1', 'general').put({ id: 'm3', html: 'Bob joined', from: 'System', system: true });
  t.messages('T1', 'secret').put({ id: 'm4', html: 'launch codes', from: 'Ada' });
  t.replies('T1', 'general', 'm1').put({ id: 'r1', html: '<p>Agreed, <i>team</i></p>', from: 'Bob' });
});
afterAll(async () => fake?.close());

const run = (pageSize = 2) => {
  const r = fakeCallDeps(fake, 'microsoft');
  return { ...r, a: teamsAdapter(r.deps, { pageSize }) };
};
const ids = (docs: { remoteId: string }[]) => docs.map((d) => d.remoteId).sort();
const ALL = ['general:m1', 'general:m2', 'general:r1', 'secret:m4'];

describe('the Microsoft Teams adapter', () => {
  it("walks every joined channel's messages, read by the channel's members, system messages left out", async () => {
    const { documents, checkpoint } = await walkApp(run().a);
    expect(checkpoint).toBeNull();
    expect(ids(documents)).toEqual(ALL);
    const by = (id: string) => documents.find((d) => d.remoteId === id);
    expect(by('general:m1')).toMatchObject({
      kind: 'MESSAGE',
      title: 'Hello team',
      text: 'Hello team',
      authors: ['Ada'],
      container: 'Acme / General',
      url: 'https://teams.microsoft.com/l/message/general/m1?groupId=T1',
      readers: { group: { kind: 'teams_channel', key: 'T1/general' } },
    });
    expect(by('general:m2')?.text).toBe('<script>alert(1)</script> {{7*7}}');
    // A reply is a document of its own under its message, read by the same channel's members.
    expect(by('general:r1')).toMatchObject({
      kind: 'MESSAGE',
      text: 'Agreed, team',
      authors: ['Bob'],
      parentRemoteId: 'general:m1',
      readers: { group: { kind: 'teams_channel', key: 'T1/general' } },
    });
    expect(by('general:m1')?.parentRemoteId).toBeNull();
    expect(by('secret:m4')?.readers).toEqual({ group: { kind: 'teams_channel', key: 'T1/secret' } });
  });

  it("names a channel's readers by its members' addresses and account ids, as the source says each time it is asked", async () => {
    const { deps } = run();
    expect(await teamsChannelReaders(deps, 'T1/general')).toEqual([
      'aad-ada@example.com',
      'aad-bob@example.com',
      'email:ada@example.com',
      'email:bob@example.com',
    ]);
    const general = t.teams.get('T1')?.channels.get('general');
    if (!general) throw new Error('no general channel');
    general.members = ['ada@example.com'];
    onTestFinished(() => {
      general.members = ['Ada@Example.com', 'bob@example.com'];
    });
    expect(await teamsChannelReaders(deps, 'T1/general')).toEqual(['aad-ada@example.com', 'email:ada@example.com']);
    await expect(teamsChannelReaders(deps, 'T1/nowhere')).rejects.toMatchObject({ status: 404 });
  });

  it('resumed from any checkpoint (a crash between pages), lists everything exactly once', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 4 }), fc.integer({ min: 1, max: 3 }), async (stopAfter, pageSize) => {
        const walked = await walkResumed(() => run(pageSize).a, stopAfter);
        expect(ids(walked)).toEqual(ALL);
      }),
      { numRuns: 12 },
    );
  });

  it('finds new, edited and deleted messages since the cursor (an edited one with its replies) and a new channel whole, each once', async () => {
    onTestFinished(() => {
      t.replies('T1', 'general', 'm1').put({ id: 'r1', html: '<p>Agreed, <i>team</i></p>', from: 'Bob' });
      t.replies('T1', 'general', 'm1').remove('r2');
      t.teams.get('T1')?.channels.delete('new');
      t.messages('T1', 'general').remove('m5');
      t.messages('T1', 'general').put({ id: 'm1', html: '<p>Hello <b>team</b></p>', from: 'Ada' });
      t.messages('T1', 'secret').put({ id: 'm4', html: 'launch codes', from: 'Ada' });
    });
    const { a } = run();
    const cursor = await a.startCursor();
    t.messages('T1', 'general').put({ id: 'm5', html: 'new one', from: 'Bob' });
    t.messages('T1', 'general').put({ id: 'm1', html: '<p>Hello <b>team</b> (edited)</p>', from: 'Ada' });
    t.replies('T1', 'general', 'm1').put({ id: 'r1', html: 'Agreed', from: 'Bob', deleted: true });
    t.replies('T1', 'general', 'm1').put({ id: 'r2', html: 'second reply', from: 'Ada' });
    t.messages('T1', 'secret').put({ id: 'm4', html: 'launch codes', from: 'Ada', deleted: true });
    t.channel('T1', 'new', 'New', ['bob@example.com']);
    t.messages('T1', 'new').put({ id: 'm6', html: 'first in new', from: 'Bob' });
    const first = await drainDelta(a, cursor);
    expect(first.changes.map((c) => `${c.remoteId}:${c.removed ? 'removed' : c.document?.text}`).sort()).toEqual([
      'general:m1:Hello team (edited)',
      'general:m5:new one',
      'general:r1:removed',
      'general:r2:second reply',
      'new:m6:first in new',
      'secret:m4:removed',
    ]);
    expect((await drainDelta(a, first.cursor)).changes).toEqual([]);
  });

  it("sees a reply posted to a quiet message at the next delta, its message's replies expanded in the delta's own call", async () => {
    onTestFinished(() => t.replies('T1', 'secret', 'm4').remove('r9'));
    const { a } = run();
    const cursor = await a.startCursor();
    t.replies('T1', 'secret', 'm4').put({ id: 'r9', html: 'late reply', from: 'Ada' });
    t.state.calls = [];
    const first = await drainDelta(a, cursor);
    expect(first.changes.map((c) => `${c.remoteId}:${c.removed ? 'removed' : c.document?.text}`)).toEqual(['secret:m4:launch codes', 'secret:r9:late reply']);
    expect(first.changes[1].document?.parentRemoteId).toBe('secret:m4');
    // The round's own calls (the team list, its channel list, one delta page a channel): none a message's.
    expect(t.state.calls.sort()).toEqual([
      '/me/joinedTeams',
      '/teams/T1/channels',
      '/teams/T1/channels/general/messages/delta',
      '/teams/T1/channels/secret/messages/delta',
    ]);
    t.replies('T1', 'secret', 'm4').put({ id: 'r9', html: 'late reply', from: 'Ada', deleted: true });
    const second = await drainDelta(a, first.cursor);
    expect(second.changes.map((c) => `${c.remoteId}:${c.removed ? 'removed' : c.document?.text}`)).toEqual(['secret:m4:launch codes', 'secret:r9:removed']);
    expect((await drainDelta(a, second.cursor)).changes).toEqual([]);
    // A message older than the delta's eight months is in no delta: the periodic walk stays.
    expect(a.deltaMissesRemovals).toBe(true);
  });

  it('follows reply chains in a channel joined since its first round, too', async () => {
    onTestFinished(() => {
      t.teams.get('T1')?.channels.delete('later');
    });
    const { a } = run();
    const cursor = await a.startCursor();
    t.channel('T1', 'later', 'Later', ['ada@example.com']);
    t.messages('T1', 'later').put({ id: 'q1', html: 'quiet one', from: 'Ada' });
    const first = await drainDelta(a, cursor);
    expect(first.changes.map((c) => c.remoteId)).toEqual(['later:q1']);
    t.replies('T1', 'later', 'q1').put({ id: 'q2', html: 'woken up', from: 'Ada' });
    const second = await drainDelta(a, first.cursor);
    expect(second.changes.map((c) => `${c.remoteId}:${c.document?.text}`)).toEqual(['later:q1:quiet one', 'later:q2:woken up']);
  });

  it('refuses a malformed message page with a reason naming Teams and the field', async () => {
    t.messages('T1', 'secret').put({ id: 'bad', html: '', from: '', raw: { id: 'bad', body: { content: 42 } } });
    onTestFinished(() => t.messages('T1', 'secret').remove('bad'));
    await expect(walkApp(run(10).a)).rejects.toThrow('Microsoft Teams sent a malformed message page (at value.1.body.content)');
  });

  it('follows no next link to another address, and caps a long message at the text limit', async () => {
    t.messages('T1', 'general').state.foreignLinks = true;
    onTestFinished(() => {
      t.messages('T1', 'general').state.foreignLinks = false;
    });
    await expect(walkApp(run(1).a)).rejects.toThrow("the provider's link leaves its configured address");
    t.messages('T1', 'general').state.foreignLinks = false;
    t.messages('T1', 'secret').put({ id: 'long', html: 'a'.repeat(MAX_DOCUMENT_TEXT + 5), from: 'Ada' });
    onTestFinished(() => t.messages('T1', 'secret').remove('long'));
    const long = (await walkApp(run(10).a)).documents.find((d) => d.remoteId === 'secret:long');
    expect(long?.truncated).toBe(true);
    expect(long?.text.length).toBe(MAX_DOCUMENT_TEXT);
  });

  it('refuses an answer larger than it reads, saying so, rather than reading it', async () => {
    t.messages('T1', 'secret').put({ id: 'huge', html: 'x'.repeat(17 * 1024 * 1024), from: 'Ada' });
    onTestFinished(() => t.messages('T1', 'secret').remove('huge'));
    await expect(walkApp(run(10).a)).rejects.toThrow("the provider's answer is larger than 16777216 bytes");
  });

  it('waits out a 429 storm as Graph asks, losing and doubling nothing', async () => {
    const { a, rateLimited } = run();
    t.state.rateLimitNext = 4;
    expect(ids((await walkApp(a)).documents)).toEqual(ALL);
    expect(rateLimited).toHaveLength(4);
  });

  it('refreshes an expired token once and goes on', async () => {
    const r = run();
    const first = await r.a.listPage(null);
    fake.expire(r.current());
    expect((await r.a.listPage(first.checkpoint)).documents.length).toBeGreaterThan(0);
    expect(r.refreshed).toHaveLength(1);
  });
});
