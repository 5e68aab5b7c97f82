// A connection's sync as a durable workflow (DBOS), every run the same steps, each one durable:
// the delta cursor taken before anything is listed (the first run) or the changes since it applied
// page by page (later runs; an expired cursor means a full listing again, of one drive where
// only that drive's expired), the picked items looked
// up at the source, each folder to walk listed page by page (each page a step, so a crash resumes
// at the last checkpoint) and pruned by its slim listing, then every queued file fetched and
// indexed, a batch to a step, a few at a time. A run is a pick, a scheduled delta or a resync; one connection runs
// one at a time (the queue is partitioned by connection), on a queue so syncs never crowd out answers.
import { DBOS } from '@dbos-inc/dbos-sdk';
import { registerConnectionQueue, startForConnection } from './connection-queue.js';
import {
  applyDeltaPage,
  cursorOf,
  evaluateResyncs,
  type FileOutcome,
  type FolderJob,
  filesToSync,
  finishSync,
  foldersDone,
  listFolderPage,
  pruneFolder,
  resolvePicked,
  type SyncDeps,
  syncFiles,
  takeCursor,
} from '../services/connectors/index.js';

/** `pick` after a person picks, `delta` on the schedule, `resync` when asked (POST /rest/files/resync); only a pick or a resync mails. */
export type SyncJob = { connection_uuid: string; run: string; kind?: 'pick' | 'delta' | 'resync' };
const QUEUE = 'connector-sync';
/**
 * Files of one connection fetched at once, in batches, each batch one step (its items marked and
 * settled in one append each, services/connectors/sync-files.ts): a step per file cost more than
 * the small file it fetched. A file mostly waits on the provider, storage and the database; the
 * provider's pace (provider-pace.ts) bounds it too.
 */
const PARALLEL_FILES = 12;
const FILES_PER_STEP = 48;

export const registerConnectorSyncQueue = () => registerConnectionQueue(QUEUE);

export function registerConnectorSync(deps: SyncDeps) {
  return DBOS.registerWorkflow(
    async (job: SyncJob) => {
      const c = job.connection_uuid;
      const retried = { retriesAllowed: true, maxAttempts: 3 };
      const start = await DBOS.runStep(() => cursorOf(deps, c), { name: 'cursor', ...retried });
      const walks: FolderJob[] = [];
      let relist = false;
      const relistDrives: string[] = [];
      let changed = 0;
      if (start.cursor && !start.taken) {
        let cursor: string = start.cursor;
        for (let page = 0; ; page++) {
          const at = cursor;
          // A pick or a resync asks again about drives the provider refused; a scheduled delta does not.
          const step = await DBOS.runStep(() => applyDeltaPage(deps, c, at, { retryRefused: job.kind !== 'delta' }), { name: `delta-${page}`, ...retried });
          if (step.expired) {
            relist = true;
            await DBOS.runStep(() => takeCursor(deps, c), { name: 'cursor-again', ...retried });
            break;
          }
          walks.push(...step.walk);
          relistDrives.push(...(step.relistDrives ?? []));
          changed += step.changed;
          if (!step.more) break;
          cursor = step.cursor;
        }
      }
      // A drive whose own cursor expired (Graph's 410) has what was picked in it listed whole again.
      const drives = [...new Set(relistDrives)];
      const picked = await DBOS.runStep(() => resolvePicked(deps, c, { all: relist, drives }), { name: 'resolve-picked', ...retried });
      const resynced = await DBOS.runStep(() => evaluateResyncs(deps, c), { name: 'evaluate-resyncs', ...retried });
      const folders = [...new Map([...picked, ...resynced, ...walks].map((f) => [f.item_uuid, f])).values()];
      for (const folder of folders) {
        let checkpoint: string | null = null;
        let page = 0;
        do {
          const at: string | null = checkpoint;
          checkpoint = await DBOS.runStep(() => listFolderPage(deps, c, folder, at), { name: `list-${folder.item_uuid}-${page++}`, ...retried });
        } while (checkpoint);
        await DBOS.runStep(() => pruneFolder(deps, c, folder), { name: `prune-${folder.item_uuid}`, ...retried });
      }
      await DBOS.runStep(() => foldersDone(deps, c), { name: 'folders-done' });
      const files = await DBOS.runStep(() => filesToSync(deps, c), { name: 'files-to-sync' });
      const outcomes: FileOutcome[] = [];
      for (let i = 0; i < files.length; i += FILES_PER_STEP) {
        const batch = files.slice(i, i + FILES_PER_STEP);
        outcomes.push(...(await DBOS.runStep(() => syncFiles(deps, c, batch, PARALLEL_FILES), { name: `files-${batch[0].item_uuid}` })));
      }
      const run = { id: job.run, synced: outcomes.filter((o) => o === 'synced').length, failed: outcomes.filter((o) => o === 'failed').length };
      await DBOS.runStep(() => finishSync(deps, c, { ...run, mail: job.kind !== 'delta' }), { name: 'finish' });
      return { ...run, changed, relisted: relist };
    },
    { name: 'connectorSync' },
  );
}

export type ConnectorSyncWorkflow = ReturnType<typeof registerConnectorSync>;

/** Starting the same run twice is one run (its id names the connection and the run). */
export async function startConnectorSync(workflow: ConnectorSyncWorkflow, job: SyncJob) {
  await startForConnection(workflow, QUEUE, `connector-sync-${job.connection_uuid}-${job.run}`, job);
}
