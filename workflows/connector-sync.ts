// A connection's sync as a durable workflow (DBOS): the picked items looked up at the source, each
// picked folder walked page by page (each page a step, so a crash resumes at the last checkpoint),
// then every queued file fetched and indexed, a few at a time. One run per pick (its id names the
// connection and the pick), on a queue so syncs never crowd out answers.
import { DBOS } from '@dbos-inc/dbos-sdk';
import { filesToSync, finishSync, foldersDone, listFolderPage, resolvePicked, type SyncDeps, syncFile } from '../services/connectors/index.js';

export type SyncJob = { connection_uuid: string; run: string };
const QUEUE = 'connector-sync';
/** Files of one connection fetched at once. */
const PARALLEL_FILES = 4;

export const registerConnectorSyncQueue = () => DBOS.registerQueue(QUEUE, { workerConcurrency: 2, minPollingIntervalMs: 250, onConflict: 'always_update' });

export function registerConnectorSync(deps: SyncDeps) {
  return DBOS.registerWorkflow(
    async (job: SyncJob) => {
      const c = job.connection_uuid;
      const folders = await DBOS.runStep(() => resolvePicked(deps, c), { name: 'resolve-picked', retriesAllowed: true, maxAttempts: 3 });
      for (const folder of folders) {
        let checkpoint: string | null = null;
        let page = 0;
        do {
          const at: string | null = checkpoint;
          checkpoint = await DBOS.runStep(() => listFolderPage(deps, c, folder, at), {
            name: `list-${folder.item_uuid}-${page++}`,
            retriesAllowed: true,
            maxAttempts: 3,
          });
        } while (checkpoint);
      }
      await DBOS.runStep(() => foldersDone(deps, c), { name: 'folders-done' });
      const files = await DBOS.runStep(() => filesToSync(deps, c), { name: 'files-to-sync' });
      const outcomes: ('synced' | 'failed')[] = [];
      for (let i = 0; i < files.length; i += PARALLEL_FILES) {
        outcomes.push(
          ...(await Promise.all(files.slice(i, i + PARALLEL_FILES).map((f) => DBOS.runStep(() => syncFile(deps, c, f), { name: `file-${f.item_uuid}` })))),
        );
      }
      const run = { id: job.run, synced: outcomes.filter((o) => o === 'synced').length, failed: outcomes.filter((o) => o === 'failed').length };
      await DBOS.runStep(() => finishSync(deps, c, run), { name: 'finish' });
      return run;
    },
    { name: 'connectorSync' },
  );
}

export type ConnectorSyncWorkflow = ReturnType<typeof registerConnectorSync>;

export async function startConnectorSync(workflow: ConnectorSyncWorkflow, job: SyncJob) {
  await DBOS.startWorkflow(workflow, { workflowID: `connector-sync-${job.connection_uuid}-${job.run}`, queueName: QUEUE })(job);
}
