// What an answer shows of a place (its card, its pin on the map): the API's Place shape.
export const PLACE_KINDS = ['restaurant', 'cafe', 'bar', 'hotel', 'sight', 'shop', 'other'] as const;
export type PlaceKind = (typeof PLACE_KINDS)[number];

export type Place = {
  place_id: string;
  name: string;
  kind: PlaceKind;
  category: string;
  lat: number;
  lon: number;
  address: string;
  website: string | null;
  phone: string | null;
  opening_hours: string | null;
  cuisine: string | null;
  stars: string | null;
  reservation: string | null;
  osm_url: string;
};

/** At most this many places an answer shows. */
export const MAX_PLACES = 10;
