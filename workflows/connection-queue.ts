// The connectors' queues (file syncs, app syncs, removals): each partitioned by connection, so one
// workflow of a connection runs at a time (a delta waits for a pick, a removal for nothing else of
// its kind), and a workflow started twice under the same id is one run.
import { DBOS } from '@dbos-inc/dbos-sdk';
import { QUEUE_IDLE_POLL_MS } from './queue-polling.js';

export const registerConnectionQueue = (name: string) =>
  DBOS.registerQueue(name, { workerConcurrency: 2, partitionConcurrency: 1, minPollingIntervalMs: QUEUE_IDLE_POLL_MS, onConflict: 'always_update' });

export async function startForConnection<T extends { connection_uuid: string }, R>(
  workflow: (job: T) => Promise<R>,
  queueName: string,
  workflowID: string,
  job: T,
) {
  await DBOS.startWorkflow(workflow, { workflowID, queueName, enqueueOptions: { queuePartitionKey: job.connection_uuid } })(job);
}
