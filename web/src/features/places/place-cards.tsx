// The place cards and map of an answer about places (search-places-for-entry): asked once the
// answer is done, only where the server has a geocoder (features.places). Each card opens the
// place modal; "Show larger map" opens the map modal. A "near me" question first asks for the
// person's position (the location permission modal) and searches once it is given. No places
// (not a question about places, nothing found, any failure): nothing shown.
import { useQuery } from '@tanstack/react-query';
import { searchPlacesForEntry } from '../../../../generated/react-query/places/places';
import type { Place, SearchPlacesForEntry200 } from '../../../../generated/react-query/model';
import { useModals } from '../../platform/modals/context';
import { useServerFeatures } from '../../platform/server-features';
import { MapPin } from '../../ui/icons';
import { LazyPlacesMap } from './lazy-map';
import { kindLabel } from './place-text';
import { usePosition } from './position-store';

type Props = {
  backendUuid: string;
  query: string;
  /** The thread's context_uuid: the entry's read_write_token. */
  token: string;
};

export const entryPlacesKey = (backendUuid: string, near: { lat: number; lon: number } | null) => ['entry-places', backendUuid, near] as const;

export function PlaceCards({ backendUuid, query, token }: Props) {
  const on = useServerFeatures()?.places ?? false;
  const modals = useModals();
  const position = usePosition();
  const found = useQuery({
    queryKey: entryPlacesKey(backendUuid, position),
    enabled: on,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
    queryFn: async ({ signal }) =>
      (await searchPlacesForEntry({ query, read_write_token: token, entry_uuid: backendUuid, ...(position ? { near: position } : {}) }, { signal }))
        .data as SearchPlacesForEntry200,
  });
  if (!on || !found.data) return null;
  const { places, needs_location } = found.data;
  if (needs_location)
    return (
      <section aria-label="Places" className="flex flex-wrap items-center gap-3 rounded-xl border border-neutral-200 p-3 text-sm dark:border-neutral-800">
        <MapPin className="size-4 shrink-0" aria-hidden />
        <span className="flex-1">Places near you need your location.</span>
        <button type="button" className="btn-secondary" onClick={() => modals.open('locationPermission', {})}>
          Share my location
        </button>
      </section>
    );
  if (places.length === 0) return null;
  const openPlace = (place: Place) => modals.open('place', { place });
  return (
    <section aria-label="Places" className="flex flex-col gap-2">
      <div className="flex items-center justify-between">
        <h3 className="text-sm font-medium text-neutral-600 dark:text-neutral-400">Places</h3>
        <button type="button" className="text-sm underline-offset-2 hover:underline" onClick={() => modals.open('map', { places })}>
          Show larger map
        </button>
      </div>
      <LazyPlacesMap places={places} onSelect={openPlace} />
      <ul className="grid gap-2 sm:grid-cols-2">
        {places.map((p) => (
          <li key={p.place_id}>
            <button
              type="button"
              onClick={() => openPlace(p)}
              className="flex h-full w-full flex-col gap-0.5 rounded-xl border border-neutral-200 p-3 text-left hover:border-neutral-400 focus-visible:outline-2 dark:border-neutral-800 dark:hover:border-neutral-600"
              aria-label={`${p.name}, ${kindLabel(p)}, ${p.address}`}
              data-testid="place-card"
            >
              <span className="font-medium">{p.name}</span>
              <span className="text-xs text-neutral-500 dark:text-neutral-400">
                {kindLabel(p)}
                {p.cuisine ? ` · ${p.cuisine}` : ''}
                {p.stars ? ` · ${p.stars}★` : ''}
              </span>
              <span className="line-clamp-2 text-sm text-neutral-600 dark:text-neutral-400">{p.address}</span>
            </button>
          </li>
        ))}
      </ul>
      <p className="text-xs text-neutral-500 dark:text-neutral-400">Places from OpenStreetMap.</p>
    </section>
  );
}
