// The geocoder's answer into place cards: fields checked and cut, kinds from OSM's tags, a
// venue's website only as an http(s) address, broken or hostile entries left out.
import { describe, expect, test } from 'vitest';
import { kindOf, parsePlaces, webAddress } from './parse-places.js';

const cafe = {
  place_id: 1,
  osm_type: 'node',
  osm_id: 42,
  lat: '52.5219',
  lon: '13.4132',
  category: 'amenity',
  type: 'cafe',
  name: 'Bohnen Bar',
  display_name: 'Bohnen Bar, Alexanderplatz, Berlin, Germany',
  address: { road: 'Alexanderplatz', house_number: '1', postcode: '10178', city: 'Berlin', country: 'Germany' },
  extratags: { website: 'www.bohnen.example', opening_hours: 'Mo-Fr 08:00-18:00', phone: '+49 30 1234', cuisine: 'coffee_shop' },
};

describe('parsePlaces', () => {
  test('a cafe from Nominatim jsonv2 becomes its card', () => {
    expect(parsePlaces(JSON.stringify([cafe]))).toEqual([
      {
        place_id: 'osm:node:42',
        name: 'Bohnen Bar',
        kind: 'cafe',
        category: 'cafe',
        lat: 52.5219,
        lon: 13.4132,
        address: 'Alexanderplatz 1, 10178 Berlin, Germany',
        website: 'https://www.bohnen.example/',
        phone: '+49 30 1234',
        opening_hours: 'Mo-Fr 08:00-18:00',
        cuisine: 'coffee shop',
        stars: null,
        reservation: null,
        osm_url: 'https://www.openstreetmap.org/node/42',
      },
    ]);
  });

  test('entries with impossible coordinates, no name or a bad shape are left out; duplicates once; at most 10', () => {
    const bad = [
      { ...cafe, lat: '123', osm_id: 1 },
      { ...cafe, name: null, display_name: '', osm_id: 2 },
      { ...cafe, address: 'not an object', osm_id: 3 },
      cafe,
      cafe,
      ...Array.from({ length: 20 }, (_, i) => ({ ...cafe, osm_id: 100 + i })),
    ];
    const places = parsePlaces(JSON.stringify(bad));
    expect(places).toHaveLength(10);
    expect(places[0]!.place_id).toBe('osm:node:42');
    expect(new Set(places.map((p) => p.place_id)).size).toBe(10);
  });

  test('a payload that is not a list is refused; long fields are cut; control characters go', () => {
    expect(() => parsePlaces('{"error":"x"}')).toThrow();
    const [p] = parsePlaces(JSON.stringify([{ ...cafe, name: `A\u0007${'x'.repeat(1500)}` }]));
    expect(p!.name.length).toBe(200);
    expect(p!.name.startsWith('A x')).toBe(true);
  });

  test('only http(s) websites', () => {
    expect(webAddress('javascript:alert(1)')).toBeNull();
    expect(webAddress('ftp://x.example')).toBeNull();
    expect(webAddress('https://a.example/book;https://b.example')).toBe('https://a.example/book');
    expect(webAddress('localhost')).toBeNull();
  });

  test('kinds from OSM categories', () => {
    expect([
      kindOf('tourism', 'hotel'),
      kindOf('amenity', 'restaurant'),
      kindOf('tourism', 'museum'),
      kindOf('shop', 'bakery'),
      kindOf('highway', 'bus_stop'),
    ]).toEqual(['hotel', 'restaurant', 'sight', 'shop', 'other']);
  });
});
