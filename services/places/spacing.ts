// One geocoder request at a time per instance, at least `minIntervalMs` apart (Nominatim's usage
// policy: at most one a second). A request that would wait longer than `maxWaitMs` is refused
// at once rather than queued behind others: an answer's places are not worth a long wait.
export type Spacing = { take: () => Promise<boolean> };

export function requestSpacing(
  minIntervalMs: number,
  maxWaitMs: number,
  now: () => number = Date.now,
  sleep = (ms: number) => new Promise((r) => setTimeout(r, ms)),
): Spacing {
  let nextFree = 0;
  return {
    async take() {
      const t = now();
      const start = Math.max(t, nextFree);
      if (start - t > maxWaitMs) return false;
      nextFree = start + minIntervalMs;
      if (start > t) await sleep(start - t);
      return true;
    },
  };
}
