// How a reservation record reads: what was meant to be booked, and when.
import type { Reservation } from '../../../../generated/react-query/model';

const day = (d: string) => new Date(`${d}T00:00:00Z`).toLocaleDateString(undefined, { timeZone: 'UTC', dateStyle: 'medium' });

export function reservationSummary(r: Reservation): string {
  const d = r.details;
  if (r.kind === 'restaurant') return `Table for ${d.party_size ?? '?'} · ${d.date ? day(d.date) : ''} at ${d.time ?? ''}`;
  const guests = `${d.guests ?? '?'} guest${d.guests === 1 ? '' : 's'}`;
  const rooms = `${d.rooms ?? '?'} room${d.rooms === 1 ? '' : 's'}`;
  return `${rooms}, ${guests} · ${d.check_in ? day(d.check_in) : ''} – ${d.check_out ? day(d.check_out) : ''}`;
}

export const handedOverOn = (r: Reservation) => new Date(r.created_at).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
