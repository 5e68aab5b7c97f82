// Starts the data-rights workflows from the log: an export for every DataExportRequested, a
// deletion for every AccountDeletionRequested. The workflow ids make a repeat a no-op.
import { DBOS } from '@dbos-inc/dbos-sdk';
import type { Redactors } from '../services/eventstore/erasure.js';
import type { Background, BackgroundKernel } from '../services/shared/background.js';
import { startConsumer } from '../services/eventstore/consumers.js';
import type { EventLogSignals } from '../services/eventstore/signals.js';
import type { EventStore } from '../services/eventstore/store.js';
import type { AccountDeletionRequested, DataExportRequested } from '../services/rights/index.js';
import { deleteAccountWorkflowId, registerDeleteAccount } from './delete-account.js';
import { type ExportDeps, exportWorkflowId, registerExportData } from './export-data.js';

export function startDataRightsConsumer(
  store: EventStore,
  workflows: { exportData: ReturnType<typeof registerExportData>; deleteAccount: ReturnType<typeof registerDeleteAccount> },
  opts: { onError: (err: unknown) => void; signals: EventLogSignals },
) {
  return startConsumer(
    store,
    'data-rights',
    async (_trx, events) => {
      for (const event of events) {
        if (event.type === 'DataExportRequested') {
          const { export_id } = event.data as DataExportRequested['data'];
          await DBOS.startWorkflow(workflows.exportData, { workflowID: exportWorkflowId(export_id) })(export_id);
        } else if (event.type === 'AccountDeletionRequested') {
          const { user_id } = event.data as AccountDeletionRequested['data'];
          await DBOS.startWorkflow(workflows.deleteAccount, { workflowID: deleteAccountWorkflowId(user_id) })(user_id);
        }
      }
    },
    { pollMs: 200, onError: opts.onError, types: ['DataExportRequested', 'AccountDeletionRequested'], signals: opts.signals },
  );
}

/** The data rights in the background (services/shared/background.ts): the export and deletion workflows, and their consumer. */
export const dataRightsBackground: Background<BackgroundKernel & { exportParts: ExportDeps['parts']; redactors: Redactors; forgetSessions: () => void }> = {
  register: (deps) => {
    const { db, store, storage, config, signals, logger } = deps;
    const exportData = registerExportData({ db, store, storage, now: () => new Date(), publicUrl: config.publicUrl, parts: deps.exportParts });
    const deleteAccount = registerDeleteAccount({
      kernel: deps,
      redactors: deps.redactors,
      forgetSessions: deps.forgetSessions,
      pauseMs: config.accountDeletionPauseMs,
    });
    return () =>
      startDataRightsConsumer(
        store,
        { exportData, deleteAccount },
        { signals, onError: (err) => logger.error({ err }, 'data rights consumer failed; retrying') },
      );
  },
};
