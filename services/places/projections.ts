// Places' read models from its events: `place_entry_places` (an answer's places; gone with its
// thread or its owner's account) and `place_reservations` (a person's records; gone with the account).
import type { Projection, StoredEvent, Trx } from '../eventstore/types.js';
import type { AccountErased } from '../identity/events.js';
import type { ThreadDeleted } from '../threads/index.js';
import { PLACES_EVENT_TYPES, type PlacesEvent } from './events.js';
import { own } from './tables.js';

async function apply(trx: Trx, event: StoredEvent) {
  const db = own(trx);
  if (event.type === 'ThreadDeleted') {
    await db
      .deleteFrom('place_entry_places')
      .where('context_uuid', '=', (event.data as ThreadDeleted['data']).context_uuid)
      .execute();
    return;
  }
  if (event.type === 'AccountErased') {
    const userId = (event.data as AccountErased['data']).user_id;
    await db.deleteFrom('place_entry_places').where('user_id', '=', userId).execute();
    await db.deleteFrom('place_reservations').where('user_id', '=', userId).execute();
    return;
  }
  const e = { type: event.type, data: event.data } as PlacesEvent;
  if (e.type === 'PlacesAttached') {
    const d = e.data;
    await db
      .insertInto('place_entry_places')
      .values({ backend_uuid: d.backend_uuid, context_uuid: d.context_uuid, user_id: d.user_id, places: JSON.stringify(d.places), attached_at: d.at })
      .onConflict((oc) => oc.column('backend_uuid').doNothing())
      .execute();
  } else if (e.type === 'ReservationRecorded') {
    const d = e.data;
    await db
      .insertInto('place_reservations')
      .values({
        reservation_id: d.reservation_id,
        user_id: d.user_id,
        kind: d.kind,
        place: JSON.stringify(d.place),
        handed_over_to: d.handed_over_to,
        details: JSON.stringify(d.details),
        created_at: d.at,
      })
      .onConflict((oc) => oc.column('reservation_id').doNothing())
      .execute();
  } else if (e.type === 'ReservationRemoved') {
    await db.deleteFrom('place_reservations').where('reservation_id', '=', e.data.reservation_id).where('user_id', '=', e.data.user_id).execute();
  }
}

export const placesProjection: Projection = {
  name: 'places',
  tables: ['place_entry_places', 'place_reservations'],
  handles: [...PLACES_EVENT_TYPES, 'ThreadDeleted', 'AccountErased'],
  apply,
};
