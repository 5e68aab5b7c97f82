// What a live instance does for one that stopped answering (services/cluster): the durable
// workflows that instance was running, by DBOS's executor id (the instance id), are put back on
// the queue any instance serves, each resuming from its last recorded step.
import { DBOS } from '@dbos-inc/dbos-sdk';
import type { Logger } from 'pino';
import { startInstanceWatch } from '../cluster/index.js';
import type { Db } from '../db/database.js';
import type { Config } from '../shared/config.js';

export async function takeOverWorkflows(deadId: string, logger: Logger) {
  const pending = await DBOS.listWorkflows({ executorId: deadId, status: 'PENDING' });
  if (!pending.length) return;
  await DBOS.resumeWorkflows(pending.map((w) => w.workflowID));
  logger.warn({ instance: deadId, workflows: pending.length }, 'took over the workflows of an instance that stopped answering');
}

/** The workflow runtime's settings: each instance is its own executor (INSTANCE_ID), so its
 * workflows resume at its own next start, or on another instance once it has been silent for a lease. */
export const workflowConfig = (config: Config, systemDatabaseUrl: string) => ({
  name: 'answer-engine',
  systemDatabaseUrl,
  executorID: config.instance.id,
  logLevel: config.logLevel === 'silent' ? 'error' : 'warn',
});

/** Says this instance is alive and takes over one that stopped answering (services/cluster). */
export const watchInstances = (config: Config, db: Db, logger: Logger) =>
  startInstanceWatch({
    db,
    instanceId: config.instance.id,
    leaseMs: config.instance.leaseMs,
    takeOver: (deadId) => takeOverWorkflows(deadId, logger),
    onError: (err) => logger.error({ err }, 'instance heartbeat or takeover failed; retrying'),
  });
