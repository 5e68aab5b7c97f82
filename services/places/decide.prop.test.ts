// Places' rules as properties: an entry's places are attached once and only when there are some;
// a reservation record is kept only with the details its kind needs and an http(s) address, at
// most RESERVATIONS_MAX, and removed only when it is the person's.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { DomainError } from '../shared/domain-error.js';
import { checkedDetails, decideAttachPlaces, decideRecordReservation, decideRemoveReservation, type RecordReservation } from './decide.js';
import { RESERVATIONS_MAX } from './errors.js';
import { evolveReservations, initialReservations, type ReservationsState } from './events.js';
import type { Place } from './place.js';

const NOW = new Date('2026-12-03T10:00:00Z');
const place: Place = {
  place_id: 'osm:node:1',
  name: 'Trattoria',
  kind: 'restaurant',
  category: 'restaurant',
  lat: 1,
  lon: 2,
  address: 'Via 1',
  website: 'https://trattoria.example/',
  phone: null,
  opening_hours: null,
  cuisine: null,
  stars: null,
  reservation: 'yes',
  osm_url: 'https://www.openstreetmap.org/node/1',
};
const entry = { backend_uuid: 'b', context_uuid: 'c', user_id: 'u' };
const base = (over: Partial<RecordReservation> = {}): RecordReservation => ({
  user_id: 'u',
  reservation_id: crypto.randomUUID(),
  kind: 'restaurant',
  place: { place_id: place.place_id, name: place.name, address: place.address, website: place.website, phone: null },
  handed_over_to: 'https://trattoria.example/book',
  details: { date: '2026-12-24', time: '19:30', party_size: 4 },
  now: NOW,
  ...over,
});
const codeOf = (f: () => unknown) => {
  try {
    f();
    return null;
  } catch (e) {
    return e instanceof DomainError ? e.code : 'other';
  }
};

describe('decideAttachPlaces', () => {
  test('attaches the places once, never none', () => {
    fc.assert(
      fc.property(fc.boolean(), fc.integer({ min: 0, max: 10 }), (attached, n) => {
        const events = decideAttachPlaces(attached, entry, { query: 'q', near: null }, Array(n).fill(place), NOW.toISOString());
        return events.length === (attached || n === 0 ? 0 : 1);
      }),
    );
  });
});

describe('reservation records', () => {
  test('a restaurant needs a date, a time and a party; a hotel its dates in order, guests and rooms', () => {
    expect(codeOf(() => decideRecordReservation(initialReservations, base()))).toBeNull();
    expect(codeOf(() => decideRecordReservation(initialReservations, base({ details: { date: '2026-12-24', time: '19:30' } })))).toBe(
      'reservation_details_invalid',
    );
    expect(codeOf(() => decideRecordReservation(initialReservations, base({ details: { date: '2020-01-01', time: '19:30', party_size: 2 } })))).toBe(
      'reservation_details_invalid',
    );
    for (const details of [
      { date: '2026-02-30', time: '19:30', party_size: 2 },
      { date: '24.12.2026', time: '19:30', party_size: 2 },
      { date: '2026-12-24', time: '25:00', party_size: 2 },
    ])
      expect(codeOf(() => decideRecordReservation(initialReservations, base({ details })))).toBe('reservation_details_invalid');
    const hotel = (d: RecordReservation['details']) => codeOf(() => decideRecordReservation(initialReservations, base({ kind: 'hotel', details: d })));
    expect(hotel({ check_in: '2026-12-20', check_out: '2026-12-22', guests: 2, rooms: 1 })).toBeNull();
    expect(hotel({ check_in: '2026-12-22', check_out: '2026-12-22', guests: 2, rooms: 1 })).toBe('reservation_details_invalid');
    expect(hotel({ check_in: '2026-12-20', check_out: '2027-03-01', guests: 2, rooms: 1 })).toBe('reservation_details_invalid');
    expect(hotel({ check_in: '2026-12-20', check_out: '2026-12-22', rooms: 1 })).toBe('reservation_details_invalid');
  });

  test('kept details are only the kind’s own; the note is trimmed', () => {
    fc.assert(
      fc.property(fc.constantFrom('hotel', 'restaurant') as fc.Arbitrary<'hotel' | 'restaurant'>, fc.string({ maxLength: 600 }), (kind, note) => {
        const d = checkedDetails(
          kind,
          { date: '2026-12-24', time: '20:00', party_size: 2, check_in: '2026-12-24', check_out: '2026-12-26', guests: 2, rooms: 1, note },
          NOW,
        );
        const restaurantFields = [d.date, d.time, d.party_size].every((v) => v !== null);
        const hotelFields = [d.check_in, d.check_out, d.guests, d.rooms].every((v) => v !== null);
        return (kind === 'restaurant' ? restaurantFields && d.check_in === null : hotelFields && d.date === null) && (d.note?.length ?? 0) <= 500;
      }),
    );
  });

  test('only http(s) hand-overs', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('javascript:alert(1)', 'data:text/html,x', 'ftp://x.example', 'not a url', 'mailto:a@b.example'),
        (link) => codeOf(() => decideRecordReservation(initialReservations, base({ handed_over_to: link }))) === 'reservation_link_invalid',
      ),
    );
  });

  test('at most RESERVATIONS_MAX; removing frees a place; removing what is not there is not found', () => {
    let state: ReservationsState = initialReservations;
    for (let i = 0; i < RESERVATIONS_MAX; i++) for (const e of decideRecordReservation(state, base())) state = evolveReservations(state, e as never);
    expect(state.ids).toHaveLength(RESERVATIONS_MAX);
    expect(codeOf(() => decideRecordReservation(state, base()))).toBe('reservations_full');
    for (const e of decideRemoveReservation(state, { user_id: 'u', reservation_id: state.ids[0]!, now: NOW })) state = evolveReservations(state, e as never);
    expect(codeOf(() => decideRecordReservation(state, base()))).toBeNull();
    expect(codeOf(() => decideRemoveReservation(state, { user_id: 'u', reservation_id: 'nope', now: NOW }))).toBe('reservation_not_found');
  });

  test('the same id twice keeps one record (a retried request)', () => {
    const cmd = base();
    const state = evolveReservations(initialReservations, decideRecordReservation(initialReservations, cmd)[0] as never);
    expect(decideRecordReservation(state, cmd)).toEqual([]);
  });
});
