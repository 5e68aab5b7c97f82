// The worker process's job (services/workers): the geocoder's JSON text into place cards.
import { parsePlaces } from './parse-places.js';
import type { Place } from './place.js';

export function parsePlacesJob(json: string): Place[] {
  return parsePlaces(json);
}
