// Availability in the mock API, as the server answers it (services/connectors/availability.ts):
// `connected` only while the signed-in person has a calendar connector (Gmail with Calendar with
// the calendar permission, or Outlook) connected (the mock connectors' events), the latest one
// read; then two fixed meetings stand in for Google's freeBusy or Graph's getSchedule.
import { getGetCalendarAvailabilityMockHandler } from '../generated/msw/connectors/connectors.msw';
import { type ConnectionEvent, evolveConnection, NO_CONNECTION } from '../services/connectors/events';
import { AVAILABILITY_CONNECTOR, connectorErrors, isCalendarConnector, missingPermissions } from '../services/connectors/pure';
import { refuse } from './problem';
import { currentUser, type ScenarioState } from './scenarios';

const HOUR = 3_600_000;

/** The mock calendar's meetings: tomorrow 10:00-11:00 and 14:00-15:30, in the browser's time zone. */
export function mockBusy(now: Date) {
  const at = (hours: number) => {
    const d = new Date(now);
    d.setDate(d.getDate() + 1);
    d.setHours(0, 0, 0, 0);
    return new Date(d.getTime() + hours * HOUR).toISOString();
  };
  return [
    { start: at(10), end: at(11) },
    { start: at(14), end: at(15.5) },
  ];
}

export function calendarAvailabilityHandlers(opts: { state: () => ScenarioState }) {
  /** The person's connected calendar connector (the latest connected), or null. */
  const calendarOf = (userId: string) =>
    Object.values(opts.state().connections ?? {})
      .flatMap((events: ConnectionEvent[]) => {
        const first = events.find((e) => e.type === 'ConnectionEstablished');
        if (first?.type !== 'ConnectionEstablished' || !isCalendarConnector(first.data.connector) || first.data.owner_user_id !== userId || first.data.org_uuid)
          return [];
        const renewed = [...events].reverse().find((e) => e.type === 'ConnectionRenewed');
        const scope = renewed?.type === 'ConnectionRenewed' ? renewed.data.scope : first.data.scope;
        const live = events.reduce(evolveConnection, NO_CONNECTION).status === 'connected';
        return live && !missingPermissions(first.data.connector, scope).includes('calendar') ? [first.data.connector] : [];
      })
      .at(-1) ?? null;
  return [
    getGetCalendarAvailabilityMockHandler(({ request }) => {
      const user = currentUser(opts.state()) ?? refuse(connectorErrors.unauthenticated());
      const days = Number(new URL(request.url).searchParams.get('days') ?? 7);
      const from = new Date();
      const to = new Date(from.getTime() + days * 24 * HOUR);
      const calendar = calendarOf(user.id);
      return {
        connected: calendar !== null,
        connector: calendar ?? AVAILABILITY_CONNECTOR,
        from: from.toISOString(),
        to: to.toISOString(),
        busy: calendar ? mockBusy(from) : [],
      };
    }),
  ];
}
