// Places in the log (docs/data-rights.md): the question an answer's places were searched for and
// the position it was searched around are the thread owner's; the places are OpenStreetMap's. A
// person's reservation records are theirs: the venue, the link and the details are blanked.
import type { Redactors } from '../eventstore/erasure.js';
import type { PlacesAttached, ReservationRecorded } from './events.js';

export const placesRedactors: Redactors = {
  PlacesAttached: (e, p) => {
    const d = e.data as PlacesAttached['data'];
    return d.user_id === p.userId ? { ...d, query: '', near: null } : undefined;
  },
  ReservationRecorded: (e, p) => {
    const d = e.data as ReservationRecorded['data'];
    if (d.user_id !== p.userId) return undefined;
    return {
      ...d,
      place: { place_id: '', name: '', address: '', website: null, phone: null },
      handed_over_to: '',
      details: { date: null, time: null, party_size: null, check_in: null, check_out: null, guests: null, rooms: null, note: null },
    };
  },
};
