// An app connection's sync as a durable workflow (DBOS): the first run takes the delta cursor,
// then walks everything checkpoint by checkpoint (each page a step, so a crash resumes at the
// last checkpoint), removes what it did not see, and stores the cursor; later runs read the delta
// since it, page by page, except that an app whose deltas miss deletions walks again now and then
// (CONNECTOR_RECONCILE_SECONDS). For
// an organisation's connection the groups its documents' readers name are resolved last. One run
// per start (its id names the connection and the run), on the connectors' queue; one connection
// runs one at a time (the queue is partitioned by connection: a resync asked while the connect's
// walk runs waits for it).
import { DBOS } from '@dbos-inc/dbos-sdk';
import { registerConnectionQueue, startForConnection } from './connection-queue.js';
import {
  type AppSyncDeps,
  deltaAppPage,
  finishAppSync,
  planAppSync,
  type ReaderGroup,
  removeUnseenDocuments,
  resolveAppGroups,
  saveAppCursor,
  walkAppPage,
} from '../services/connectors/index.js';

export type AppSyncJob = { connection_uuid: string; run: string };
const QUEUE = 'connector-app-sync';
const STEP = { retriesAllowed: true, maxAttempts: 3 } as const;
type WalkPage = Awaited<ReturnType<typeof walkAppPage>>;

export const registerConnectorAppSyncQueue = () => registerConnectionQueue(QUEUE);

export function registerConnectorAppSync(deps: AppSyncDeps) {
  return DBOS.registerWorkflow(
    async (job: AppSyncJob) => {
      const c = job.connection_uuid;
      const plan = await DBOS.runStep(() => planAppSync(deps, c), { name: 'plan', ...STEP });
      if (plan.mode === 'none') return { pages: 0, groups: 0 };
      const groups: ReaderGroup[] = [];
      let pages = 0;
      if (plan.mode === 'walk') {
        let checkpoint: string | null = null;
        const seen: string[] = [];
        let cut = false;
        do {
          const at: string | null = checkpoint;
          const page: WalkPage = await DBOS.runStep(() => walkAppPage(deps, c, at), { name: `walk-${pages++}`, ...STEP });
          groups.push(...page.groups);
          seen.push(...page.seen);
          cut ||= page.cut;
          checkpoint = page.checkpoint;
        } while (checkpoint);
        // A whole walk knows what the source no longer has; one cut short knows nothing.
        if (!cut) await DBOS.runStep(() => removeUnseenDocuments(deps, c, seen), { name: 'remove-unseen', ...STEP });
        await DBOS.runStep(() => saveAppCursor(deps, c, plan.startCursor), { name: 'cursor' });
      } else {
        let cursor = plan.cursor;
        let more = true;
        while (more) {
          const at = cursor;
          const page = await DBOS.runStep(() => deltaAppPage(deps, c, at), { name: `delta-${pages++}`, ...STEP });
          groups.push(...page.groups);
          cursor = page.cursor;
          more = page.more;
        }
      }
      const resolved = await DBOS.runStep(() => resolveAppGroups(deps, c, groups), { name: 'groups', ...STEP });
      await DBOS.runStep(() => finishAppSync(deps, c), { name: 'finish' });
      return { pages, groups: resolved };
    },
    { name: 'connectorAppSync' },
  );
}

export type ConnectorAppSyncWorkflow = ReturnType<typeof registerConnectorAppSync>;

export async function startConnectorAppSync(workflow: ConnectorAppSyncWorkflow, job: AppSyncJob) {
  await startForConnection(workflow, QUEUE, `connector-app-sync-${job.connection_uuid}-${job.run}`, job);
}
