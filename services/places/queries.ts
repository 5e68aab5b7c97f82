// Read-model queries of places: an entry's kept places, a person's reservation records.
import type { Db } from '../db/database.js';
import type { ReservationDetails, ReservationKind, ReservationPlace } from './events.js';
import type { Place } from './place.js';
import { own } from './tables.js';

export async function entryPlaces(db: Db, backendUuid: string): Promise<Place[] | undefined> {
  const row = await own(db).selectFrom('place_entry_places').select('places').where('backend_uuid', '=', backendUuid).executeTakeFirst();
  return row ? (row.places as Place[]) : undefined;
}

export type ReservationView = {
  reservation_id: string;
  kind: ReservationKind;
  place: ReservationPlace;
  handed_over_to: string;
  details: ReservationDetails;
  created_at: string;
};

export async function reservationsOf(db: Db, userId: string): Promise<ReservationView[]> {
  const rows = await own(db)
    .selectFrom('place_reservations')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('reservation_id')
    .limit(200)
    .execute();
  return rows.map((r) => ({
    reservation_id: r.reservation_id,
    kind: r.kind as ReservationKind,
    place: r.place as ReservationPlace,
    handed_over_to: r.handed_over_to,
    details: r.details as ReservationDetails,
    created_at: new Date(r.created_at).toISOString(),
  }));
}
