// The workflows the context calls as ports, registered before the workflow runtime launches:
// answering (and the task runs that ask), indexing a file, changing a plan, and the drain that
// applies Stripe's webhooks (nudged by the request that stored one).
import { registerIndexFile, registerIndexQueue, startIndexing } from '../../workflows/index-file.js';
import { planChangeRunner, registerPlanChange } from '../../workflows/plan-change.js';
import { createWebhookDrain } from '../../workflows/stripe-webhook.js';
import { registerTaskRun, registerTaskRunQueue, startTaskRunWorkflow } from '../../workflows/task-run.js';
import type { TaskRuns } from '../tasks/index.js';
import { registerAnswering } from './answering.js';
import { registerConnectorSync, registerConnectorSyncQueue, startConnectorSync } from '../../workflows/connector-sync.js';
import { registerConnectorAppSync, registerConnectorAppSyncQueue, startConnectorAppSync } from '../../workflows/connector-app-sync.js';
import { registerConnectorRemoval, registerConnectorRemovalQueue, startConnectorRemoval } from '../../workflows/connector-removal.js';
import { connectorsPort, type RemovalRun, type SyncRun } from '../connectors/index.js';
import { changeSyncedFileReaders, deleteImportedFile, deleteImportedFilesIn, importFiles } from '../files/index.js';
import type { Plan } from '../shared/actor.js';
import type { Trx } from '../eventstore/types.js';
import { personOf } from '../identity/index.js';
import type { AppKernel } from './kernel.js';
import { type McpPort, toolsForAnswer } from '../tools/index.js';
import { createHmac } from 'node:crypto';
import { agentRunner, registerAgentTask } from '../../workflows/agent-task.js';
import { AgentInbox, agentModel, createAgentOutbox } from '../agent/index.js';
import { siteInstructionsOf } from '../settings/index.js';

export type AppPorts = ReturnType<typeof registerPorts>;

export function registerPorts({ kernel, billing, subscriptionOf, secret }: AppKernel, mcp?: McpPort) {
  const { store, db, storage, config, logger } = kernel;
  const answering = registerAnswering(store, db, config, mcp);
  // Tasks: each occurrence's run is a durable workflow (the scheduler starts the due ones).
  const taskRun = registerTaskRun({ store, db, now: () => new Date(), answers: { start: answering.start, untilEnded: answering.untilEnded } });
  const taskRuns: TaskRuns = { start: (cmd) => startTaskRunWorkflow(taskRun, cmd) };
  const indexFile = registerIndexFile({ store, db, storage, now: () => new Date() });
  const indexing = { start: (job: { file_uuid: string; version: number }) => startIndexing(indexFile, job) };
  // Connectors: one token box and one limiter for requests and syncs.
  const connectors = connectorsPort(config);
  // A synced file removed (at its source, or with its connection) is deleted as a person's delete does.
  const deleteFile = (fileUuid: string, by: string) => deleteImportedFile({ db, store, storage, now: () => new Date(), logger }, fileUuid, by);
  const connectorSync = registerConnectorSync({
    db,
    store,
    now: () => new Date(),
    logger,
    connectors,
    maxFileBytes: config.fileMaxBytes,
    publicUrl: config.publicUrl,
    importFiles: async (jobs) => {
      // A batch's files are synced for one person: read once. A synced file counts toward the plan's file limits of the person it is synced for.
      const people = new Map<string, Promise<{ email: string; plan: Plan }>>();
      const personFor = (userId: string) => {
        if (!people.has(userId))
          people.set(
            userId,
            Promise.all([personOf(db, userId), subscriptionOf(userId)]).then(([owner, sub]) => ({ email: owner?.email ?? '', plan: sub.subscription_plan })),
          );
        return people.get(userId)!;
      };
      const full = await Promise.all(
        jobs.map(async (job) => ({ ...job, uploader_email: (await personFor(job.uploaded_by)).email, plan: (await personFor(job.uploaded_by)).plan })),
      );
      return importFiles({ db, store, storage, now: () => new Date(), config, logger, indexing }, full);
    },
    deleteFile,
    setFileReaders: (fileUuid, readers) => changeSyncedFileReaders({ db, store, now: () => new Date() }, fileUuid, readers),
  });
  const connectorAppSync = registerConnectorAppSync({
    db,
    store,
    now: () => new Date(),
    logger,
    connectors,
    reconcileMs: config.connectors.reconcileSeconds * 1000,
  });
  const deleteFilesIn = (trx: Trx, fileUuids: string[], by: string) =>
    deleteImportedFilesIn({ store, storage, now: () => new Date(), logger }, trx, fileUuids, by);
  const connectorRemoval = registerConnectorRemoval({ db, store, now: () => new Date(), deleteFile, deleteFilesIn, batchSize: config.connectors.removalBatch });
  // The in-browser agent: each task a durable workflow talking to the extension through the socket's outbox.
  const agentSecret = createHmac('sha256', secret).update('agent').digest('base64url');
  const agentOutbox = createAgentOutbox();
  const agentInbox = new AgentInbox();
  const agentTask = registerAgentTask(
    {
      store,
      db,
      now: () => new Date(),
      logger,
      outbox: agentOutbox,
      requestSecret: agentSecret,
      bounds: { ...config.agent, modelTimeoutMs: config.llmTimeoutMs },
      model: config.llm ? agentModel(config.llm) : null,
      siteInstructions: (userId) => siteInstructionsOf(db, userId),
      // The person's enabled tool-server tools; their calls are listed under the task's id, as an answer's under its own.
      ...(mcp ? { tools: (userId: string, taskUuid: string) => toolsForAnswer({ db, store, now: () => new Date(), mcp }, userId, taskUuid) } : {}),
    },
    agentInbox,
  );
  return {
    connectors,
    connectorSync: {
      start: (job: SyncRun) => startConnectorSync(connectorSync, job),
      startApp: (job: { connection_uuid: string; run: string }) => startConnectorAppSync(connectorAppSync, job),
      remove: (job: RemovalRun) => startConnectorRemoval(connectorRemoval, job),
    },
    answering,
    taskRuns,
    agentRuns: agentRunner(agentTask, agentInbox),
    agentOutbox,
    agentSecret,
    indexFile,
    indexing,
    changePlan: planChangeRunner(registerPlanChange(billing)),
    webhooks: createWebhookDrain(billing, { onError: (err) => logger.error({ err }, 'Stripe webhook inbox could not be drained; retrying') }),
  };
}

/** The ports' queues live in the workflow runtime's system database: registered once it has launched. */
export async function registerPortQueues() {
  await registerIndexQueue();
  await registerTaskRunQueue();
  await registerConnectorSyncQueue();
  await registerConnectorAppSyncQueue();
  await registerConnectorRemovalQueue();
}
