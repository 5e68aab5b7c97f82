// A pending upload's end: a durable workflow per upload form sleeps until the form's TTL has
// passed, then expires the upload if it was never indexed and removes its object from storage
// (services/files/upload-expiry.ts). Started from the log for every FileUploadStarted, so a form
// handed out just before a crash is still cleaned; the id is the object key, so a repeat is a no-op.
import { DBOS } from '@dbos-inc/dbos-sdk';
import type { Background, BackgroundKernel } from '../services/shared/background.js';
import { startConsumer } from '../services/eventstore/consumers.js';
import type { EventLogSignals } from '../services/eventstore/signals.js';
import type { EventStore } from '../services/eventstore/store.js';
import type { FileUploadStarted } from '../services/files/events.js';
import { expireUpload, type UploadExpiryDeps } from '../services/files/index.js';

export type UploadExpiryJob = { file_uuid: string; object_key: string; expires_at: string };
export const uploadExpiryWorkflowId = (job: UploadExpiryJob) => `expire-upload-${job.object_key}`;

export function registerExpireUpload(deps: UploadExpiryDeps) {
  return DBOS.registerWorkflow(
    async (job: UploadExpiryJob) => {
      // The wait is measured once, in a step, so a recovered workflow sleeps only what is left.
      const waitMs = await DBOS.runStep(async () => Math.max(0, Date.parse(job.expires_at) - deps.now().getTime()), { name: 'until-expiry' });
      if (waitMs > 0) await DBOS.sleep(waitMs);
      return DBOS.runStep(() => expireUpload(deps, job), { name: 'expire', retriesAllowed: true, maxAttempts: 5, intervalSeconds: 1 });
    },
    { name: 'expireUpload' },
  );
}

export type ExpireUploadWorkflow = ReturnType<typeof registerExpireUpload>;

export function startUploadExpiryConsumer(
  store: EventStore,
  workflow: ExpireUploadWorkflow,
  opts: { onError: (err: unknown) => void; signals: EventLogSignals },
) {
  return startConsumer(
    store,
    'upload-expiry',
    async (_trx, events) => {
      for (const event of events) {
        if (event.type !== 'FileUploadStarted') continue;
        const d = event.data as FileUploadStarted['data'];
        const job = { file_uuid: d.file_uuid, object_key: d.object_key, expires_at: d.expires_at };
        await DBOS.startWorkflow(workflow, { workflowID: uploadExpiryWorkflowId(job) })(job);
      }
    },
    { pollMs: 500, onError: opts.onError, types: ['FileUploadStarted'], signals: opts.signals },
  );
}

/** The pending uploads' expiry in the background (services/shared/background.ts): the workflow and its consumer. */
export const uploadExpiryBackground: Background<BackgroundKernel> = {
  register: ({ store, storage, signals, logger }) => {
    const workflow = registerExpireUpload({ store, storage, now: () => new Date() });
    return () => startUploadExpiryConsumer(store, workflow, { signals, onError: (err) => logger.error({ err }, 'upload expiry consumer failed; retrying') });
  },
};
