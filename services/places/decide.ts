// Places' rules, pure (clock and ids passed in): whether an entry's places are attached (once,
// the first search's, and never for a "near me" search still waiting for a position), and what
// a reservation record must hold to be kept, or removed.
import type { NewEvent } from '../eventstore/types.js';
import { placesErrors, RESERVATIONS_MAX } from './errors.js';
import type { PlacesEvent, ReservationDetails, ReservationKind, ReservationPlace, ReservationsState } from './events.js';
import type { GeoPoint } from './geocoder.js';
import type { Place } from './place.js';

export function decideAttachPlaces(
  attached: boolean,
  entry: { backend_uuid: string; context_uuid: string; user_id: string | null },
  search: { query: string; near: GeoPoint | null },
  places: Place[],
  at: string,
): NewEvent<'PlacesAttached'>[] {
  if (attached || places.length === 0) return [];
  return [{ type: 'PlacesAttached', data: { ...entry, query: search.query.slice(0, 2000), near: search.near, places, at } }];
}

export type RecordReservation = {
  user_id: string;
  reservation_id: string;
  kind: ReservationKind;
  place: ReservationPlace;
  handed_over_to: string;
  details: Partial<ReservationDetails>;
  now: Date;
};

const DAY_MS = 86_400_000;
const MAX_NIGHTS = 60;
const dayOf = (d: string) => Date.parse(`${d}T00:00:00Z`);
const TIME = /^([01][0-9]|2[0-3]):[0-5][0-9]$/;
/** A real calendar day written YYYY-MM-DD (not 2026-02-30). */
const isDay = (d: string) => /^\d{4}-\d{2}-\d{2}$/.test(d) && !Number.isNaN(dayOf(d)) && new Date(dayOf(d)).toISOString().startsWith(d);

export function isWebAddress(s: string): boolean {
  try {
    const u = new URL(s);
    return (u.protocol === 'https:' || u.protocol === 'http:') && u.hostname.length > 0;
  } catch {
    return false;
  }
}

/** The details the kind uses, checked; the others null. Throws reservation_details_invalid with the reason. */
export function checkedDetails(kind: ReservationKind, d: Partial<ReservationDetails>, now: Date): ReservationDetails {
  const invalid = placesErrors.detailsInvalid;
  // A day's slack for the person's own time zone: "today" may still be yesterday in UTC.
  const earliest = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - DAY_MS;
  const note = d.note?.trim() ? d.note.trim().slice(0, 500) : null;
  const none = { date: null, time: null, party_size: null, check_in: null, check_out: null, guests: null, rooms: null, note };
  for (const day of [d.date, d.check_in, d.check_out]) if (day && !isDay(day)) throw invalid('A day is written YYYY-MM-DD, and must be a real one.');
  if (d.time && !TIME.test(d.time)) throw invalid('A time is written HH:MM, from 00:00 to 23:59.');
  if (kind === 'restaurant') {
    if (!d.date || !d.time || !d.party_size) throw invalid('A table needs a date, a time and the number of people.');
    if (!(dayOf(d.date) >= earliest)) throw invalid('The date is in the past.');
    return { ...none, date: d.date, time: d.time, party_size: d.party_size };
  }
  if (!d.check_in || !d.check_out || !d.guests || !d.rooms) throw invalid('A room needs a check-in date, a check-out date, the guests and the rooms.');
  const nights = (dayOf(d.check_out) - dayOf(d.check_in)) / DAY_MS;
  if (!(dayOf(d.check_in) >= earliest)) throw invalid('The check-in date is in the past.');
  if (!(nights >= 1)) throw invalid('Check-out must be after check-in.');
  if (nights > MAX_NIGHTS) throw invalid(`A stay is at most ${MAX_NIGHTS} nights.`);
  return { ...none, check_in: d.check_in, check_out: d.check_out, guests: d.guests, rooms: d.rooms };
}

export function decideRecordReservation(state: ReservationsState, cmd: RecordReservation): NewEvent<PlacesEvent['type']>[] {
  if (!isWebAddress(cmd.handed_over_to)) throw placesErrors.linkInvalid();
  const details = checkedDetails(cmd.kind, cmd.details, cmd.now);
  if (state.ids.includes(cmd.reservation_id)) return [];
  if (state.ids.length >= RESERVATIONS_MAX) throw placesErrors.full();
  return [
    {
      type: 'ReservationRecorded',
      data: {
        user_id: cmd.user_id,
        reservation_id: cmd.reservation_id,
        kind: cmd.kind,
        place: { place_id: cmd.place.place_id, name: cmd.place.name, address: cmd.place.address, website: cmd.place.website, phone: cmd.place.phone },
        handed_over_to: cmd.handed_over_to,
        details,
        at: cmd.now.toISOString(),
      },
    },
  ];
}

export function decideRemoveReservation(
  state: ReservationsState,
  cmd: { user_id: string; reservation_id: string; now: Date },
): NewEvent<PlacesEvent['type']>[] {
  if (!state.ids.includes(cmd.reservation_id)) throw placesErrors.notFound();
  return [{ type: 'ReservationRemoved', data: { user_id: cmd.user_id, reservation_id: cmd.reservation_id, at: cmd.now.toISOString() } }];
}
