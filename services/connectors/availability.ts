// A person's availability (seed 000's `availability` modal): the busy times of their connected
// calendar (Gmail with Calendar, read through Google's free/busy query) over the next days. No
// calendar connected, or connected without the calendar permission: `connected: false`, and the
// app offers to connect one. The busy times are read when asked and never kept.
import type { Actor } from '../shared/actor.js';
import { googleBusy } from './adapters/google-freebusy.js';
import { connectionCall } from './connection-call.js';
import type { ConnectorsContext } from './context.js';
import { connectorErrors } from './errors.js';
import { missingPermissions } from './permissions.js';
import { connectionsOf } from './queries.js';
import { connectorInfo } from './registry.js';
import { connectorActor } from './use-cases.js';

/** The calendar connector availability reads. */
export const AVAILABILITY_CONNECTOR = 'gmail';

export async function calendarAvailability(ctx: ConnectorsContext, actor: Actor, input: { days: number }) {
  const who = await connectorActor(ctx, actor);
  const from = ctx.now();
  const to = new Date(from.getTime() + input.days * 86_400_000);
  const window = { from: from.toISOString(), to: to.toISOString() };
  const info = connectorInfo(AVAILABILITY_CONNECTOR);
  if (!info) throw connectorErrors.unknownConnector();
  const row = (await connectionsOf(ctx.db, { userId: who.userId })).find(
    (r) => r.connector === AVAILABILITY_CONNECTOR && r.status === 'connected' && !missingPermissions(AVAILABILITY_CONNECTOR, r.scope).includes('calendar'),
  );
  if (!row) return { connected: false, connector: AVAILABILITY_CONNECTOR, ...window, busy: [] };
  if (!ctx.connectors.clients[info.family]) throw connectorErrors.notConfigured(info.label);
  const through = await connectionCall(ctx, row.connection_uuid, { answerNow: true });
  if (!through) throw connectorErrors.connectionNotFound();
  try {
    return { connected: true, connector: AVAILABILITY_CONNECTOR, ...window, busy: await googleBusy(through.call, from, to) };
  } catch (err) {
    ctx.logger.warn({ connector: info.label, reason: (err as Error).message }, 'availability could not be read');
    throw connectorErrors.providerNotResponding(info.label);
  }
}
