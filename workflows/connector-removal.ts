// What a disconnected or deleted connection synced, removed as a durable workflow (DBOS): the
// request that disconnects or deletes answers at once, and a connection with thousands of files
// is removed in bounded batches, each a step. Its syncs still under way are waited for first (they
// find the connection gone and stop, but a file they were fetching may still land), then its
// items go batch by batch (each file deleted through files, its passages with it), then an app
// connection's documents, then where its deltas went on from, and at last what withheld it. A server killed midway goes on after
// a restart from the batch it was in; a batch run again skips what it already removed, so nothing
// is removed twice. One removal of a connection runs at a time (the queue is partitioned by connection).
import { DBOS } from '@dbos-inc/dbos-sdk';
import { registerConnectionQueue, startForConnection } from './connection-queue.js';
import {
  forgetSyncState,
  releaseRemovedConnection,
  type RemovalDeps,
  type RemovalRun,
  removeDocumentBatch,
  removeItemBatch,
} from '../services/connectors/index.js';

const QUEUE = 'connector-removal';
/** A batch that failed (the database went away a moment) is tried again, waiting longer each time. */
const STEP = { retriesAllowed: true, maxAttempts: 8, intervalSeconds: 1, backoffRate: 2 } as const;

export const registerConnectorRemovalQueue = () => registerConnectionQueue(QUEUE);

/** The connection's syncs not finished: started before it was disconnected, they may still write. */
async function syncsUnderWay(connectionUuid: string) {
  const runs = await DBOS.listWorkflows({
    workflow_id_prefix: [`connector-sync-${connectionUuid}-`, `connector-app-sync-${connectionUuid}-`],
    status: ['PENDING', 'ENQUEUED'],
  });
  return runs.map((r) => r.workflowID);
}

export function registerConnectorRemoval(deps: RemovalDeps) {
  return DBOS.registerWorkflow(
    async (job: RemovalRun) => {
      const c = job.connection_uuid;
      const running = await DBOS.runStep(() => syncsUnderWay(c), { name: 'syncs-under-way', ...STEP });
      // A sync that failed has nothing more to write either.
      for (const id of running) await DBOS.getResult(id).catch(() => null);
      let items = 0;
      for (let batch = 0; ; batch++) {
        const done = await DBOS.runStep(() => removeItemBatch(deps, c, job.by), { name: `items-${batch}`, ...STEP });
        items += done.removed;
        if (done.done) break;
      }
      let documents = 0;
      for (let batch = 0; ; batch++) {
        const done = await DBOS.runStep(() => removeDocumentBatch(deps, c), { name: `documents-${batch}`, ...STEP });
        documents += done.removed;
        if (done.done) break;
      }
      await DBOS.runStep(() => forgetSyncState(deps, c), { name: 'forget-cursor', ...STEP });
      // Nothing of it is left to withhold: search and listing stop carrying it (unless it was connected, or disconnected again, since).
      await DBOS.runStep(() => releaseRemovedConnection(deps, job), { name: 'release-withheld', ...STEP });
      return { items, documents };
    },
    { name: 'connectorRemoval' },
  );
}

export type ConnectorRemovalWorkflow = ReturnType<typeof registerConnectorRemoval>;

/** How many times a removal that ended in error is started again (each after its steps' own retries). */
export const REMOVAL_RETRIES = 5;

/**
 * The workflow id a removal goes on under: its own while that has not ended in error, else the
 * next retry's (`…-retry-<n>`); null once every retry ended in error. Ids are fixed by the run,
 * so two sweeps at once start the same one. `statusOf` reads DBOS's status of an id.
 */
export async function removalAttemptId(base: string, statusOf: (id: string) => Promise<string | null>): Promise<string | null> {
  for (let attempt = 0; attempt <= REMOVAL_RETRIES; attempt++) {
    const id = attempt ? `${base}-retry-${attempt}` : base;
    // A removal is safe to run again: a batch skips what an earlier one removed.
    if ((await statusOf(id)) !== 'ERROR') return id;
  }
  return null;
}

export async function startConnectorRemoval(workflow: ConnectorRemovalWorkflow, job: RemovalRun) {
  const base = `connector-removal-${job.connection_uuid}-${job.run}`;
  const id = await removalAttemptId(base, async (wid) => (await DBOS.getWorkflowStatus(wid))?.status ?? null);
  if (!id) throw new Error(`the removal ${base} ended in error ${REMOVAL_RETRIES + 1} times; it is not started again`);
  await startForConnection(workflow, QUEUE, id, job);
}
