// An image upload slot's end: a durable workflow per form sleeps until the slot is removable
// (the form's deadline and a grace period for keeping the image), then removes its object
// (services/files/images/expiry.ts). Started from the log for every ImageUploadStarted, so a
// form handed out just before a crash is still cleaned; the id is the object key, so a repeat
// is a no-op.
import { DBOS } from '@dbos-inc/dbos-sdk';
import type { Background, BackgroundKernel } from '../services/shared/background.js';
import { startConsumer } from '../services/eventstore/consumers.js';
import type { EventLogSignals } from '../services/eventstore/signals.js';
import type { EventStore } from '../services/eventstore/store.js';
import { expireImageUpload, type ImageExpiryDeps, type ImageUploadStarted } from '../services/files/index.js';

export type ImageExpiryJob = { object_key: string; removable_at: string };
export const imageExpiryWorkflowId = (job: ImageExpiryJob) => `expire-image-${job.object_key}`;

export function registerExpireImageUpload(deps: ImageExpiryDeps) {
  return DBOS.registerWorkflow(
    async (job: ImageExpiryJob) => {
      // The wait is measured once, in a step, so a recovered workflow sleeps only what is left.
      const waitMs = await DBOS.runStep(async () => Math.max(0, Date.parse(job.removable_at) - deps.now().getTime()), { name: 'until-removable' });
      if (waitMs > 0) await DBOS.sleep(waitMs);
      await DBOS.runStep(() => expireImageUpload(deps, job.object_key), { name: 'remove', retriesAllowed: true, maxAttempts: 5, intervalSeconds: 1 });
    },
    { name: 'expireImageUpload' },
  );
}

export type ExpireImageUploadWorkflow = ReturnType<typeof registerExpireImageUpload>;

export function startImageExpiryConsumer(
  store: EventStore,
  workflow: ExpireImageUploadWorkflow,
  opts: { onError: (err: unknown) => void; signals: EventLogSignals },
) {
  return startConsumer(
    store,
    'image-upload-expiry',
    async (_trx, events) => {
      for (const event of events) {
        if (event.type !== 'ImageUploadStarted') continue;
        const d = event.data as ImageUploadStarted['data'];
        const job = { object_key: d.object_key, removable_at: d.removable_at };
        await DBOS.startWorkflow(workflow, { workflowID: imageExpiryWorkflowId(job) })(job);
      }
    },
    { pollMs: 500, onError: opts.onError, types: ['ImageUploadStarted'], signals: opts.signals },
  );
}

/** The image upload slots' expiry in the background (services/shared/background.ts): the workflow and its consumer. */
export const imageExpiryBackground: Background<BackgroundKernel> = {
  register: ({ store, storage, signals, logger }) => {
    const workflow = registerExpireImageUpload({ store, storage, now: () => new Date() });
    return () =>
      startImageExpiryConsumer(store, workflow, { signals, onError: (err) => logger.error({ err }, 'image upload expiry consumer failed; retrying') });
  },
};
