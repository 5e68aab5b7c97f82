// The counts behind the upload toast (seed 001 §4): total, pending and errors. When the last
// pending file settles, the total returns to 0 and the run is done; `done` keeps what it did.
// One store for the app, so uploads started from any modal share one toast; sign-out resets it.
import { resetOnSignOut } from '../../../platform/sign-out';

export type UploadProgressState = {
  total: number;
  pending: number;
  errors: number;
  /** The run that just ended, until the next one starts. */
  done: { synced: number; errors: number } | null;
};

const IDLE: UploadProgressState = { total: 0, pending: 0, errors: 0, done: null };

export function createUploadProgress() {
  let state = IDLE;
  const listeners = new Set<(next: UploadProgressState, previous: UploadProgressState) => void>();
  const set = (next: UploadProgressState) => {
    const previous = state;
    state = next.total > 0 && next.pending === 0 ? { ...IDLE, done: { synced: next.total - next.errors, errors: next.errors } } : next;
    for (const l of listeners) l(state, previous);
  };
  return {
    get: () => state,
    subscribe(listener: (next: UploadProgressState, previous: UploadProgressState) => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    /** Files join the run (a second upload while one runs adds to it). */
    start(n: number) {
      if (n > 0) set({ total: state.total + n, pending: state.pending + n, errors: state.errors, done: null });
    },
    /** One file is through: indexed, or failed somewhere on the way. */
    settle(ok: boolean) {
      if (state.pending > 0) set({ ...state, pending: state.pending - 1, errors: state.errors + (ok ? 0 : 1) });
    },
    /** Files that will not be sent after all (a limit was reached): out of the run. */
    cancel(n: number) {
      const k = Math.min(n, state.pending);
      if (k > 0) set({ ...state, total: state.total - k, pending: state.pending - k });
    },
    reset: () => set(IDLE),
  };
}

export type UploadProgress = ReturnType<typeof createUploadProgress>;

/** Percent of the run's files that are through, 0 to 100. */
export const percentComplete = (s: Pick<UploadProgressState, 'total' | 'pending'>) => (s.total > 0 ? Math.round(((s.total - s.pending) / s.total) * 100) : 100);

export const uploadProgress = createUploadProgress();
resetOnSignOut(uploadProgress.reset);
