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
  return rows.map((r) => {
    // jsonb keeps its own key order: each object is rebuilt in the API's order.
    const p = r.place as ReservationPlace;
    const d = r.details as ReservationDetails;
    return {
      reservation_id: r.reservation_id,
      kind: r.kind as ReservationKind,
      place: { place_id: p.place_id, name: p.name, address: p.address, website: p.website, phone: p.phone },
      handed_over_to: r.handed_over_to,
      details: {
        date: d.date,
        time: d.time,
        party_size: d.party_size,
        check_in: d.check_in,
        check_out: d.check_out,
        guests: d.guests,
        rooms: d.rooms,
        note: d.note,
      },
      created_at: new Date(r.created_at).toISOString(),
    };
  });
}
