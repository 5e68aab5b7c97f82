// The catalogue's statistics folder in the background (services/shared/background.ts). A sync
// folds its own change right after its commit (sync.ts); this folds what a sync could not (an
// instance that stopped between its commit and its fold): once at start, and when the event
// log says products were recorded or a merchant removed. One folds at a time (the folder's
// lock); told while another folds, it tries again shortly.
import type { Background, BackgroundKernel, Running } from '../../shared/background.js';
import type { Db } from '../../db/database.js';
import type { EventLogSignals } from '../../eventstore/signals.js';
import { foldCatalogueStats } from './stat-folder.js';

/** Another folder holds the lock: it may have looked before the change it was told of committed. */
const BUSY_RETRY_MS = 200;
const ERROR_RETRY_MS = 1000;
const TYPES = ['MerchantProductsRecorded', 'MerchantRemoved'];

export function startCatalogueStatFolder(db: Db, opts: { signals?: EventLogSignals; onError: (err: unknown) => void }): Running {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let folding: Promise<void> | null = null;
  let told = false;
  const fold = async () => {
    let retry: number | null = null;
    try {
      told = false;
      if ((await foldCatalogueStats(db)) === 'busy') retry = BUSY_RETRY_MS;
    } catch (err) {
      opts.onError(err);
      retry = ERROR_RETRY_MS;
    }
    folding = null;
    if (stopped) return;
    if (told) wake();
    else if (retry !== null) timer = setTimeout(wake, retry);
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
  const stopListening = opts.signals?.onAppend(TYPES, wake);
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

export const catalogueStatsBackground: Background<BackgroundKernel> = {
  register:
    ({ db, signals, logger }) =>
    () =>
      startCatalogueStatFolder(db, { signals, onError: (err) => logger.error({ err }, 'product statistics folder failed; retrying') }),
};
