// Indexing one version of a file: a durable workflow on a queue (a few at a time per instance;
// parsing itself runs in two low-priority worker processes, so a batch of uploads does not
// starve the answers). The id is the file's version, so submitting
// twice starts one workflow, and a crash mid-index resumes at the next start. Started by the
// request that submits the file and, should that start be lost, from the log.
import { DBOS } from '@dbos-inc/dbos-sdk';
import type { Background, BackgroundKernel } from '../services/shared/background.js';
import { QUEUE_IDLE_POLL_MS } from './queue-polling.js';
import { startConsumer } from '../services/eventstore/consumers.js';
import type { EventLogSignals } from '../services/eventstore/signals.js';
import type { EventStore } from '../services/eventstore/store.js';
import type { FileSubmitted } from '../services/files/events.js';
import { createOutcomeBatcher, type IndexDeps, indexFileVersion, INDEXING_FAILED, recordOutcome } from '../services/files/index.js';

export type IndexJob = { file_uuid: string; version: number };
export const indexWorkflowId = (job: IndexJob) => `index-${job.file_uuid}-${job.version}`;

const QUEUE = 'file-index';

/**
 * The indexing queue lives in the system database: register it once DBOS is launched. A poll
 * takes as many files as there are free places, so small files go at most FILES_AT_ONCE per
 * poll: with 2 places every 250 ms, uploads of 1,000 small files indexed 7.7 a second, and 31.9
 * with 6 every 100 ms (tests/bench/connectors.ts). A large file is parsed by one of the two
 * worker processes (services/files/extract) whatever the places, and at most two large files are
 * held at once (services/files/index-use-case.ts), so more places do not parse more at once: they
 * let more small files' outcomes go in one write (services/files/outcome-batch.ts).
 */
const FILES_AT_ONCE = 16;
// Polled once a second while idle: a file submitted here, or one indexed here freeing a place, wakes the poll at once
// (queue-polling.ts), so a person's upload starts without waiting for it.
export const registerIndexQueue = () =>
  DBOS.registerQueue(QUEUE, { workerConcurrency: FILES_AT_ONCE, minPollingIntervalMs: QUEUE_IDLE_POLL_MS, onConflict: 'always_update' });

export function registerIndexFile(indexDeps: IndexDeps) {
  // The outcomes of this instance's files written together, many small files in one transaction.
  const deps: IndexDeps = { ...indexDeps, record: createOutcomeBatcher(indexDeps) };
  return DBOS.registerWorkflow(
    async (job: IndexJob) => {
      try {
        return await DBOS.runStep(() => indexFileVersion(deps, job.file_uuid, job.version), {
          name: 'index',
          retriesAllowed: true,
          maxAttempts: 3,
          intervalSeconds: 1,
        });
      } catch (err) {
        // Storage or the database kept failing: the file fails with the reason, never stays PROCESSING.
        const reason = err instanceof Error ? err.message : String(err);
        return await DBOS.runStep(() => recordOutcome(deps, job.file_uuid, job.version, { ok: false, error: `${INDEXING_FAILED}: ${reason}` }), {
          name: 'fail',
        });
      }
    },
    { name: 'indexFile' },
  );
}

export type IndexWorkflow = ReturnType<typeof registerIndexFile>;

export async function startIndexing(workflow: IndexWorkflow, job: IndexJob) {
  await DBOS.startWorkflow(workflow, { workflowID: indexWorkflowId(job), queueName: QUEUE })(job);
}

export function startIndexConsumer(store: EventStore, workflow: IndexWorkflow, opts: { onError: (err: unknown) => void; signals: EventLogSignals }) {
  return startConsumer(
    store,
    'file-index',
    async (_trx, events) => {
      for (const event of events) {
        if (event.type !== 'FileSubmitted') continue;
        const d = event.data as FileSubmitted['data'];
        await startIndexing(workflow, { file_uuid: d.file_uuid, version: d.version });
      }
    },
    { pollMs: 500, onError: opts.onError, types: ['FileSubmitted'], signals: opts.signals },
  );
}

/**
 * The files' indexing from the log in the background (services/shared/background.ts). The workflow
 * is registered with the context's ports (services/app), as requests start it too.
 */
export const fileIndexBackground: Background<BackgroundKernel & { indexFile: IndexWorkflow }> = {
  register:
    ({ store, indexFile, signals, logger }) =>
    () =>
      startIndexConsumer(store, indexFile, { signals, onError: (err) => logger.error({ err }, 'file indexing consumer failed; retrying') }),
};
