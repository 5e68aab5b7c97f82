// An organisation's seats follow its membership: for each membership event of the orgs domain
// (read from the log by a consumer), and for an organisation's subscription as it starts (a member
// may have joined between its checkout and its payment), a durable seat sync (services/billing/org-seats.ts) sets the
// Stripe subscription's quantity to the member count and records it. Its id is the event's, so a
// replayed event starts nothing new; the syncs run one at a time (a queue of one), so two quick
// changes of one organisation never interleave their reads and updates.
import { DBOS } from '@dbos-inc/dbos-sdk';
import type { Background, BackgroundKernel } from '../services/shared/background.js';
import {
  recordSeats,
  seatSyncJobsIn,
  seatSyncWorkflowId,
  seatTarget,
  updateSeatsAtProvider,
  type BillingDeps,
  type SeatSyncJob,
} from '../services/billing/index.js';
import { checkpointAtHead, startConsumer } from '../services/eventstore/consumers.js';
import type { EventLogSignals } from '../services/eventstore/signals.js';
import type { EventStore } from '../services/eventstore/store.js';
import { QUEUE_IDLE_POLL_MS } from './queue-polling.js';

const QUEUE = 'org-seats';
export const ORG_SEATS_CONSUMER = 'billing-org-seats';

/** The queue lives in the system database: register it once DBOS is launched. */
export const registerOrgSeatsQueue = () => DBOS.registerQueue(QUEUE, { concurrency: 1, minPollingIntervalMs: QUEUE_IDLE_POLL_MS, onConflict: 'always_update' });

export function registerOrgSeats(deps: BillingDeps) {
  return DBOS.registerWorkflow(
    async (job: SeatSyncJob) => {
      const target = await DBOS.runStep(() => seatTarget(deps, job.org_uuid), { name: 'target', retriesAllowed: true, maxAttempts: 3, intervalSeconds: 1 });
      if (!target) return { seats: null, updated: false };
      const updated = await DBOS.runStep(() => updateSeatsAtProvider(deps, job, target), {
        name: 'update',
        retriesAllowed: true,
        maxAttempts: 5,
        intervalSeconds: 1,
        backoffRate: 2,
      });
      await DBOS.runStep(() => recordSeats(deps, job, target), { name: 'record', retriesAllowed: true, maxAttempts: 3, intervalSeconds: 1 });
      return { seats: target.seats, updated };
    },
    { name: 'orgSeats' },
  );
}

/**
 * Starts a seat sync for every membership event, from the log (a member who joined just before
 * a crash still counts). From the log's head at its first start: seats before this existed were
 * set at checkout, and the next membership change brings them to the count anyway.
 */
export async function startOrgSeatsConsumer(
  store: EventStore,
  workflow: ReturnType<typeof registerOrgSeats>,
  opts: { onError: (err: unknown) => void; signals: EventLogSignals },
) {
  await checkpointAtHead(store, ORG_SEATS_CONSUMER);
  return startConsumer(
    store,
    ORG_SEATS_CONSUMER,
    async (trx, events) => {
      for (const job of await seatSyncJobsIn(trx, events)) await DBOS.startWorkflow(workflow, { workflowID: seatSyncWorkflowId(job), queueName: QUEUE })(job);
    },
    { pollMs: 500, onError: opts.onError, signals: opts.signals },
  );
}

/**
 * The seats in the background (services/shared/background.ts): the workflow and its queue always
 * (a sync enqueued before a restart still runs), the consumer only with billing on (without Stripe
 * there is nothing to update).
 */
export const orgSeatsBackground: Background<BackgroundKernel & { billing: BillingDeps }> = {
  register: ({ store, billing, signals, logger }) => {
    const workflow = registerOrgSeats(billing);
    return async () => {
      await registerOrgSeatsQueue();
      if (!billing.provider) return null;
      return startOrgSeatsConsumer(store, workflow, { signals, onError: (err) => logger.error({ err }, 'organisation seats consumer failed; retrying') });
    };
  },
};
