// The places map as the app shows it: Leaflet loaded only when a map is shown, and, when the
// server has no tile server configured, a plain notice instead of an empty map (the places are
// listed beside it either way).
import { lazy, Suspense } from 'react';
import type { Place } from '../../../../generated/react-query/model';
import { useServerFeatures } from '../../platform/server-features';

const PlacesMap = lazy(() => import('./places-map'));

export const TILES_NOT_CONFIGURED = 'The map is not available: this server has no map tile server configured (MAP_TILE_URL). The places are listed below.';

type Props = { places: Place[]; selectedId?: string; onSelect?: (p: Place) => void; className?: string };

export function LazyPlacesMap({ places, selectedId, onSelect, className }: Props) {
  const features = useServerFeatures();
  if (!features || places.length === 0) return null;
  const tiles = features.map_tiles;
  if (!tiles)
    return (
      <p
        className="rounded-xl border border-dashed border-neutral-300 p-3 text-sm text-neutral-600 dark:border-neutral-700 dark:text-neutral-400"
        data-testid="map-not-configured"
      >
        {TILES_NOT_CONFIGURED}
      </p>
    );
  return (
    <Suspense fallback={<div className={className ?? 'h-64 w-full rounded-xl bg-neutral-100 dark:bg-neutral-900'} aria-busy="true" />}>
      <PlacesMap places={places} tiles={tiles} selectedId={selectedId} onSelect={onSelect} className={className} />
    </Suspense>
  );
}
