// Starts every part in order (database, migrations, auth, event store, workflows, the parts that
// run in the background, HTTP, the instance watch) and stops them in reverse. Used by main.ts,
// the crash tests and the end-to-end tests.
import { DBOS } from '@dbos-inc/dbos-sdk';
import { mkdirSync } from 'node:fs';
import type { Server } from 'node:http';
import { accountMailBackground } from '../../workflows/account-mail.js';
import { dataRightsBackground } from '../../workflows/data-rights-consumer.js';
import { imageExpiryBackground } from '../../workflows/expire-image-upload.js';
import { uploadExpiryBackground } from '../../workflows/expire-upload.js';
import { fileIndexBackground } from '../../workflows/index-file.js';
import { notificationDeliveryBackground } from '../../workflows/notification-delivery.js';
import { orgSeatsBackground } from '../../workflows/org-seats.js';
import { spaceInviteMailBackground } from '../../workflows/space-invite-mail.js';
import { stripeWebhooksBackground } from '../../workflows/stripe-webhook.js';
import { welcomeMailBackground } from '../../workflows/welcome-mail.js';
import { merchantFeedSyncBackground } from '../../workflows/merchant-feed-sync.js';
import { bindCatalogueDatabase, catalogueStatsBackground } from '../shopping/index.js';
import { attachAgentSocket } from '../agent/index.js';
import { indexHelpCorpus } from '../answers/index.js';
import { queryMilestonesBackground } from '../attribution/index.js';
import { connectorDeltaBackground, connectorRemovalSweepBackground } from '../connectors/index.js';
import { createPool } from '../db/database.js';
import { listenTo } from '../db/listen.js';
import { EVENT_LOG_CHANNEL, eventLogSignals } from '../eventstore/signals.js';
import { createApp } from '../http/server.js';
import { memoryExtractionBackground } from '../memories/index.js';
import { CENTRE_CHANNEL, centreSignalsOn, createPushSender, notificationSourcesBackground, vapidKeys } from '../notifications/index.js';
import { orgInsightsBackground } from '../orgs/index.js';
import { foldPassageStats, passageStatsBackground } from '../passages/index.js';
import { answerOwnerOf, threadOwnersOf } from '../threads/index.js';
import { fileRepositoryOf } from '../files/index.js';
import type { Running } from '../shared/background.js';
import type { Config } from '../shared/config.js';
import { priceAlertsBackground, taskSchedulerBackground } from '../tasks/index.js';
import { closeWorkerPools } from '../workers/index.js';
import { answerPendingEntries } from './answering.js';
import { appContext } from './app-context.js';
import type { AppContext } from './context.js';
import { openDatabase } from './database.js';
import { passageIndexProjection } from './projections.js';
import { redactors } from './erasure.js';
import { exportParts } from './export-parts.js';
import { listen } from './http-listen.js';
import { watchInstances, workflowConfig } from './instance-takeover.js';
import { buildKernel } from './kernel.js';
import type { Logger } from './logger.js';
import { registerPortQueues, registerPorts } from './ports.js';
import { mcpPort } from '../tools/index.js';
import { routes } from './routes.js';

export type RunningApp = { url: string; server: Server; ctx: AppContext; stop: () => Promise<void> };

/**
 * Every part that runs in the background (services/shared/background.ts), in the order they
 * start once the workflow runtime is up; they stop in the reverse order, the one they always
 * stopped in (the scheduler first, the files' consumers last).
 */
const BACKGROUND = [
  imageExpiryBackground,
  uploadExpiryBackground,
  fileIndexBackground,
  // The passages' term statistics, folded when the events that write passages commit.
  passageStatsBackground(passageIndexProjection.handles),
  // The product catalogue's BM25 statistics, recounted when a merchant's products change.
  catalogueStatsBackground,
  notificationDeliveryBackground,
  notificationSourcesBackground,
  priceAlertsBackground,
  orgSeatsBackground,
  stripeWebhooksBackground,
  memoryExtractionBackground,
  queryMilestonesBackground,
  orgInsightsBackground({ threadOwnersOf, answerOwnerOf, fileRepositoryOf }),
  dataRightsBackground,
  accountMailBackground,
  spaceInviteMailBackground,
  welcomeMailBackground,
  // The connections' deltas, on their interval.
  connectorDeltaBackground,
  // Disconnected connections whose removal a crash kept from being queued: at start-up, then on the deltas' interval.
  connectorRemovalSweepBackground,
  // The merchants' product feeds, at start and on their interval (none configured: nothing runs).
  merchantFeedSyncBackground,
  // Started last and stopped first: it starts task runs, which ask questions.
  taskSchedulerBackground,
] as const;

export async function startApp(config: Config, logger: Logger): Promise<RunningApp> {
  mkdirSync(config.dataDir, { recursive: true });
  let stopping = false;
  const database = await openDatabase(config, logger, () => stopping);
  const k = await buildKernel(config, logger, database, () => stopping);
  // Orders price their options through the catalogue's findPricedOption.
  bindCatalogueDatabase(k.kernel.db);
  DBOS.setConfig(workflowConfig(config, database.url));
  if (await indexHelpCorpus(k.kernel.store)) {
    // Its statistics at once, not when the folder starts after the workflow runtime: the guide answers from the first request.
    await foldPassageStats(k.kernel.db);
    logger.info('help corpus indexed');
  }
  // Tool servers (MCP): the installed ones from MCP_SERVERS_FILE (a bad file stops the start here).
  const mcp = await mcpPort(config, k.secret);
  const ports = registerPorts(k, mcp);
  // One LISTEN connection for the instance: consumers are told when the log grows (instead of a
  // dozen polls every 200-1000 ms), and the notification centre's live streams when a centre changes.
  const listener = listenTo(database.url, [EVENT_LOG_CHANNEL, CENTRE_CHANNEL], (err) =>
    logger.warn({ err }, 'the database listener lost its connection; listening again'),
  );
  const signals = eventLogSignals(listener);
  // Web Push: the VAPID pair is made once into the data directory unless configured.
  const vapid = vapidKeys(config.dataDir, config.webPush.vapid);
  const push = createPushSender({ vapid, subject: config.webPush.subject, allowPrivateHosts: config.webPush.allowPrivateHosts });
  const deps = backgroundDeps(k, ports, signals, push);
  // Every workflow is registered before the runtime launches: it recovers only those it knows.
  const starts = BACKGROUND.map((part) => part.register(deps));
  await DBOS.launch();
  await registerPortQueues();
  await answerPendingEntries(k.kernel.db, ports.answering);
  const running: Running[] = [];
  for (const start of starts) {
    const part = await start();
    if (part) running.push(part);
  }
  const centreSignals = centreSignalsOn(listener);
  const ctx = appContext(k, ports, { signals, centreSignals, vapid, mcp });
  const http = await listen(createApp(ctx, routes, { signInGuard: k.signInGuard }), config);
  const agentSocket = startAgentSocket(http.server, ctx, ports.agentOutbox, database.url, logger, () => stopping);
  // Started once the background parts run and the instance serves; stopped first once HTTP is.
  const instanceWatch = watchInstances(config, database.db, logger);

  return {
    url: http.url,
    server: http.server,
    ctx,
    stop: async () => {
      stopping = true;
      await agentSocket.close();
      await http.close();
      await instanceWatch.stop();
      for (const part of running.reverse()) await part.stop();
      await centreSignals.close();
      await listener.close();
      // Whole-at-once answers take milliseconds: let the ones under way write their outcome.
      await Promise.race([ports.answering.running(), new Promise((r) => setTimeout(r, 1000).unref())]);
      // A workflow in a durable sleep resumes at the next start, so only a running step is
      // worth waiting for, briefly.
      await DBOS.shutdown({ workflowCompletionTimeoutMS: 1000 }).catch((err) => logger.warn({ err }, 'workflow runtime did not stop cleanly'));
      await mcp.installed.close(); // the installed tool servers' processes
      await closeWorkerPools(); // the processes that parse files and pages (services/workers), started on first use
      await database.close();
    },
  };
}

type Kernel = Awaited<ReturnType<typeof buildKernel>>;
type Ports = ReturnType<typeof registerPorts>;

/** What the background parts are given: the kernel's parts, the ports they start work through, the log's signals, Web Push. */
function backgroundDeps(k: Kernel, ports: Ports, signals: ReturnType<typeof eventLogSignals>, push: ReturnType<typeof createPushSender>) {
  return {
    ...k.kernel,
    signals,
    transport: k.transport,
    push,
    billing: k.billing,
    indexFile: ports.indexFile,
    webhooks: ports.webhooks,
    taskRuns: ports.taskRuns,
    connectorSync: ports.connectorSync,
    exportParts,
    redactors,
    forgetSessions: () => k.sessions.forgetAll(),
  };
}

/**
 * The in-browser agent's socket (namespace /agent) on the same server; instances share it through
 * PostgreSQL. Its adapter keeps a connection LISTENing for good: its own small pool, so it never
 * holds one the app's pool needs (nine sign-ups at once, each wanting a second connection, waited
 * forever on nine).
 */
function startAgentSocket(server: Server, ctx: AppContext, outbox: Ports['agentOutbox'], databaseUrl: string, logger: Logger, stopping: () => boolean) {
  const pool = createPool(databaseUrl, 2);
  pool.on('error', (err) => {
    if (!stopping()) logger.warn({ err }, 'agent socket database connection failed');
  });
  const socket = attachAgentSocket(server, ctx, { pool, outbox });
  return {
    close: async () => {
      await socket.close();
      await pool.end().catch(() => {});
    },
  };
}
