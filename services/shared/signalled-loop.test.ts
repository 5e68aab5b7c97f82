import { afterEach, expect, test, vi } from 'vitest';
import { startSignalledLoop } from './signalled-loop.js';

afterEach(() => vi.useRealTimers());

function signals() {
  let wake: (() => void) | null = null;
  const onAppend = (_types: readonly string[] | undefined, fn: () => void) => {
    wake = fn;
    return () => {
      wake = null;
    };
  };
  return { onAppend, tell: () => wake?.() };
}

test('runs at start, once more when told during a run, never two at once, and again after the delay it answers', async () => {
  vi.useFakeTimers();
  const s = signals();
  let running = 0;
  let most = 0;
  let runs = 0;
  let finish: () => void = () => {};
  const loop = startSignalledLoop({
    signals: s,
    types: ['X'],
    errorRetryMs: 1000,
    onError: () => {},
    run: async () => {
      runs++;
      most = Math.max(most, ++running);
      await new Promise<void>((resolve) => (finish = resolve));
      running--;
      return 5000;
    },
  });
  expect(runs).toBe(1);
  s.tell();
  s.tell();
  finish();
  await vi.advanceTimersByTimeAsync(0);
  expect(runs).toBe(2); // the two tellings during the run made one more run
  finish();
  await vi.advanceTimersByTimeAsync(4999);
  expect(runs).toBe(2);
  await vi.advanceTimersByTimeAsync(1);
  expect(runs).toBe(3);
  expect(most).toBe(1);
  finish();
  await loop.stop();
  s.tell();
  await vi.advanceTimersByTimeAsync(10_000);
  expect(runs).toBe(3);
});

test('a run that throws is reported and tried again after the error delay; null waits for a telling', async () => {
  vi.useFakeTimers();
  const s = signals();
  const errors: unknown[] = [];
  const answers: (() => Promise<number | null>)[] = [() => Promise.reject(new Error('down')), async () => null, async () => null];
  let runs = 0;
  const loop = startSignalledLoop({ signals: s, types: ['X'], errorRetryMs: 1000, onError: (e) => errors.push(e), run: () => answers[runs++]() });
  await vi.advanceTimersByTimeAsync(0);
  expect(errors).toHaveLength(1);
  await vi.advanceTimersByTimeAsync(1000);
  expect(runs).toBe(2);
  await vi.advanceTimersByTimeAsync(60_000);
  expect(runs).toBe(2);
  s.tell();
  await vi.advanceTimersByTimeAsync(0);
  expect(runs).toBe(3);
  await loop.stop();
});
