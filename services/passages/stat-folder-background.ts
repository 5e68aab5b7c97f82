// The statistics folder in the background (services/shared/background.ts), which also merges the
// full-text index's pending postings once the statistics are folded: told by the event
// log's signals when events that write passages commit (the passages projection writes in the
// appending transaction, so its changes commit with them), it folds at once; it also folds once
// at start and every FALLBACK_MS in case a signal was lost. Several instances may run it: one
// folds at a time (the folder's lock), and one told while another folds tries again shortly.
import type { Db } from '../db/database.js';
import type { EventLogSignals } from '../eventstore/signals.js';
import type { Background, BackgroundKernel, Running } from '../shared/background.js';
import { startSignalledLoop } from '../shared/signalled-loop.js';
import { foldPassageStats } from './stat-folder.js';
import { mergePendingPostings } from './pending-postings.js';

const FALLBACK_MS = 10_000;
/** Another folder holds the lock: it may have looked before the change it was told of committed. */
const BUSY_RETRY_MS = 200;
const ERROR_RETRY_MS = 1000;

type FolderOptions = { signals?: EventLogSignals; types: readonly string[]; onError: (err: unknown) => void };

export function startStatFolder(db: Db, opts: FolderOptions): Running {
  return startSignalledLoop({
    ...opts,
    errorRetryMs: ERROR_RETRY_MS,
    run: async () => {
      const folded = await foldPassageStats(db);
      if (folded === 'busy') return BUSY_RETRY_MS;
      // The statistics first (a search reads them); then the postings the writes left pending.
      if (folded.folded > 0) await mergePendingPostings(db);
      return FALLBACK_MS;
    },
  });
}

/** The folder of an app instance; `types`: the events the passages projection handles. */
export const passageStatsBackground = (types: readonly string[]): Background<BackgroundKernel> => ({
  register:
    ({ db, signals, logger }) =>
    () =>
      startStatFolder(db, { signals, types, onError: (err) => logger.error({ err }, 'passage statistics folder failed; retrying') }),
});
