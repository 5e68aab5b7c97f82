// Place search through a Nominatim-compatible API (GEOCODER_URL, e.g. https://nominatim.openstreetmap.org):
// GET <base>/search?q=…&format=jsonv2&extratags=1&addressdetails=1&limit=10, with the instance's
// User-Agent, a timeout, at most one request per interval per instance (Nominatim's usage policy),
// a size cap on the answer, and the answer parsed in a worker. A "near me" search passes the
// person's position as a viewbox around it (about 5 km), bounded to it.
import { readCappedBody } from '../shared/capped-body.js';
import { parsePlacesInWorker } from './parse-in-worker.js';
import { MAX_PLACES, type Place } from './place.js';
import { requestSpacing, type Spacing } from './spacing.js';

export const GEOCODER_MAX_BYTES = 512 * 1024;
/** Half the side of a "near me" search's box, in degrees of latitude (about 5.5 km). */
const NEAR_BOX_DEGREES = 0.05;

export type GeoPoint = { lat: number; lon: number };
export type GeocoderConfig = { baseUrl: string; userAgent: string; timeoutMs: number; minIntervalMs: number };

export interface Geocoder {
  /** The places for the search terms (around `near` when given); throws GeocoderError when the source fails. */
  search(terms: string, near: GeoPoint | null): Promise<Place[]>;
}

export class GeocoderError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'GeocoderError';
  }
}

export function searchUrl(baseUrl: string, terms: string, near: GeoPoint | null): URL {
  const url = new URL(`${baseUrl}/search`);
  url.searchParams.set('q', terms);
  url.searchParams.set('format', 'jsonv2');
  url.searchParams.set('extratags', '1');
  url.searchParams.set('addressdetails', '1');
  url.searchParams.set('limit', String(MAX_PLACES));
  if (near) {
    const dLat = NEAR_BOX_DEGREES;
    const dLon = NEAR_BOX_DEGREES / Math.max(0.1, Math.cos((near.lat * Math.PI) / 180));
    const clampLon = (x: number) => Math.max(-180, Math.min(180, x));
    const clampLat = (x: number) => Math.max(-90, Math.min(90, x));
    url.searchParams.set(
      'viewbox',
      [clampLon(near.lon - dLon), clampLat(near.lat + dLat), clampLon(near.lon + dLon), clampLat(near.lat - dLat)].map((n) => n.toFixed(5)).join(','),
    );
    url.searchParams.set('bounded', '1');
  }
  return url;
}

export function nominatimGeocoder(config: GeocoderConfig, spacing: Spacing = requestSpacing(config.minIntervalMs, config.timeoutMs)): Geocoder {
  return {
    async search(terms, near) {
      if (!(await spacing.take())) throw new GeocoderError('The geocoder is busy (this instance keeps to its request rate); no places this time.');
      let res: Response;
      try {
        res = await fetch(searchUrl(config.baseUrl, terms, near), {
          headers: { accept: 'application/json', 'user-agent': config.userAgent },
          signal: AbortSignal.timeout(config.timeoutMs),
        });
      } catch (err) {
        throw new GeocoderError(`The geocoder did not answer: ${(err as Error).message}`);
      }
      if (!res.ok) {
        await res.body?.cancel().catch(() => {});
        throw new GeocoderError(`The geocoder answered ${res.status}`);
      }
      const body = await readCappedBody(res, GEOCODER_MAX_BYTES);
      if (body === 'too_large') throw new GeocoderError('The geocoder answered with more than 512 KB');
      try {
        return await parsePlacesInWorker(body.toString('utf8'));
      } catch (err) {
        throw new GeocoderError(`The geocoder's answer could not be read: ${(err as Error).message.slice(0, 200)}`);
      }
    },
  };
}

/** One geocoder (with its spacing) per configuration for the app's life: the rate is per instance. */
const shared = new WeakMap<GeocoderConfig, Geocoder>();
export function sharedGeocoder(config: GeocoderConfig): Geocoder {
  let g = shared.get(config);
  if (!g) shared.set(config, (g = nominatimGeocoder(config)));
  return g;
}
