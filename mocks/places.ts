// Places in the mock API, by the server's own rules (services/places/pure.ts): an answer entry's
// owner holding the thread's token gets place cards for a question about places (the same
// classifier; "near me" waits for a position, then finds the places around it), kept with the
// entry for its readers; a person's reservation records through the same deciders. A few fixed
// places stand in for the geocoder. With `features: { places: false }` no answer has places.
import type { RequestHandler } from 'msw';
import {
  getListReservationsMockHandler,
  getRecordReservationMockHandler,
  getRemoveReservationMockHandler,
  getSearchPlacesForEntryMockHandler,
} from '../generated/msw/places/places.msw';
import type { GeoPoint, Place, Reservation, ReservationRequest } from '../generated/react-query/model';
import type { PlacesEvent, ReservationRecorded } from '../services/places/events';
import {
  decideRecordReservation,
  decideRemoveReservation,
  evolveReservations,
  initialReservations,
  isPlacesQuestion,
  MAX_PLACES,
  placeQueryOf,
  placesErrors,
} from '../services/places/pure';
import type { MockThread } from './mock-thread';
import { refuse, ruled } from './problem';
import { currentUser, type ScenarioState } from './scenarios';

const place = (p: Partial<Place> & Pick<Place, 'place_id' | 'name' | 'kind' | 'category' | 'lat' | 'lon' | 'address'>): Place => ({
  website: null,
  phone: null,
  opening_hours: null,
  cuisine: null,
  stars: null,
  reservation: null,
  osm_url: `https://www.openstreetmap.org/node/${p.place_id.split(':').at(-1)}`,
  ...p,
});

/** What the mock "geocoder" knows, with the words that find each. */
export const MOCK_PLACES: { words: string[]; place: Place }[] = [
  {
    words: ['coffee', 'cafe', 'berlin', 'alexanderplatz'],
    place: place({
      place_id: 'osm:node:101',
      name: 'Bohnen Bar',
      kind: 'cafe',
      category: 'cafe',
      lat: 52.5219,
      lon: 13.4132,
      address: 'Alexanderplatz 1, 10178 Berlin, Germany',
      website: 'https://bohnen.example/',
      opening_hours: 'Mo-Su 08:00-18:00',
      cuisine: 'coffee shop',
    }),
  },
  {
    words: ['coffee', 'cafe', 'berlin', 'alexanderplatz'],
    place: place({
      place_id: 'osm:node:102',
      name: 'Kaffee am Platz',
      kind: 'cafe',
      category: 'cafe',
      lat: 52.5225,
      lon: 13.4119,
      address: 'Alexanderplatz, Berlin, Germany',
    }),
  },
  {
    words: ['hotel', 'stay', 'lisbon'],
    place: place({
      place_id: 'osm:node:201',
      name: 'Hotel Tejo',
      kind: 'hotel',
      category: 'hotel',
      lat: 38.7109,
      lon: -9.1366,
      address: 'Rua Augusta 10, Lisbon, Portugal',
      website: 'https://hotel-tejo.example/rooms',
      phone: '+351 21 000 0000',
      stars: '4',
    }),
  },
  {
    words: ['restaurant', 'eat', 'dinner', 'italian', 'pizza', 'lisbon'],
    place: place({
      place_id: 'osm:node:301',
      name: 'Trattoria Roma',
      kind: 'restaurant',
      category: 'restaurant',
      lat: 38.7139,
      lon: -9.1394,
      address: 'Rua Garrett 5, Lisbon, Portugal',
      website: 'https://trattoria-roma.example/',
      reservation: 'yes',
      opening_hours: 'Tu-Su 12:00-23:00',
      cuisine: 'italian, pizza',
    }),
  },
  {
    words: ['restaurant', 'eat', 'lisbon'],
    place: place({
      place_id: 'osm:node:302',
      name: 'Tasca sem Site',
      kind: 'restaurant',
      category: 'restaurant',
      lat: 38.712,
      lon: -9.14,
      address: 'Rua Nova, Lisbon, Portugal',
    }),
  },
];

const TOWNS = new Set(['lisbon', 'berlin', 'alexanderplatz']);

function search(terms: string, near: GeoPoint | null): Place[] {
  // A place word must match: a city's name alone finds nothing (as "Lisbon" alone is not a venue).
  const words = terms
    .toLowerCase()
    .split(/\s+/)
    .map((w) => w.replace(/s$/, ''))
    .filter((w) => !TOWNS.has(w));
  const found = MOCK_PLACES.filter((p) => words.some((w) => p.words.includes(w))).map((p) => p.place);
  if (!near) return found.slice(0, MAX_PLACES);
  // Around the person: the same kinds of place, a few hundred metres from them.
  return found.slice(0, MAX_PLACES).map((p, i) => ({ ...p, lat: near.lat + 0.002 * (i + 1), lon: near.lon - 0.002 * (i + 1) }));
}

export type MockPlaces = NonNullable<ScenarioState['places']>;

export function placesHandlers(opts: {
  on: () => boolean;
  state: () => ScenarioState;
  places: () => MockPlaces;
  changed: () => void;
  threads: () => MockThread[];
  mayRead: (t: MockThread) => { isOwner: boolean; readable: boolean };
}): RequestHandler[] {
  const signedIn = () => currentUser(opts.state()) ?? refuse(placesErrors.loginRequired());
  const eventsOf = (userId: string) => ((opts.places().reservations ??= {})[userId] ??= []);
  const listOf = (userId: string): Reservation[] => {
    const alive = new Set(eventsOf(userId).reduce(evolveReservations, initialReservations).ids);
    return eventsOf(userId)
      .filter((e): e is ReservationRecorded => e.type === 'ReservationRecorded' && alive.has(e.data.reservation_id))
      .map(({ data: { user_id: _, at, ...r } }) => ({ ...r, created_at: at }))
      .reverse();
  };
  return [
    getSearchPlacesForEntryMockHandler(async ({ request }) => {
      const body = (await request.json()) as { query: string; read_write_token: string; entry_uuid: string; near?: GeoPoint };
      const none = { places: [], needs_location: false };
      if (!opts.on()) return none;
      const thread = opts.threads().find((t) => t.entries.some((e) => e.backend_uuid === body.entry_uuid));
      if (!thread) return none;
      const { isOwner, readable } = opts.mayRead(thread);
      if (!readable) return none;
      const kept = (opts.places().entryPlaces ??= {});
      if (kept[body.entry_uuid]) return { places: kept[body.entry_uuid]!, needs_location: false };
      const tokens = [thread.context_uuid, thread.frontend_context_uuid].filter(Boolean);
      if (!isOwner || !tokens.includes(body.read_write_token) || !isPlacesQuestion(body.query)) return none;
      const { terms, nearMe } = placeQueryOf(body.query);
      if (nearMe && !body.near) return { places: [], needs_location: true };
      const places = search(terms, nearMe ? (body.near ?? null) : null);
      if (places.length) {
        kept[body.entry_uuid] = places;
        opts.changed();
      }
      return { places, needs_location: false };
    }),
    getListReservationsMockHandler(() => ({ reservations: listOf(signedIn().id) })),
    getRecordReservationMockHandler(async ({ request }) => {
      const user = signedIn();
      const body = (await request.json()) as ReservationRequest;
      const reservationId = crypto.randomUUID();
      const state = eventsOf(user.id).reduce(evolveReservations, initialReservations);
      const events = ruled(() =>
        decideRecordReservation(state, { ...body, details: body.details as never, user_id: user.id, reservation_id: reservationId, now: new Date() }),
      ) as PlacesEvent[];
      eventsOf(user.id).push(...events);
      opts.changed();
      return listOf(user.id).find((r) => r.reservation_id === reservationId)!;
    }),
    getRemoveReservationMockHandler(({ params }) => {
      const user = signedIn();
      const state = eventsOf(user.id).reduce(evolveReservations, initialReservations);
      const events = ruled(() =>
        decideRemoveReservation(state, { user_id: user.id, reservation_id: String(params.reservationId), now: new Date() }),
      ) as PlacesEvent[];
      eventsOf(user.id).push(...events);
      opts.changed();
    }),
  ];
}
