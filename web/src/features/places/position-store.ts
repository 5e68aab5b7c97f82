// The person's position, once they let the browser share it (the location permission modal): kept
// in memory for this tab only, never stored or sent anywhere but with a "near me" place search.
import { useSyncExternalStore } from 'react';

export type Position = { lat: number; lon: number };

let current: Position | null = null;
const listeners = new Set<() => void>();

export function setPosition(p: Position | null) {
  current = p;
  for (const l of listeners) l();
}

export function usePosition(): Position | null {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => current,
    () => null,
  );
}

/** Asks the browser for the position; the reason in the person's words when it cannot be had. */
export function requestPosition(geo: Geolocation | undefined = globalThis.navigator?.geolocation): Promise<Position> {
  return new Promise((resolve, reject) => {
    if (!geo) return reject(new Error('This browser cannot share a location.'));
    geo.getCurrentPosition(
      (p) => {
        const position = { lat: p.coords.latitude, lon: p.coords.longitude };
        setPosition(position);
        resolve(position);
      },
      (err) =>
        reject(
          new Error(
            err.code === 1
              ? 'Location access was refused. To see places near you, allow location for this site in your browser’s settings, or name a place in your question instead.'
              : err.code === 3
                ? 'Your position could not be found in time. Please try again.'
                : 'Your browser could not find your position. Please try again, or name a place in your question instead.',
          ),
        ),
      { enableHighAccuracy: false, timeout: 15_000, maximumAge: 10 * 60_000 },
    );
  });
}
