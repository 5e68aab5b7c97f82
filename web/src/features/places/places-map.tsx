// The map of an answer's places: Leaflet, drawn straight into a div this component owns, with the
// server's tile template (MAP_TILE_URL) and its attribution; a pin per place (circle markers, so
// no marker images are needed), the map fitted to them. Selecting a pin calls onSelect. Loaded
// lazily (lazy-map.tsx), so Leaflet never weighs on a page without places.
import 'leaflet/dist/leaflet.css';
import L from 'leaflet';
import { useEffect, useRef } from 'react';
import type { Place } from '../../../../generated/react-query/model';

export type PlacesMapProps = {
  places: Place[];
  tiles: { url_template: string; attribution: string };
  selectedId?: string;
  onSelect?: (place: Place) => void;
  className?: string;
};

export default function PlacesMap({ places, tiles, selectedId, onSelect, className }: PlacesMapProps) {
  const box = useRef<HTMLElement>(null);
  const select = useRef(onSelect);
  select.current = onSelect;
  useEffect(() => {
    const el = box.current;
    if (!el || places.length === 0) return;
    // Keyboard: the map's own focus (arrows pan, +/- zoom); Escape is left to the dialog around it.
    const map = L.map(el, { scrollWheelZoom: false, attributionControl: true });
    L.tileLayer(tiles.url_template, { attribution: tiles.attribution, maxZoom: 19 }).addTo(map);
    const bounds = L.latLngBounds([]);
    for (const p of places) {
      const selected = p.place_id === selectedId;
      const marker = L.circleMarker([p.lat, p.lon], {
        radius: selected ? 10 : 8,
        color: '#fff',
        weight: 2,
        fillColor: selected ? '#b45309' : '#0f766e',
        fillOpacity: 0.95,
      })
        .bindTooltip(p.name)
        .addTo(map);
      marker.on('click', () => select.current?.(p));
      bounds.extend([p.lat, p.lon]);
    }
    if (places.length === 1) map.setView([places[0]!.lat, places[0]!.lon], 16);
    else map.fitBounds(bounds, { padding: [24, 24], maxZoom: 16 });
    return () => {
      map.remove();
    };
  }, [places, tiles.url_template, tiles.attribution, selectedId]);
  // `isolate`: Leaflet's panes and controls carry z-indexes up to 1000; kept inside the map's own
  // stacking context, they stay under the app's dialogs and menus.
  return <section ref={box} data-testid="places-map" aria-label="Map of the places" className={`isolate ${className ?? 'h-64 w-full rounded-xl'}`} />;
}
