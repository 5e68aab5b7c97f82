// A person's availability (seed 000's `availability` modal): the busy times of their connected
// calendar over the next days: Gmail with Calendar through Google's free/busy query, Outlook through
// Microsoft Graph's getSchedule (the one connected most recently when both are). No calendar
// connected, or Gmail connected without the calendar permission: `connected: false`, and the app
// offers to connect one. The busy times are read when asked and never kept.
import type { Actor } from '../shared/actor.js';
import { type BusyInterval, googleBusy } from './adapters/google-freebusy.js';
import { graphBusy } from './adapters/graph-schedule.js';
import type { ProviderCallDeps } from './provider-call.js';
import { AVAILABILITY_CONNECTOR, type CalendarConnector, isCalendarConnector } from './calendar-connectors.js';
import { connectionCall } from './connection-call.js';
import type { ConnectorsContext } from './context.js';
import { connectorErrors } from './errors.js';
import { missingPermissions } from './permissions.js';
import { connectionsOf } from './queries.js';
import { connectorInfo } from './registry.js';
import { connectorActor } from './use-cases.js';

/** Each calendar connector's free/busy call. */
const CALENDAR_READERS: Record<CalendarConnector, (call: ProviderCallDeps, from: Date, to: Date) => Promise<BusyInterval[]>> = {
  gmail: googleBusy,
  outlook: graphBusy,
};

export async function calendarAvailability(ctx: ConnectorsContext, actor: Actor, input: { days: number }) {
  const who = await connectorActor(ctx, actor);
  const from = ctx.now();
  const to = new Date(from.getTime() + input.days * 86_400_000);
  const window = { from: from.toISOString(), to: to.toISOString() };
  // Newest first (connectionsOf's order): the calendar connected last is the one read.
  const row = (await connectionsOf(ctx.db, { userId: who.userId })).find(
    (r) => isCalendarConnector(r.connector) && r.status === 'connected' && !missingPermissions(r.connector, r.scope).includes('calendar'),
  );
  if (!row) return { connected: false, connector: AVAILABILITY_CONNECTOR, ...window, busy: [] };
  const info = connectorInfo(row.connector);
  if (!info) throw connectorErrors.unknownConnector();
  if (!ctx.connectors.clients[info.family]) throw connectorErrors.notConfigured(info.label);
  const through = await connectionCall(ctx, row.connection_uuid, { answerNow: true });
  if (!through) throw connectorErrors.connectionNotFound();
  try {
    return { connected: true, connector: row.connector, ...window, busy: await CALENDAR_READERS[row.connector as CalendarConnector](through.call, from, to) };
  } catch (err) {
    ctx.logger.warn({ connector: info.label, reason: (err as Error).message }, 'availability could not be read');
    throw connectorErrors.providerNotResponding(info.label);
  }
}
