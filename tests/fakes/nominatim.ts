// A fake of a Nominatim-compatible geocoder (GET /search?q=…&format=jsonv2&extratags=1&addressdetails=1),
// for tests only, on 127.0.0.1: it answers the places whose name, type or city holds every word
// of the query that it knows (so "coffee near Alexanderplatz" finds the cafés at Alexanderplatz),
// within the viewbox when `bounded=1`. It keeps the requests (their User-Agent and parameters),
// and may be told to fail, to answer garbage, or to answer a body over the client's cap.
import { listenLoopback } from './listen.js';

export type FakePlace = {
  osm_id: number;
  name: string;
  category: string;
  type: string;
  lat: number;
  lon: number;
  city: string;
  road?: string;
  extratags?: Record<string, string>;
};

/** A few places in Berlin and Lisbon, enough for the tests' questions. */
export const FAKE_PLACES: FakePlace[] = [
  {
    osm_id: 101,
    name: 'Bohnen Bar',
    category: 'amenity',
    type: 'cafe',
    lat: 52.5219,
    lon: 13.4132,
    city: 'Berlin',
    road: 'Alexanderplatz',
    extratags: { website: 'https://bohnen.example/', opening_hours: 'Mo-Su 08:00-18:00', cuisine: 'coffee_shop' },
  },
  { osm_id: 102, name: 'Kaffee am Platz', category: 'amenity', type: 'cafe', lat: 52.5225, lon: 13.4119, city: 'Berlin', road: 'Alexanderplatz' },
  {
    osm_id: 201,
    name: 'Hotel Tejo',
    category: 'tourism',
    type: 'hotel',
    lat: 38.7109,
    lon: -9.1366,
    city: 'Lisbon',
    road: 'Rua Augusta',
    extratags: { website: 'https://hotel-tejo.example/rooms', stars: '4', phone: '+351 21 000 0000' },
  },
  {
    osm_id: 301,
    name: 'Trattoria Roma',
    category: 'amenity',
    type: 'restaurant',
    lat: 38.7139,
    lon: -9.1394,
    city: 'Lisbon',
    road: 'Rua Garrett',
    extratags: { website: 'https://trattoria-roma.example/', reservation: 'yes', opening_hours: 'Tu-Su 12:00-23:00', cuisine: 'italian;pizza' },
  },
  { osm_id: 302, name: 'Tasca sem Site', category: 'amenity', type: 'restaurant', lat: 38.712, lon: -9.14, city: 'Lisbon', road: 'Rua Nova' },
];

const IGNORED = new Set(['near', 'in', 'at', 'around', 'of', 'the']);
const SYNONYMS: Record<string, string> = { coffee: 'cafe', cafes: 'cafe', hotels: 'hotel', restaurants: 'restaurant', food: 'restaurant' };

function matches(p: FakePlace, q: string): boolean {
  const words = q
    .toLowerCase()
    .split(/\s+/)
    .filter((w) => w && !IGNORED.has(w))
    .map((w) => SYNONYMS[w] ?? w);
  const hay = `${p.name} ${p.type} ${p.city} ${p.road ?? ''}`.toLowerCase();
  return words.length > 0 && words.every((w) => hay.includes(w));
}

function jsonv2(p: FakePlace) {
  return {
    place_id: p.osm_id * 10,
    licence: 'Data © OpenStreetMap contributors, ODbL 1.0. https://osm.org/copyright',
    osm_type: 'node',
    osm_id: p.osm_id,
    lat: String(p.lat),
    lon: String(p.lon),
    category: p.category,
    type: p.type,
    place_rank: 30,
    importance: 0.1,
    addresstype: p.category,
    name: p.name,
    display_name: `${p.name}, ${p.road ?? ''}, ${p.city}`,
    address: { [p.type]: p.name, road: p.road ?? '', city: p.city, country: p.city === 'Berlin' ? 'Germany' : 'Portugal' },
    extratags: p.extratags ?? {},
    boundingbox: [String(p.lat - 0.0001), String(p.lat + 0.0001), String(p.lon - 0.0001), String(p.lon + 0.0001)],
  };
}

export type GeocoderMode = 'ok' | 'failing' | 'garbage' | 'huge';

export async function startNominatimFake(places: FakePlace[] = FAKE_PLACES) {
  const requests: { url: URL; userAgent: string | undefined }[] = [];
  let mode: GeocoderMode = 'ok';
  const fake = await listenLoopback((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    requests.push({ url, userAgent: req.headers['user-agent'] });
    if (url.pathname !== '/search') return void res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"not found"}');
    if (mode === 'failing') return void res.writeHead(503, { 'content-type': 'text/plain' }).end('Service Unavailable');
    if (mode === 'garbage') return void res.writeHead(200, { 'content-type': 'application/json' }).end('{"not":"a list"');
    if (mode === 'huge') return void res.writeHead(200, { 'content-type': 'application/json' }).end(`[${'{"lat":"1","lon":"1"},'.repeat(40_000)}{}]`);
    const q = url.searchParams.get('q') ?? '';
    const box = url.searchParams.get('bounded') === '1' ? url.searchParams.get('viewbox')?.split(',').map(Number) : undefined;
    const inBox = (p: FakePlace) =>
      !box ||
      (p.lon >= Math.min(box[0]!, box[2]!) &&
        p.lon <= Math.max(box[0]!, box[2]!) &&
        p.lat >= Math.min(box[1]!, box[3]!) &&
        p.lat <= Math.max(box[1]!, box[3]!));
    // Within a box the place words alone decide (the box is the "where").
    const found = places.filter((p) => inBox(p) && (box ? matches({ ...p, city: '', road: '' }, q) || matches(p, q) : matches(p, q)));
    const limit = Number(url.searchParams.get('limit') ?? '10');
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(found.slice(0, limit).map(jsonv2)));
  });
  return {
    ...fake,
    requests,
    setMode: (m: GeocoderMode) => {
      mode = m;
    },
  };
}
