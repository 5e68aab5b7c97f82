// Every citation marker [n] in an answer must point at one of its sources (1..count). Models
// invent markers; these functions drop the ones that point nowhere.
const MARKER = /\[(\d{1,6})\]/g;

export function markersOf(text: string) {
  return [...text.matchAll(MARKER)].map((m) => Number(m[1]));
}

/** Removes markers outside 1..count; repeated because a removal can join "[1" and "0]". */
export function sanitizeCitations(text: string, count: number) {
  for (let i = 0; i <= text.length; i++) {
    const next = text.replace(MARKER, (m, n: string) => (Number(n) >= 1 && Number(n) <= count ? m : ''));
    if (next === text) return text;
    text = next;
  }
  return text;
}

/**
 * The same for streamed text: holds back everything from the first "[" that has no "]" after it
 * yet, so a marker split across chunks is judged whole and nothing emitted ever changes.
 */
export function citationFilter(count: number) {
  let pending = '';
  return {
    push(chunk: string) {
      pending = sanitizeCitations(pending + chunk, count);
      const open = firstUnclosed(pending);
      const out = open === -1 ? pending : pending.slice(0, open);
      pending = open === -1 ? '' : pending.slice(open);
      return out;
    },
    flush() {
      const out = sanitizeCitations(pending, count);
      pending = '';
      return out;
    },
  };
}

function firstUnclosed(text: string) {
  const lastClose = text.lastIndexOf(']');
  return text.indexOf('[', lastClose + 1);
}

/**
 * Removes sources (1-based numbers) from an answer: their markers go, the rest are renumbered
 * to the sources that remain, in order. Markers already pointing nowhere are dropped too.
 */
export function removeCitations(text: string, count: number, removed: ReadonlySet<number>) {
  const renumber = new Map<number, number>();
  for (let n = 1, next = 1; n <= count; n++) if (!removed.has(n)) renumber.set(n, next++);
  // One pass over the original markers, so a renumbered [1] is never read again. Markers side by
  // side ("[2][3]") are one run: its leading space goes only when none of them stays.
  return sanitizeCitations(text, count).replace(/( ?)((?:\[\d{1,6}\])+)/g, (_m, space: string, run: string) => {
    const kept = markersOf(run)
      .map((n) => renumber.get(n))
      .filter((to) => to !== undefined);
    return kept.length ? space + kept.map((to) => `[${to}]`).join('') : '';
  });
}
