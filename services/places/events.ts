// Places as events. An answer's places are PlacesAttached on the entry's stream
// (`places-entry-<backend_uuid>`), once: the first search's places stay. A person's reservation
// records (hand-overs to venues' own booking pages) are on their stream (`reservations-<user_id>`).
import type { StoredEvent } from '../eventstore/types.js';
import type { GeoPoint } from './geocoder.js';
import type { Place } from './place.js';

export type ReservationKind = 'hotel' | 'restaurant';
export type ReservationPlace = { place_id: string; name: string; address: string; website: string | null; phone: string | null };
export type ReservationDetails = {
  date: string | null;
  time: string | null;
  party_size: number | null;
  check_in: string | null;
  check_out: string | null;
  guests: number | null;
  rooms: number | null;
  note: string | null;
};

export type PlacesAttached = {
  type: 'PlacesAttached';
  data: { backend_uuid: string; context_uuid: string; user_id: string | null; query: string; near: GeoPoint | null; places: Place[]; at: string };
};
export type ReservationRecorded = {
  type: 'ReservationRecorded';
  data: {
    user_id: string;
    reservation_id: string;
    kind: ReservationKind;
    place: ReservationPlace;
    handed_over_to: string;
    details: ReservationDetails;
    at: string;
  };
};
export type ReservationRemoved = { type: 'ReservationRemoved'; data: { user_id: string; reservation_id: string; at: string } };

export type PlacesEvent = PlacesAttached | ReservationRecorded | ReservationRemoved;
export const PLACES_EVENT_TYPES = ['PlacesAttached', 'ReservationRecorded', 'ReservationRemoved'] as const satisfies readonly PlacesEvent['type'][];

export const entryPlacesStream = (backendUuid: string) => `places-entry-${backendUuid}`;
export const reservationsStream = (userId: string) => `reservations-${userId}`;

/** A person's reservation records: their ids, oldest first. */
export type ReservationsState = { ids: readonly string[] };
export const initialReservations: ReservationsState = { ids: [] };

export function evolveReservations(state: ReservationsState, event: StoredEvent | PlacesEvent): ReservationsState {
  const e = { type: event.type, data: event.data } as PlacesEvent;
  if (e.type === 'ReservationRecorded') return { ids: [...state.ids, e.data.reservation_id] };
  if (e.type === 'ReservationRemoved') return { ids: state.ids.filter((id) => id !== e.data.reservation_id) };
  return state;
}
