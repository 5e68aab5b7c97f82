// An export of a person's data: build the archive and store it, mail that it is ready, then after
// the link's days remove it. Started from the log for every DataExportRequested (id: the export's),
// so an export asked for just before a crash is still made, once. Steps return ids only.
import { DBOS } from '@dbos-inc/dbos-sdk';
import type { Db } from '../services/db/database.js';
import type { EventStore } from '../services/eventstore/store.js';
import { EXPORT_LINK_DAYS, type ExportPart, expireExport, failExport, mailExportReady, makeExport } from '../services/rights/index.js';
import type { Storage } from '../services/storage/storage.js';

export type ExportDeps = { db: Db; store: EventStore; storage: Storage; now: () => Date; publicUrl: string; parts: readonly ExportPart[] };
export const exportWorkflowId = (exportId: string) => `data-export-${exportId}`;

export function registerExportData(deps: ExportDeps) {
  return DBOS.registerWorkflow(
    async (exportId: string) => {
      let made: Awaited<ReturnType<typeof makeExport>>;
      try {
        made = await DBOS.runStep(() => makeExport(deps, exportId, deps.now()), { name: 'make', retriesAllowed: true, maxAttempts: 3, intervalSeconds: 1 });
      } catch {
        await DBOS.runStep(() => failExport(deps.store, exportId, deps.now()), { name: 'fail' });
        return 'failed';
      }
      if (made.status !== 'ready') return made.status ?? 'none';
      await DBOS.runStep(() => mailExportReady(deps, exportId, deps.publicUrl, deps.now()), { name: 'mail' });
      await DBOS.sleep(EXPORT_LINK_DAYS * 24 * 3600 * 1000);
      await DBOS.runStep(() => expireExport(deps, exportId, deps.now()), { name: 'expire', retriesAllowed: true, maxAttempts: 5 });
      return 'expired';
    },
    { name: 'exportData' },
  );
}
