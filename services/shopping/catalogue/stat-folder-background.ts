// The catalogue's statistics folder in the background (services/shared/background.ts). A sync
// folds its own change right after its commit (sync.ts); this folds what a sync could not (an
// instance that stopped between its commit and its fold): once at start, and when the event
// log says products were recorded or a merchant removed. One folds at a time (the folder's
// lock); told while another folds, it tries again shortly.
import type { Background, BackgroundKernel, Running } from '../../shared/background.js';
import { startSignalledLoop } from '../../shared/signalled-loop.js';
import type { Db } from '../../db/database.js';
import type { EventLogSignals } from '../../eventstore/signals.js';
import { foldCatalogueStats } from './stat-folder.js';

/** Another folder holds the lock: it may have looked before the change it was told of committed. */
const BUSY_RETRY_MS = 200;
const ERROR_RETRY_MS = 1000;
const TYPES = ['MerchantProductsRecorded', 'MerchantRemoved'];

export function startCatalogueStatFolder(db: Db, opts: { signals?: EventLogSignals; onError: (err: unknown) => void }): Running {
  return startSignalledLoop({
    ...opts,
    types: TYPES,
    errorRetryMs: ERROR_RETRY_MS,
    run: async () => ((await foldCatalogueStats(db)) === 'busy' ? BUSY_RETRY_MS : null),
  });
}

export const catalogueStatsBackground: Background<BackgroundKernel> = {
  register:
    ({ db, signals, logger }) =>
    () =>
      startCatalogueStatFolder(db, { signals, onError: (err) => logger.error({ err }, 'product statistics folder failed; retrying') }),
};
