// One settings store for the whole app, kept in localStorage under the v1 key. Components read
// it with useSettings(); changes are written at once and also picked up from other tabs.
import { useSyncExternalStore } from 'react';
import { parseStoredSettings, SETTINGS_STORAGE_KEY, type Settings } from './schema';

type Listener = () => void;
const listeners = new Set<Listener>();
let current: Settings | null = null;

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null; // storage blocked (privacy mode): settings live for this page only
  }
}

export function getSettings(): Settings {
  current ??= parseStoredSettings(storage()?.getItem(SETTINGS_STORAGE_KEY) ?? null);
  return current;
}

export function updateSettings(change: Partial<Settings> | ((s: Settings) => Partial<Settings>)) {
  const prev = getSettings();
  current = { ...prev, ...(typeof change === 'function' ? change(prev) : change) };
  try {
    storage()?.setItem(SETTINGS_STORAGE_KEY, JSON.stringify(current));
  } catch {
    // quota or blocked storage: keep the in-memory value
  }
  for (const l of listeners) l();
}

/** Forgets the cached value so the next read parses storage again (tests, other tabs). */
export function reloadSettings() {
  current = null;
  for (const l of listeners) l();
}

const onStorage = (e: StorageEvent) => {
  if (e.key === SETTINGS_STORAGE_KEY) reloadSettings();
};

function subscribe(listener: Listener) {
  listeners.add(listener);
  if (listeners.size === 1) window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('storage', onStorage);
  };
}

export function useSettings(): Settings {
  return useSyncExternalStore(subscribe, getSettings, getSettings);
}
