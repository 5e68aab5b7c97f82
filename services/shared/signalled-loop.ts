// A background loop woken by the event log's signals: it runs once at start, again when told of
// an append of one of its types, and again after the delay each run answers. Never two runs at
// once: told during a run, it runs once more right after (the run may have begun before that
// change committed). Used by the statistics folders of passages and of the product catalogue.
import type { Running } from './background.js';

type AppendSignals = { onAppend(types: readonly string[] | undefined, wake: () => void): () => void };

export type SignalledLoopOptions = {
  signals?: AppendSignals;
  types: readonly string[];
  /** One run; answers how long to wait before the next unless told sooner (ms), or null: only when told. */
  run: () => Promise<number | null>;
  onError: (err: unknown) => void;
  /** The wait after a run that threw. */
  errorRetryMs: number;
};

export function startSignalledLoop(opts: SignalledLoopOptions): Running {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;
  let told = false;
  const runOnce = async () => {
    let next: number | null;
    try {
      told = false;
      next = await opts.run();
    } catch (err) {
      opts.onError(err);
      next = opts.errorRetryMs;
    }
    running = null;
    if (stopped) return;
    if (told) wake();
    else if (next !== null) {
      clearTimeout(timer);
      timer = setTimeout(wake, next);
    }
  };
  function wake() {
    if (stopped) return;
    if (running) {
      told = true;
      return;
    }
    clearTimeout(timer);
    running = runOnce();
  }
  const stopListening = opts.signals?.onAppend(opts.types, wake);
  wake();
  return {
    async stop() {
      stopped = true;
      stopListening?.();
      clearTimeout(timer);
      await running;
    },
  };
}
