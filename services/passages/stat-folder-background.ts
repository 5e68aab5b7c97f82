// The statistics folder in the background (services/shared/background.ts), which also merges the
// full-text index's pending postings once the statistics are folded: told by the event
// log's signals when events that write passages commit (the passages projection writes in the
// appending transaction, so its changes commit with them), it folds at once; it also folds once
// at start and every FALLBACK_MS in case a signal was lost. Several instances may run it: one
// folds at a time (the folder's lock), and one told while another folds tries again shortly.
import type { Db } from '../db/database.js';
import type { EventLogSignals } from '../eventstore/signals.js';
import type { Background, BackgroundKernel, Running } from '../shared/background.js';
import { foldPassageStats } from './stat-folder.js';
import { mergePendingPostings } from './pending-postings.js';

const FALLBACK_MS = 10_000;
/** Another folder holds the lock: it may have looked before the change it was told of committed. */
const BUSY_RETRY_MS = 200;
const ERROR_RETRY_MS = 1000;

type FolderOptions = { signals?: EventLogSignals; types: readonly string[]; onError: (err: unknown) => void };

export function startStatFolder(db: Db, opts: FolderOptions): Running {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let folding: Promise<void> | null = null;
  let told = false; // told while folding: the fold may have begun before that change committed
  const later = (ms: number) => {
    clearTimeout(timer);
    timer = setTimeout(wake, ms);
  };
  const fold = async () => {
    let next = FALLBACK_MS;
    try {
      told = false;
      const folded = await foldPassageStats(db);
      if (folded === 'busy') next = BUSY_RETRY_MS;
      // The statistics first (a search reads them); then the postings the writes left pending.
      else if (folded.folded > 0) await mergePendingPostings(db);
    } catch (err) {
      opts.onError(err);
      next = ERROR_RETRY_MS;
    }
    folding = null;
    if (stopped) return;
    if (told) wake();
    else later(next);
  };
  function wake() {
    if (stopped) return;
    if (folding) {
      told = true;
      return;
    }
    clearTimeout(timer);
    folding = fold();
  }
  const stopListening = opts.signals?.onAppend(opts.types, wake);
  wake();
  return {
    async stop() {
      stopped = true;
      stopListening?.();
      clearTimeout(timer);
      await folding;
    },
  };
}

/** The folder of an app instance; `types`: the events the passages projection handles. */
export const passageStatsBackground = (types: readonly string[]): Background<BackgroundKernel> => ({
  register:
    ({ db, signals, logger }) =>
    () =>
      startStatFolder(db, { signals, types, onError: (err) => logger.error({ err }, 'passage statistics folder failed; retrying') }),
});
