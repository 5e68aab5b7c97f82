// Outlook availability against the Graph fake (issue 36): getSchedule for the person's own
// address in UTC, busy/tentative/out-of-office kept and sorted, free and working-elsewhere left
// open, cancelled events ignored, and a per-mailbox error refused rather than read as free.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { fakeCallDeps } from '../../../tests/fakes/oauth/call-deps.js';
import { createFakeOutlook } from '../../../tests/fakes/oauth/outlook.js';
import { type OAuthFake, startOAuthFake } from '../../../tests/fakes/oauth/provider.js';
import { graphBusy } from './graph-schedule.js';

const outlook = createFakeOutlook();
let fake: OAuthFake;
const from = new Date('2026-12-07T00:00:00Z');
const to = new Date('2026-12-14T00:00:00Z');

beforeAll(async () => {
  fake = await startOAuthFake({ family: 'microsoft', clientId: 'c', clientSecret: 's', api: outlook.api });
  fake.state.account = { id: 'ms-1', email: 'pat@contoso.example', name: 'Pat' };
});
afterAll(() => fake?.close());

describe('graphBusy', () => {
  test('the busy items of the window, in UTC and in order; free, working elsewhere and cancelled left open', async () => {
    outlook.calendar.put({ id: 'b', subject: 'Later', start: '2026-12-09T15:00:00Z', end: '2026-12-09T16:30:00Z', showAs: 'oof' });
    outlook.calendar.put({ id: 'a', subject: 'Sooner', start: '2026-12-08T09:00:00Z', end: '2026-12-08T10:00:00Z' });
    outlook.calendar.put({ id: 'c', subject: 'Maybe', start: '2026-12-10T11:00:00Z', end: '2026-12-10T11:30:00Z', showAs: 'tentative' });
    outlook.calendar.put({ id: 'd', subject: 'Free', start: '2026-12-08T12:00:00Z', end: '2026-12-08T13:00:00Z', showAs: 'free' });
    outlook.calendar.put({ id: 'e', subject: 'Home', start: '2026-12-08T14:00:00Z', end: '2026-12-08T15:00:00Z', showAs: 'workingElsewhere' });
    outlook.calendar.put({ id: 'f', subject: 'Off', start: '2026-12-08T16:00:00Z', end: '2026-12-08T17:00:00Z', cancelled: true });
    outlook.calendar.put({ id: 'g', subject: 'Outside', start: '2026-12-20T09:00:00Z', end: '2026-12-20T10:00:00Z' });
    const { deps } = fakeCallDeps(fake, 'microsoft');
    expect(await graphBusy(deps, from, to)).toEqual([
      { start: '2026-12-08T09:00:00.000Z', end: '2026-12-08T10:00:00.000Z' },
      { start: '2026-12-09T15:00:00.000Z', end: '2026-12-09T16:30:00.000Z' },
      { start: '2026-12-10T11:00:00.000Z', end: '2026-12-10T11:30:00.000Z' },
    ]);
    expect(outlook.state.scheduleRequests.at(-1)).toEqual({
      prefer: 'outlook.timezone="UTC"',
      body: {
        schedules: ['pat@contoso.example'],
        startTime: { dateTime: '2026-12-07T00:00:00', timeZone: 'UTC' },
        endTime: { dateTime: '2026-12-14T00:00:00', timeZone: 'UTC' },
        availabilityViewInterval: 30,
      },
    });
  });

  test('a mailbox Graph cannot read is refused, not taken as a free week', async () => {
    outlook.state.scheduleFails = true;
    try {
      await expect(graphBusy(fakeCallDeps(fake, 'microsoft').deps, from, to)).rejects.toThrow('ErrorMailboxNotFound');
    } finally {
      outlook.state.scheduleFails = false;
    }
  });
});
