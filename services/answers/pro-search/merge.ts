// The results of a Pro Search's searches merged into one list: taken in turns (each search's
// best first, then each one's second, ...), so every search is read, and a page found by
// several searches kept once, at its first place. Pure.
import type { Passage } from '../types.js';

/** A URL as one page: its fragment and a trailing slash dropped, the host lower-cased. */
export function pageKey(url: string): string {
  try {
    const u = new URL(url);
    u.hash = '';
    return `${u.protocol}//${u.host.toLowerCase()}${u.pathname.replace(/\/+$/, '')}${u.search}`;
  } catch {
    return url;
  }
}

export function mergeResults(perSearch: readonly (readonly Passage[])[], max: number): Passage[] {
  const seen = new Set<string>();
  const merged: Passage[] = [];
  const longest = Math.max(0, ...perSearch.map((r) => r.length));
  for (let rank = 0; rank < longest && merged.length < max; rank++)
    for (const results of perSearch) {
      const r = results[rank];
      if (!r || merged.length >= max) continue;
      const key = pageKey(r.url);
      if (seen.has(key)) continue;
      seen.add(key);
      merged.push(r);
    }
  return merged;
}
