// Places (issue 36) on the real server and PostgreSQL, against the Nominatim fake: a question about
// places gets place cards from the geocoder (its User-Agent and jsonv2 parameters sent), kept with
// the entry so a reload and the thread's readers see the same; "near me" waits for the person's
// position and then searches around it; a failing, broken or oversized geocoder answer gives no
// places; reservation records are kept, listed, refused when incomplete and removed; the
// authorization rows of every call; the features say places and tiles are configured.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { closeWorkerPools } from '../../services/workers/index.js';
import { startNominatimFake } from '../fakes/nominatim.js';
import { createTestDatabase } from '../support/database.js';
import type { Browser } from '../support/http.js';
import { askAndWait, signedUp, visitor } from '../support/people.js';
import { startServerProcess, type ServerProcess } from '../support/server-process.js';

let database: { url: string; drop: () => Promise<void> };
let geocoder: Awaited<ReturnType<typeof startNominatimFake>>;
let server: ServerProcess;
const TILES = 'http://127.0.0.1:9/{z}/{x}/{y}.png';

beforeAll(async () => {
  database = await createTestDatabase('places');
  geocoder = await startNominatimFake();
  server = await startServerProcess({
    databaseUrl: database.url,
    env: {
      GEOCODER_URL: geocoder.url,
      GEOCODER_USER_AGENT: 'places-int-test/1.0 (tests@example.org)',
      GEOCODER_MIN_INTERVAL_MS: '20',
      MAP_TILE_URL: TILES,
      MAP_TILE_ATTRIBUTION: '© OpenStreetMap contributors',
    },
  });
}, 90_000);
afterAll(async () => {
  await server?.stop();
  await closeWorkerPools();
  await geocoder?.close();
  await database?.drop();
});

type Found = { places: Array<Record<string, any>>; needs_location: boolean };
const placesFor = async (b: Browser, query: string, entry: { backend_uuid: string }, token: string, near?: { lat: number; lon: number }) => {
  const res = await b.post('/rest/places/search-places-for-entry', {
    query,
    read_write_token: token,
    entry_uuid: entry.backend_uuid,
    ...(near ? { near } : {}),
  });
  expect(res.status, res.text).toBe(200);
  return res.json as Found;
};
const names = (f: Found) => f.places.map((p) => p.name);

describe('place cards for answers about places', () => {
  test('the features say places and tiles are configured; the tile origin may serve images', async () => {
    const anyone = await visitor(server.url);
    const res = await anyone.get('/rest/server/features');
    expect(res.json).toMatchObject({ places: true, map_tiles: { url_template: TILES, attribution: '© OpenStreetMap contributors' } });
    expect(res.headers.get('content-security-policy')).toMatch(/img-src [^;]*http:\/\/127\.0\.0\.1:9/);
  });

  test('a place question gets the geocoder’s places, with the venue’s own website; kept with the entry', { timeout: 60_000 }, async () => {
    const owner = await signedUp(server.url, 'Coffee Drinker');
    const q = 'Where can I find good coffee near Alexanderplatz?';
    const entry = await askAndWait(server.url, owner, q);
    const found = await placesFor(owner, q, entry, entry.context_uuid);
    expect(found.needs_location).toBe(false);
    expect(names(found)).toEqual(['Bohnen Bar', 'Kaffee am Platz']);
    expect(found.places[0]).toEqual({
      place_id: 'osm:node:101',
      name: 'Bohnen Bar',
      kind: 'cafe',
      category: 'cafe',
      lat: 52.5219,
      lon: 13.4132,
      address: 'Alexanderplatz, Berlin, Germany',
      website: 'https://bohnen.example/',
      phone: null,
      opening_hours: 'Mo-Su 08:00-18:00',
      cuisine: 'coffee shop',
      stars: null,
      reservation: null,
      osm_url: 'https://www.openstreetmap.org/node/101',
    });
    const sent = geocoder.requests.at(-1)!;
    expect(sent.userAgent).toBe('places-int-test/1.0 (tests@example.org)');
    expect(Object.fromEntries(sent.url.searchParams)).toMatchObject({ q: 'coffee near Alexanderplatz', format: 'jsonv2', extratags: '1', addressdetails: '1' });
    // A reload asks again: the kept places, without a second geocoder request.
    const asked = geocoder.requests.length;
    expect(await placesFor(owner, 'something else entirely', entry, entry.context_uuid)).toEqual(found);
    expect(geocoder.requests.length).toBe(asked);
    // Not a question about places: none, and the geocoder is not asked.
    const plain = await askAndWait(server.url, owner, 'why is the sky blue');
    expect(await placesFor(owner, 'why is the sky blue', plain, plain.context_uuid)).toEqual({ places: [], needs_location: false });
    expect(geocoder.requests.length).toBe(asked);
  });

  test('"near me" asks for the position first, then searches around it', { timeout: 60_000 }, async () => {
    const owner = await signedUp(server.url, 'Near Me');
    const q = 'best restaurant near me';
    const entry = await askAndWait(server.url, owner, q);
    expect(await placesFor(owner, q, entry, entry.context_uuid)).toEqual({ places: [], needs_location: true });
    const found = await placesFor(owner, q, entry, entry.context_uuid, { lat: 38.7139, lon: -9.1394 });
    expect(names(found)).toEqual(['Trattoria Roma', 'Tasca sem Site']);
    const sent = geocoder.requests.at(-1)!.url.searchParams;
    expect([sent.get('q'), sent.get('bounded')]).toEqual(['restaurant', '1']);
    expect(sent.get('viewbox')!.split(',').map(Number)[0]).toBeLessThan(-9.1394);
    // Kept: the reload needs no position any more.
    expect(await placesFor(owner, q, entry, entry.context_uuid)).toEqual(found);
  });

  test.each(['failing', 'garbage', 'huge'] as const)('a %s geocoder gives no places, and nothing is kept', { timeout: 60_000 }, async (mode) => {
    const owner = await signedUp(server.url, `Geo ${mode}`);
    const q = 'hotel in Lisbon';
    const entry = await askAndWait(server.url, owner, q);
    geocoder.setMode(mode);
    try {
      expect(await placesFor(owner, q, entry, entry.context_uuid)).toEqual({ places: [], needs_location: false });
    } finally {
      geocoder.setMode('ok');
    }
    expect(names(await placesFor(owner, q, entry, entry.context_uuid))).toEqual(['Hotel Tejo']);
  });

  test('bad input is a 400 problem', async () => {
    const anyone = await visitor(server.url);
    const res = await anyone.post('/rest/places/search-places-for-entry', { query: 'x', read_write_token: 't', entry_uuid: 'e', near: { lat: 91, lon: 0 } });
    expect([res.status, res.headers.get('content-type')]).toEqual([400, expect.stringContaining('application/problem+json')]);
    expect((await anyone.post('/rest/places/search-places-for-entry', { query: 'x'.repeat(2001), read_write_token: 't', entry_uuid: 'e' })).status).toBe(400);
  });
});

const trattoria = {
  place_id: 'osm:node:301',
  name: 'Trattoria Roma',
  address: 'Rua Garrett, Lisbon, Portugal',
  website: 'https://trattoria-roma.example/',
  phone: null,
};
const dinner = (over: Record<string, unknown> = {}) => ({
  kind: 'restaurant',
  place: trattoria,
  handed_over_to: 'https://trattoria-roma.example/',
  details: { date: '2099-06-01', time: '19:30', party_size: 4, note: 'window seat' },
  ...over,
});

describe('reservation records (/account/reservations)', () => {
  test('kept, listed newest first with only the kind’s details, refused when incomplete, removed', { timeout: 30_000 }, async () => {
    const me = await signedUp(server.url, 'Diner');
    expect((await me.get('/rest/places/reservations')).json).toEqual({ reservations: [] });
    const first = await me.post('/rest/places/reservations', dinner());
    expect(first.status, first.text).toBe(201);
    expect(first.json).toMatchObject({
      kind: 'restaurant',
      place: trattoria,
      details: { date: '2099-06-01', time: '19:30', party_size: 4, check_in: null, check_out: null, guests: null, rooms: null, note: 'window seat' },
    });
    const stay = await me.post('/rest/places/reservations', {
      kind: 'hotel',
      place: { ...trattoria, place_id: 'osm:node:201', name: 'Hotel Tejo' },
      handed_over_to: 'https://hotel-tejo.example/rooms',
      details: { check_in: '2099-06-01', check_out: '2099-06-04', guests: 2, rooms: 1, date: '2099-01-01' },
    });
    expect(stay.status, stay.text).toBe(201);
    expect(stay.json.details).toMatchObject({ check_in: '2099-06-01', check_out: '2099-06-04', guests: 2, rooms: 1, date: null });
    const list = (await me.get('/rest/places/reservations')).json.reservations;
    expect(list.map((r: any) => r.place.name)).toEqual(['Hotel Tejo', 'Trattoria Roma']);

    const refused = async (body: unknown) => {
      const res = await me.post('/rest/places/reservations', body);
      return [res.status, res.json?.code];
    };
    expect(await refused(dinner({ details: { date: '2099-06-01', time: '19:30' } }))).toEqual([400, 'reservation_details_invalid']);
    expect(await refused(dinner({ details: { date: '2001-06-01', time: '19:30', party_size: 2 } }))).toEqual([400, 'reservation_details_invalid']);
    expect(await refused(dinner({ handed_over_to: 'javascript:alert(1)' }))).toEqual([400, 'reservation_link_invalid']);
    expect(await refused(dinner({ kind: 'table' }))).toEqual([400, expect.any(String)]);
    expect(await refused(dinner({ details: { date: '2099-06-01', time: '25:00', party_size: 2 } }))).toEqual([400, 'reservation_details_invalid']);
    expect((await me.get('/rest/places/reservations')).json.reservations).toHaveLength(2);

    expect((await me.send('DELETE', `/rest/places/reservations/${first.json.reservation_id}`)).status).toBe(204);
    const again = await me.send('DELETE', `/rest/places/reservations/${first.json.reservation_id}`);
    expect([again.status, again.json.code]).toEqual([404, 'reservation_not_found']);
    expect((await me.send('DELETE', '/rest/places/reservations/not-a-uuid')).status).toBe(400);
    expect((await me.get('/rest/places/reservations')).json.reservations.map((r: any) => r.place.name)).toEqual(['Hotel Tejo']);
  });
});

describe('authorization rows', () => {
  test('searchPlacesForEntry: owner with the token, owner without it, a stranger, anonymous; then readers of the shared thread', {
    timeout: 60_000,
  }, async () => {
    const owner = await signedUp(server.url, 'Place Owner');
    const [stranger, anonymous] = await Promise.all([signedUp(server.url, 'Place Stranger'), visitor(server.url)]);
    const q = 'hotel in Lisbon';
    const entry = await askAndWait(server.url, owner, q);
    const rows = async (token: string) => ({
      ownerWrongToken: (await placesFor(owner, q, entry, 'not-the-token')).places.length,
      stranger: (await placesFor(stranger, q, entry, token)).places.length,
      anonymous: (await placesFor(anonymous, q, entry, token)).places.length,
    });
    expect(await rows(entry.context_uuid)).toEqual({ ownerWrongToken: 0, stranger: 0, anonymous: 0 });
    const mine = await placesFor(owner, q, entry, entry.context_uuid);
    expect(names(mine)).toEqual(['Hotel Tejo']);
    // Private: the kept places stay the owner's.
    expect(await rows(entry.context_uuid)).toEqual({ ownerWrongToken: 1, stranger: 0, anonymous: 0 });
    expect((await owner.send('PUT', `/rest/thread/${entry.thread_url_slug}/access`, { json: { thread_access: 'public read' } })).status).toBe(200);
    // Shared: its readers see the kept places, whatever they send, and start no search.
    expect(await placesFor(stranger, 'anything', entry, 'wrong')).toEqual(mine);
    expect(await placesFor(anonymous, 'anything', entry, 'wrong')).toEqual(mine);
  });

  test('reservations: the owner’s own; another person sees none and cannot remove them; anonymous 401', { timeout: 30_000 }, async () => {
    const [owner, other, anonymous] = await Promise.all([signedUp(server.url, 'Res Owner'), signedUp(server.url, 'Res Other'), visitor(server.url)]);
    const kept = await owner.post('/rest/places/reservations', dinner());
    expect(kept.status).toBe(201);
    const id = kept.json.reservation_id;
    expect((await other.get('/rest/places/reservations')).json).toEqual({ reservations: [] });
    const theirs = await other.send('DELETE', `/rest/places/reservations/${id}`);
    expect([theirs.status, theirs.json.code]).toEqual([404, 'reservation_not_found']);
    for (const [status, code] of [
      [(await anonymous.get('/rest/places/reservations')).status, 'list'],
      [(await anonymous.post('/rest/places/reservations', dinner())).status, 'record'],
      [(await anonymous.send('DELETE', `/rest/places/reservations/${id}`)).status, 'remove'],
    ])
      expect([status, code]).toEqual([401, code]);
    expect((await owner.get('/rest/places/reservations')).json.reservations.map((r: any) => r.reservation_id)).toEqual([id]);
  });
});
