// What a live instance does for one that stopped answering (services/cluster): the durable
// workflows that instance was running, by DBOS's executor id (the instance id), are put back on
// the queue any instance serves, each resuming from its last recorded step.
import { DBOS } from '@dbos-inc/dbos-sdk';
import type { Logger } from 'pino';

export async function takeOverWorkflows(deadId: string, logger: Logger) {
  const pending = await DBOS.listWorkflows({ executorId: deadId, status: 'PENDING' });
  if (!pending.length) return;
  await DBOS.resumeWorkflows(pending.map((w) => w.workflowID));
  logger.warn({ instance: deadId, workflows: pending.length }, 'took over the workflows of an instance that stopped answering');
}
