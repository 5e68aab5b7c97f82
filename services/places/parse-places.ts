// A Nominatim-compatible geocoder's answer (GET /search?format=jsonv2&extratags=1&addressdetails=1)
// into place cards. The payload is untrusted: it runs in a worker (parse-in-worker.ts) on a body
// already capped in size; every field is checked and cut to its limit, coordinates must be real
// ones, and a venue's website must be an http(s) address, or it is left out.
import { z } from 'zod';
import { MAX_PLACES, type Place, type PlaceKind } from './place.js';

const text = z.string().max(2000);
const loose = z.union([z.string().max(2000), z.number()]).transform(String);
const result = z.object({
  osm_type: z.enum(['node', 'way', 'relation']).optional(),
  osm_id: z.union([z.number().int().nonnegative(), z.string().regex(/^\d{1,20}$/)]).optional(),
  place_id: z.union([z.number(), z.string().max(40)]).optional(),
  lat: loose,
  lon: loose,
  category: text.optional(),
  type: text.optional(),
  name: text.nullable().optional(),
  display_name: text.optional(),
  address: z.record(z.string().max(60), z.string().max(300)).optional(),
  extratags: z.record(z.string().max(60), z.string().max(2000)).nullable().optional(),
});

const cut = (s: string | null | undefined, max: number) => {
  const t = (s ?? '').replace(/\p{Cc}/gu, ' ').trim();
  return t ? t.slice(0, max) : null;
};

const RESTAURANT = new Set(['restaurant', 'fast_food', 'food_court']);
const BAR = new Set(['bar', 'pub', 'biergarten', 'nightclub']);
const HOTEL = new Set(['hotel', 'hostel', 'motel', 'guest_house', 'apartment', 'chalet', 'camp_site', 'alpine_hut']);
const SIGHT_CATEGORIES = new Set(['historic', 'tourism', 'leisure']);

export function kindOf(category: string, type: string): PlaceKind {
  if (category === 'amenity' && RESTAURANT.has(type)) return 'restaurant';
  if (category === 'amenity' && type === 'cafe') return 'cafe';
  if (category === 'amenity' && BAR.has(type)) return 'bar';
  if (category === 'tourism' && HOTEL.has(type)) return 'hotel';
  if (category === 'shop') return 'shop';
  if (SIGHT_CATEGORIES.has(category) || (category === 'amenity' && ['theatre', 'arts_centre', 'place_of_worship'].includes(type))) return 'sight';
  return 'other';
}

/** An http(s) address from the source's text ("www.x.org" taken as https), or null. */
export function webAddress(raw: string | undefined): string | null {
  const t = cut(raw?.split(';')[0], 500);
  if (!t) return null;
  try {
    const u = new URL(/^[a-z][a-z0-9+.-]*:/i.test(t) ? t : `https://${t}`);
    return (u.protocol === 'https:' || u.protocol === 'http:') && u.hostname.includes('.') ? u.href.slice(0, 500) : null;
  } catch {
    return null;
  }
}

function addressOf(a: Record<string, string> | undefined, display: string | undefined): string {
  if (a) {
    const street = [a.road ?? a.pedestrian ?? a.square, a.house_number].filter(Boolean).join(' ');
    const town = [a.postcode, a.city ?? a.town ?? a.village ?? a.suburb].filter(Boolean).join(' ');
    const line = [street, town, a.country].filter(Boolean).join(', ');
    if (line) return line.slice(0, 400);
  }
  return (cut(display, 400) ?? '').slice(0, 400);
}

/** The places of the geocoder's JSON text (at most MAX_PLACES, in its order); throws on a payload that is not its shape. */
export function parsePlaces(json: string): Place[] {
  const payload = z.array(z.unknown()).max(200).parse(JSON.parse(json));
  const places: Place[] = [];
  const seen = new Set<string>();
  for (const raw of payload) {
    const r = result.safeParse(raw);
    if (!r.success) continue;
    const p = r.data;
    const lat = Number(p.lat);
    const lon = Number(p.lon);
    if (!Number.isFinite(lat) || !Number.isFinite(lon) || Math.abs(lat) > 90 || Math.abs(lon) > 180) continue;
    const tags = p.extratags ?? {};
    const category = cut(p.category, 64) ?? 'place';
    const type = cut(p.type, 64) ?? 'yes';
    const name = cut(p.name, 200) ?? cut(p.display_name?.split(',')[0], 200);
    if (!name) continue;
    const osmId = p.osm_id !== undefined ? String(p.osm_id) : null;
    const placeId = p.osm_type && osmId ? `osm:${p.osm_type}:${osmId}` : `geocoder:${String(p.place_id ?? `${lat},${lon}`).slice(0, 40)}`;
    if (seen.has(placeId)) continue;
    seen.add(placeId);
    places.push({
      place_id: placeId,
      name,
      kind: kindOf(category, type),
      category: type === 'yes' ? category : type,
      lat,
      lon,
      address: addressOf(p.address, p.display_name),
      website: webAddress(tags.website ?? tags['contact:website'] ?? tags.url),
      phone: cut(tags.phone ?? tags['contact:phone'], 64),
      opening_hours: cut(tags.opening_hours, 300),
      cuisine: cut(tags.cuisine?.replace(/_/g, ' ').replace(/;/g, ', '), 120),
      stars: cut(tags.stars, 16),
      reservation: cut(tags.reservation, 32),
      osm_url:
        p.osm_type && osmId
          ? `https://www.openstreetmap.org/${p.osm_type}/${osmId}`
          : `https://www.openstreetmap.org/?mlat=${lat.toFixed(5)}&mlon=${lon.toFixed(5)}#map=18/${lat.toFixed(5)}/${lon.toFixed(5)}`,
    });
    if (places.length >= MAX_PLACES) break;
  }
  return places;
}
