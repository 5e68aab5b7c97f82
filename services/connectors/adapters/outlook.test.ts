// The Outlook adapter against a fake of Microsoft Graph's mail and calendar delta queries on
// 127.0.0.1 (tests/fakes/oauth/outlook.ts): Inbox, Sent Items and the calendar walked and resumed
// from any checkpoint, deltas with edits and removals from the delta links, a delta link Graph no
// longer honours said so, a link to another address refused, malformed pages refused with a
// reason, long bodies capped, a 429 storm waited out and an expired token refreshed.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { drainDelta, walkApp, walkResumed } from '../../../tests/fakes/oauth/app-walk.js';
import { fakeCallDeps } from '../../../tests/fakes/oauth/call-deps.js';
import { createFakeOutlook } from '../../../tests/fakes/oauth/outlook.js';
import { type OAuthFake, startOAuthFake } from '../../../tests/fakes/oauth/provider.js';
import { MAX_DOCUMENT_TEXT } from './app-text.js';
import { outlookAdapter } from './outlook.js';
import { CursorExpired } from './types.js';

let fake: OAuthFake;
const o = createFakeOutlook();
const EVIL = '<script>alert(1)</script> {{7*7}}';

beforeAll(async () => {
  fake = await startOAuthFake({ family: 'microsoft', clientId: 'c', clientSecret: 's', api: o.api });
  o.inbox.put({ id: 'i1', subject: 'Budget', from: 'ada@example.com', to: ['person@provider.example'], body: 'The budget is 42.' });
  o.inbox.put({
    id: 'i2',
    subject: 'Launch',
    from: 'bob@example.com',
    to: ['person@provider.example'],
    body: '<p>Launch <b>Tuesday</b></p><script>x()</script>',
    html: true,
  });
  o.inbox.put({ id: 'i3', subject: 'Evil', from: 'eve@example.com', to: ['person@provider.example'], body: EVIL });
  o.sent.put({ id: 's1', subject: 'Re: Budget', from: 'person@provider.example', to: ['ada@example.com'], body: 'Thanks' });
  o.calendar.put({ id: 'c1', subject: 'Standup', start: '2026-12-02T09:00:00', end: '2026-12-02T09:15:00', organizer: 'ada@example.com', location: 'Room 1' });
  o.calendar.put({ id: 'c2', subject: 'Cancelled', start: '2026-12-03T09:00:00', end: '2026-12-03T09:15:00', cancelled: true });
});
afterAll(async () => fake?.close());

const run = (pageSize = 2) => {
  const r = fakeCallDeps(fake, 'microsoft');
  return { ...r, a: outlookAdapter(r.deps, { pageSize, now: () => new Date('2026-12-01T00:00:00Z') }) };
};
const ids = (docs: { remoteId: string }[]) => docs.map((d) => d.remoteId).sort();
const ALL = ['event:c1', 'mail:i1', 'mail:i2', 'mail:i3', 'sent:s1'];

describe('the Outlook adapter', () => {
  it('walks the Inbox, Sent Items and the calendar (cancelled left out) within a year each way', async () => {
    const { documents, checkpoint } = await walkApp(run().a);
    expect(checkpoint).toBeNull();
    expect(ids(documents)).toEqual(ALL);
    const by = (id: string) => documents.find((d) => d.remoteId === id);
    expect(by('mail:i1')).toMatchObject({
      kind: 'MAIL',
      title: 'Budget',
      text: 'From: ada@example.com\nTo: person@provider.example\nDate: 2026-12-01T10:00:00Z\n\nThe budget is 42.',
      container: 'Inbox',
      authors: ['ada@example.com'],
      readers: null,
      url: 'https://outlook.office365.com/owa/?ItemID=i1',
    });
    expect(by('mail:i2')?.text.endsWith('\n\nLaunch Tuesday')).toBe(true);
    expect(by('mail:i3')?.text.endsWith(EVIL)).toBe(true);
    expect(by('sent:s1')?.container).toBe('Sent Items');
    expect(by('event:c1')).toMatchObject({
      kind: 'EVENT',
      text: 'When: 2026-12-02T09:00:00 – 2026-12-02T09:15:00 (UTC)\nWhere: Room 1\nOrganizer: ada@example.com',
      container: 'Outlook Calendar',
    });
    const window = new URLSearchParams(o.state.calendarQueries.at(-1));
    expect([window.get('startDateTime'), window.get('endDateTime')]).toEqual(['2025-12-01T00:00:00.000Z', '2027-12-01T00:00:00.000Z']);
  });

  it('resumed from any checkpoint (a crash between pages), lists everything exactly once', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 5 }), fc.integer({ min: 1, max: 3 }), async (stopAfter, pageSize) => {
        const walked = await walkResumed(() => run(pageSize).a, stopAfter);
        expect(ids(walked)).toEqual(ALL);
      }),
      { numRuns: 15 },
    );
  });

  it('finds new, edited and removed mails and events through the delta links, each once', async () => {
    onTestFinished(() => {
      o.inbox.remove('i4');
      o.inbox.put({ id: 'i3', subject: 'Evil', from: 'eve@example.com', to: ['person@provider.example'], body: EVIL });
      o.calendar.put({
        id: 'c1',
        subject: 'Standup',
        start: '2026-12-02T09:00:00',
        end: '2026-12-02T09:15:00',
        organizer: 'ada@example.com',
        location: 'Room 1',
      });
    });
    const { a } = run();
    const cursor = await a.startCursor();
    o.inbox.put({ id: 'i4', subject: 'New', from: 'new@example.com', to: [], body: 'fresh' });
    o.inbox.remove('i3');
    o.calendar.put({ id: 'c1', subject: 'Standup (moved)', start: '2026-12-02T10:00:00', end: '2026-12-02T10:15:00' });
    const first = await drainDelta(a, cursor);
    expect(first.changes.map((c) => `${c.remoteId}:${c.removed ? 'removed' : c.document?.title}`).sort()).toEqual([
      'event:c1:Standup (moved)',
      'mail:i3:removed',
      'mail:i4:New',
    ]);
    expect((await drainDelta(a, first.cursor)).changes).toEqual([]);
  });

  it('says when Graph no longer honours a delta link, so everything is listed again', async () => {
    const { a } = run();
    const cursor = await a.startCursor();
    o.inbox.state.expiredBelow = o.inbox.state.seq + 1;
    onTestFinished(() => {
      o.inbox.state.expiredBelow = 0;
    });
    await expect(drainDelta(a, cursor)).rejects.toBeInstanceOf(CursorExpired);
  });

  it('follows no next or delta link to another address', async () => {
    o.inbox.state.foreignLinks = true;
    onTestFinished(() => {
      o.inbox.state.foreignLinks = false;
    });
    await expect(run().a.listPage(null)).rejects.toThrow("the provider's link leaves its configured address");
    await expect(run(10).a.startCursor()).rejects.toThrow("the provider's link leaves its configured address");
  });

  it('refuses a malformed page with a reason naming Outlook and the field', async () => {
    o.inbox.put({ id: 'bad', subject: '', from: '', to: [], body: '', raw: { id: 'bad', toRecipients: 'everyone' } });
    onTestFinished(() => o.inbox.remove('bad'));
    await expect(walkApp(run(10).a)).rejects.toThrow('Outlook sent a malformed message page (at value.3.toRecipients)');
  });

  it('caps a long body at the text limit and says so', async () => {
    o.sent.put({ id: 'long', subject: 'Long', from: 'a@example.com', to: [], body: 'a'.repeat(MAX_DOCUMENT_TEXT + 5) });
    onTestFinished(() => o.sent.remove('long'));
    const long = (await walkApp(run(10).a)).documents.find((d) => d.remoteId === 'sent:long');
    expect(long?.truncated).toBe(true);
    expect(long?.text.length).toBe(MAX_DOCUMENT_TEXT);
  });

  it('waits out a 429 storm as Graph asks, losing and doubling nothing', async () => {
    const { a, rateLimited } = run();
    o.state.rateLimitNext = 4;
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
