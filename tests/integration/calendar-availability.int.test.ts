// Availability on the real server and PostgreSQL (issue 36, seed 000's `availability` modal), read
// through the calendar connector against the Google fake: not connected answers `connected: false`
// (the app's connect prompt), Gmail with Calendar connected answers the primary calendar's busy
// times in the window (Google's freeBusy), a connection without the calendar permission counts as
// none, and the authorization rows (the person, another person, anonymous) and bad input; and
// Outlook connected answers its calendar's busy times through Microsoft Graph's getSchedule (the
// Graph fake), free and working-elsewhere times left open.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createFakeGmail } from '../fakes/oauth/gmail.js';
import { createFakeOutlook } from '../fakes/oauth/outlook.js';
import { type OAuthFake, startOAuthFake } from '../fakes/oauth/provider.js';
import { connectThroughFake } from '../support/connector-connect.js';
import { createTestDatabase } from '../support/database.js';
import type { Browser } from '../support/http.js';
import { signedUp, visitor } from '../support/people.js';
import { type ServerProcess, startServerProcess } from '../support/server-process.js';

const A = '/rest/connectors/calendar/availability';
const CLIENT = { clientId: 'google-calendar-client', clientSecret: 'google-calendar-secret-1234' };
const MS = { clientId: 'outlook-calendar-client', clientSecret: 'outlook-calendar-secret-1234' };
let database: { url: string; drop: () => Promise<void> };
let server: ServerProcess;
let google: OAuthFake;
const gmail = createFakeGmail();
let microsoft: OAuthFake;
const outlook = createFakeOutlook();
let owner: Browser;
let other: Browser;
let anonymous: Browser;

beforeAll(async () => {
  google = await startOAuthFake({ family: 'google', ...CLIENT, api: gmail.api });
  microsoft = await startOAuthFake({ family: 'microsoft', ...MS, api: outlook.api });
  database = await createTestDatabase('calendar_availability');
  server = await startServerProcess({
    databaseUrl: database.url,
    env: {
      CONNECTOR_GOOGLE_CLIENT_ID: CLIENT.clientId,
      CONNECTOR_GOOGLE_CLIENT_SECRET: CLIENT.clientSecret,
      CONNECTOR_GOOGLE_BASE_URL: google.url,
      CONNECTOR_MICROSOFT_CLIENT_ID: MS.clientId,
      CONNECTOR_MICROSOFT_CLIENT_SECRET: MS.clientSecret,
      CONNECTOR_MICROSOFT_BASE_URL: microsoft.url,
    },
  });
  [owner, other, anonymous] = [await signedUp(server.url, 'Cal'), await signedUp(server.url, 'Dot'), await visitor(server.url)];
}, 120_000);
afterAll(async () => {
  await server?.stop();
  await google?.close();
  await microsoft?.close();
  await database?.drop();
});

const inHours = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString().replace(/\.\d{3}Z$/, '.000Z');

describe('authorization rows', () => {
  test('each signed-in person reads their own availability; anonymous is refused', async () => {
    for (const b of [owner, other]) {
      const res = await b.get(A);
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({ connected: false, connector: 'gmail', busy: [] });
    }
    const refused = await anonymous.get(A);
    expect(refused.status).toBe(401);
  });

  test('days outside 1 to 14 is refused', async () => {
    expect((await owner.get(`${A}?days=0`)).status).toBe(400);
    expect((await owner.get(`${A}?days=15`)).status).toBe(400);
  });
});

describe('through Gmail with Calendar', () => {
  test('the busy times of the window come from the connected calendar, and only the owner’s', async () => {
    const first = { start: inHours(2), end: inHours(3) };
    const second = { start: inHours(26), end: inHours(27) };
    gmail.event({ id: 'e1', summary: 'Standup', ...first });
    gmail.event({ id: 'e2', summary: 'Review', ...second });
    gmail.event({ id: 'e3', summary: 'Far away', start: inHours(24 * 10), end: inHours(24 * 10 + 1) });
    gmail.event({ id: 'e4', summary: 'Called off', start: inHours(5), end: inHours(6), cancelled: true });
    google.state.account = { id: 'cal-google', email: 'cal@provider.example', name: 'Cal' };
    expect((await connectThroughFake(owner, server.url, 'gmail')).searchParams.get('connected')).toBe('gmail');

    const week = await owner.get(`${A}?days=7`);
    expect(week.status).toBe(200);
    expect(week.json.connected).toBe(true);
    expect(week.json.busy).toEqual([first, second]);
    expect(Date.parse(week.json.to) - Date.parse(week.json.from)).toBe(7 * 86_400_000);
    expect((await owner.get(`${A}?days=1`)).json.busy).toEqual([first]);
    expect((await other.get(A)).json).toMatchObject({ connected: false, busy: [] });
  });

  test('a connection made without the calendar permission counts as no calendar', async () => {
    const dot = await signedUp(server.url, 'Dora');
    google.state.account = { id: 'dora-google', email: 'dora@provider.example', name: 'Dora' };
    google.state.grantScope = 'https://www.googleapis.com/auth/gmail.readonly openid email';
    try {
      await connectThroughFake(dot, server.url, 'gmail');
    } finally {
      google.state.grantScope = null;
    }
    expect((await dot.get(A)).json).toMatchObject({ connected: false, busy: [] });
  });
});

describe('through Outlook (Microsoft Graph getSchedule)', () => {
  test('the busy times of the window come from the Outlook calendar, in UTC; free and working elsewhere stay open; only the owner’s', async () => {
    const olive = await signedUp(server.url, 'Olive');
    const meeting = { start: inHours(4), end: inHours(5) };
    const maybe = { start: inHours(30), end: inHours(31) };
    outlook.calendar.put({ id: 'o1', subject: 'Planning', ...meeting });
    outlook.calendar.put({ id: 'o2', subject: 'Perhaps', ...maybe, showAs: 'tentative' });
    outlook.calendar.put({ id: 'o3', subject: 'Focus (free)', start: inHours(8), end: inHours(9), showAs: 'free' });
    outlook.calendar.put({ id: 'o4', subject: 'From home', start: inHours(10), end: inHours(11), showAs: 'workingElsewhere' });
    outlook.calendar.put({ id: 'o5', subject: 'Called off', start: inHours(12), end: inHours(13), cancelled: true });
    outlook.calendar.put({ id: 'o6', subject: 'Far away', start: inHours(24 * 10), end: inHours(24 * 10 + 1) });
    microsoft.state.account = { id: 'olive-ms', email: 'olive@contoso.example', name: 'Olive' };
    expect((await connectThroughFake(olive, server.url, 'outlook')).searchParams.get('connected')).toBe('outlook');

    const week = await olive.get(`${A}?days=7`);
    expect(week.status, week.text).toBe(200);
    expect(week.json).toMatchObject({ connected: true, connector: 'outlook' });
    expect(week.json.busy).toEqual([meeting, maybe]);
    // Asked for the person's own mailbox over the window, in UTC both ways.
    const asked = outlook.state.scheduleRequests.at(-1)!;
    expect(asked.prefer).toBe('outlook.timezone="UTC"');
    expect(asked.body).toMatchObject({
      schedules: ['olive@contoso.example'],
      startTime: { dateTime: week.json.from.slice(0, 19), timeZone: 'UTC' },
      endTime: { dateTime: week.json.to.slice(0, 19), timeZone: 'UTC' },
    });
    expect((await olive.get(`${A}?days=1`)).json.busy).toEqual([meeting]);
    // Someone else's availability is their own: nothing of Olive's calendar.
    expect((await other.get(A)).json).toMatchObject({ connected: false, busy: [] });
  });

  test('Graph refusing the schedule answers 503 connector_not_responding, not an empty list', async () => {
    const fay = await signedUp(server.url, 'Fay');
    microsoft.state.account = { id: 'fay-ms', email: 'fay@contoso.example', name: 'Fay' };
    await connectThroughFake(fay, server.url, 'outlook');
    outlook.state.scheduleFails = true;
    try {
      const refused = await fay.get(A);
      expect(refused.status).toBe(503);
      expect(refused.json).toMatchObject({ code: 'connector_not_responding' });
    } finally {
      outlook.state.scheduleFails = false;
    }
  });
});
