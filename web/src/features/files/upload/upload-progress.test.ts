// The upload toast's counts (seed 001 §4): a run is done when the total returns to 0.
import { describe, expect, it } from 'vitest';
import { createUploadProgress, percentComplete } from './upload-progress';

describe('upload progress', () => {
  it('counts a run and ends it with what was synced when the last file settles', () => {
    const p = createUploadProgress();
    const seen: number[] = [];
    p.subscribe((s) => seen.push(s.total));
    p.start(4);
    p.settle(true);
    p.settle(false);
    expect(p.get()).toEqual({ total: 4, pending: 2, errors: 1, done: null });
    expect(percentComplete(p.get())).toBe(50);
    p.start(2); // a second upload joins the run
    expect(p.get()).toMatchObject({ total: 6, pending: 4 });
    p.settle(true);
    p.cancel(1); // stopped by a limit: out of the run
    p.settle(true);
    p.settle(true);
    expect(p.get()).toEqual({ total: 0, pending: 0, errors: 0, done: { synced: 4, errors: 1 } });
    expect(seen.at(-1)).toBe(0);
    p.start(1);
    expect(p.get().done).toBeNull();
  });

  it('ends without a done state when every file was taken out', () => {
    const p = createUploadProgress();
    p.start(3);
    p.cancel(3);
    expect(p.get()).toEqual({ total: 0, pending: 0, errors: 0, done: null });
  });

  it('ignores settling more files than are pending', () => {
    const p = createUploadProgress();
    p.settle(false);
    p.cancel(2);
    expect(p.get()).toEqual({ total: 0, pending: 0, errors: 0, done: null });
  });
});
