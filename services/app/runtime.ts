// Starts every part in order (database, migrations, auth, event store, workflows, HTTP) and
// stops them in reverse. Used by main.ts, the crash tests and the end-to-end tests.
import { DBOS } from '@dbos-inc/dbos-sdk';
import { sql } from 'kysely';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { join } from 'node:path';
import { answerWorkflowId, readAnswerEvents, registerAnswer, startAnswer } from '../../workflows/answer.js';
import { registerTaskRun, registerTaskRunQueue, startTaskRunWorkflow } from '../../workflows/task-run.js';
import { activePriceAlerts, createScheduler, startTaskRun, type TaskRuns } from '../tasks/index.js';
import { createWholeAnswers } from '../../workflows/whole-answer.js';
import { createLiveFeed } from '../answers/live-feed.js';
import { answerSpaceOf } from '../spaces/answer-space.js';
import { settingsOf } from '../settings/index.js';
import { queueAccountMail, registerAccountMailDelivery, startAccountMailConsumer } from '../../workflows/account-mail.js';
import { registerSpaceInviteMail, startSpaceInviteMailConsumer } from '../../workflows/space-invite-mail.js';
import { registerWelcomeMail, startWelcomeMailConsumer } from '../../workflows/welcome-mail.js';
import { registerIndexFile, registerIndexQueue, startIndexConsumer, startIndexing } from '../../workflows/index-file.js';
import { registerExpireUpload, startUploadExpiryConsumer } from '../../workflows/expire-upload.js';
import { registerExpireImageUpload, startImageExpiryConsumer } from '../../workflows/expire-image-upload.js';
import { registerExportData } from '../../workflows/export-data.js';
import { registerDeleteAccount } from '../../workflows/delete-account.js';
import { planChangeRunner, registerPlanChange } from '../../workflows/plan-change.js';
import { registerOrgSeats, registerOrgSeatsQueue, startOrgSeatsConsumer } from '../../workflows/org-seats.js';
import { startDataRightsConsumer } from '../../workflows/data-rights-consumer.js';
import { redactors } from './erasure.js';
import { exportParts } from './export-parts.js';
import type { KernelContext } from '../shared/context.js';
import { createStorage } from '../storage/create-storage.js';
import { createAnswerEngine, indexHelpCorpus } from '../answers/engine.js';
import { createDb, createPool } from '../db/database.js';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../db/embedded.js';
import { migrateToLatest } from '../db/migrate.js';
import { EventStore } from '../eventstore/store.js';
import { createAuth, migrateAuth } from '../identity/auth.js';
import { createSessionIds } from '../identity/session-ids.js';
import { createSignInGuard } from '../shared/sign-in-guard.js';
import { sessionActors } from '../identity/session.js';
import { planOf } from '../shared/plans.js';
import { promotionLookup } from './promotion-lookup.js';
import { createStripeProvider, sessionSubscriptionOf, type BillingDeps, type PlanRules } from '../billing/index.js';
import { startWebhookDrain } from '../../workflows/stripe-webhook.js';
import { createMailTransport } from '../mail/transport.js';
import { queueMail } from '../mail/use-cases.js';
import { checkpointAtHead, startConsumer } from '../eventstore/consumers.js';
import { EVENT_LOG_CHANNEL, eventLogSignals } from '../eventstore/signals.js';
import { listenTo } from '../db/listen.js';
import { INSIGHTS_CONSUMER, INSIGHTS_EVENTS, insightsConsumer } from '../orgs/index.js';
import { QUERY_MILESTONES_CONSUMER, queryMilestonesConsumer } from '../attribution/index.js';
import { llmExtractor, MEMORY_EXTRACTION_CONSUMER, memoryExtractionConsumer, offlineExtractor } from '../memories/index.js';
import { orgDownloadsDisabled, setOrgDownloadsDisabled } from '../files/org-settings.js';
import { fileRepositoryOf } from '../files/index.js';
import { spaceTitlesOf } from '../spaces/index.js';
import { answerOwnerOf, threadOwnersOf } from '../threads/index.js';
import { type ActivePriceAlert, type FirePriceAlert, marketDataFromConfig, startPriceAlertLoop } from '../market/index.js';
import { closeWorkerPools } from '../workers/index.js';
import type { Config } from '../shared/config.js';
import { bookmarkStateOf } from '../bookmarks/queries.js';
import type { AppContext } from './context.js';
import type { Logger } from './logger.js';
import { pendingEntries } from '../threads/queries.js';
import type { AnswerJob } from '../threads/answer-engine.js';
import { projections } from './projections.js';
import { routes } from './routes.js';
import { dnsTxtResolver, fileTxtResolver } from '../orgs/sso-dns.js';
import { secretBox } from '../orgs/sso-secret-box.js';
import { createApp } from '../http/server.js';
import { registerNotificationDelivery, startNotificationDeliveryConsumer } from '../../workflows/notification-delivery.js';
import {
  CENTRE_CHANNEL,
  centreSignalsOn,
  createPushSender,
  NOTIFICATION_SOURCES_CONSUMER,
  notificationSourceEvents,
  notificationSourcesConsumer,
  vapidKeys,
} from '../notifications/index.js';

export type RunningApp = { url: string; server: Server; ctx: AppContext; stop: () => Promise<void> };

export async function startApp(config: Config, logger: Logger): Promise<RunningApp> {
  mkdirSync(config.dataDir, { recursive: true });
  let embedded: EmbeddedDatabase | undefined;
  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    embedded = await startEmbeddedPostgres({ dataDir: config.dataDir, port: config.embeddedPgPort });
    databaseUrl = embedded.url;
    logger.info({ port: config.embeddedPgPort, dir: join(config.dataDir, 'pg') }, 'embedded PostgreSQL started');
  }
  let stopping = false;
  const pool = createPool(databaseUrl);
  const db = createDb(pool);
  await migrateToLatest(db);

  // At stop, embedded PostgreSQL may end a connection the pool has just let go of before its
  // socket closed: that is the stop itself, not a failure worth a warning.
  pool.on('error', (err) => {
    if (!stopping) logger.warn({ err }, 'idle database connection failed');
  });
  const secret = config.authSecret ?? persistedSecret(config.dataDir);
  const authOptions = {
    pool,
    secret,
    baseURL: config.publicUrl,
    trustedOrigins: config.trustedOrigins,
    signInProviders: config.signInProviders,
    mailLeaves: !!config.smtpUrl,
  };
  await migrateAuth(authOptions);
  const store = new EventStore(db, projections);
  const sendAccountMail = queueAccountMail(store);
  // Wrong passwords per account and client; a password reset forgets the account's (the owner's way in).
  const signInGuard = createSignInGuard(config.signInRateLimit);
  const auth = createAuth({ ...authOptions, sendMail: sendAccountMail, onPasswordReset: (email) => signInGuard.forgetAccount(email) });
  const transport = createMailTransport(config.smtpUrl, config.mailFrom);

  DBOS.setConfig({ name: 'answer-engine', systemDatabaseUrl: databaseUrl, logLevel: config.logLevel === 'silent' ? 'error' : 'warn' });
  const welcomeMail = registerWelcomeMail({ store, transport });
  const spaceInviteMail = registerSpaceInviteMail({ store, transport, db });
  const accountMail = registerAccountMailDelivery({ store, transport });
  // Web Push: the VAPID pair is made once into the data directory unless configured.
  const vapid = vapidKeys(config.dataDir, config.webPush.vapid);
  const pushSender = createPushSender({ vapid, subject: config.webPush.subject, allowPrivateHosts: config.webPush.allowPrivateHosts });
  const notificationDelivery = registerNotificationDelivery({
    store,
    db,
    transport,
    push: pushSender,
    publicUrl: config.publicUrl,
    onPushFailed: (err) => logger.warn({ err }, 'a push notification could not be delivered'),
  });
  const storage = createStorage(config, secret);
  const indexFile = registerIndexFile({ store, db, storage, now: () => new Date() });
  const expireUpload = registerExpireUpload({ store, storage, now: () => new Date() });
  const expireImageUpload = registerExpireImageUpload({ store, storage, now: () => new Date() });
  const sessions = createSessionIds();
  const isReady = async () => {
    if (stopping || !DBOS.isInitialized()) return false;
    return sql`select 1`.execute(db).then(
      () => true,
      () => false,
    );
  };
  // The kernel's parts, built before the workflow runtime starts: it may resume a workflow at launch.
  // Billing: the plans, and Stripe when it is configured (off: everyone has BILLING_DEFAULT_PLAN).
  const billingProvider = config.billing.stripe ? createStripeProvider(config.billing.stripe) : null;
  const planRules: PlanRules = { plans: config.billing.plans, fallbackPlan: billingProvider ? 'free' : config.billing.defaultPlan };
  const subscriptionOf = (userId: string) => sessionSubscriptionOf(db, planRules, userId);
  const actors = sessionActors({
    auth,
    db,
    sessions,
    planOf,
    adminEmails: config.adminEmails,
    subscriptionOf,
    governmentEmailDomains: config.billing.government.emailDomains,
  });
  const kernel: KernelContext = { config, db, store, actors, logger, now: () => new Date(), storage, isReady };
  const exportData = registerExportData({ db, store, storage, now: () => new Date(), publicUrl: config.publicUrl, parts: exportParts });
  const deleteAccount = registerDeleteAccount({ kernel, redactors, forgetSessions: () => sessions.forgetAll(), pauseMs: config.accountDeletionPauseMs });
  const billingDeps: BillingDeps = {
    db,
    store,
    now: () => new Date(),
    logger,
    provider: billingProvider,
    rules: planRules,
    forgetSessions: () => sessions.forgetAll(),
  };
  const changePlan = planChangeRunner(registerPlanChange(billingDeps));
  const orgSeats = registerOrgSeats(billingDeps);
  if (await indexHelpCorpus(store)) logger.info('help corpus indexed');
  const engine = createAnswerEngine(db, config);
  const liveFeed = createLiveFeed();
  const answerWorkflow = registerAnswer({ store, ...engine }, liveFeed);
  const wholeAnswers = createWholeAnswers({ store, ...engine }, liveFeed);
  const startAnswering = (job: AnswerJob) => (engine.model.wholeAtOnce ? wholeAnswers.start(job) : startAnswer(answerWorkflow, job));
  // Tasks: each occurrence's run is a durable workflow; the scheduler starts the due ones.
  const taskRun = registerTaskRun({
    store,
    db,
    now: () => new Date(),
    answers: {
      start: startAnswering,
      untilEnded: async (backendUuid) =>
        engine.model.wholeAtOnce ? wholeAnswers.untilEnded(backendUuid) : void (await DBOS.retrieveWorkflow(answerWorkflowId(backendUuid)).getResult()),
    },
  });
  const taskRuns: TaskRuns = { start: (cmd) => startTaskRunWorkflow(taskRun, cmd) };
  await DBOS.launch();
  await registerIndexQueue();
  await registerTaskRunQueue();
  await registerOrgSeatsQueue();
  // An entry whose process died between its question and its workflow's start gets one now, as
  // does a whole-at-once answer cut off; the others' workflows are the same ids, recovered by
  // DBOS already.
  for (const e of await pendingEntries(db))
    await startAnswering({
      contextUuid: e.context_uuid,
      backendUuid: e.backend_uuid,
      query: e.query_str,
      mode: e.search_mode,
      askerUserId: e.owner_user_id,
      space: await answerSpaceOf(db, e.collection_uuid),
      model: e.model,
      personal: e.owner_user_id ? personalOf(await settingsOf(db, e.owner_user_id)) : null,
    });
  // One LISTEN connection for the instance: consumers are told when the log grows (instead of a
  // dozen polls every 200-1000 ms), and the notification centre's live streams when a centre changes.
  const listener = listenTo(databaseUrl, [EVENT_LOG_CHANNEL, CENTRE_CHANNEL], (err) =>
    logger.warn({ err }, 'the database listener lost its connection; listening again'),
  );
  const signals = eventLogSignals(listener);
  const welcomeMailConsumer = startWelcomeMailConsumer(store, welcomeMail, {
    signals,
    delayMs: config.welcomeMailDelayMs,
    publicUrl: config.publicUrl,
    onError: (err) => logger.error({ err }, 'welcome mail consumer failed; retrying'),
  });
  const indexConsumer = startIndexConsumer(store, indexFile, { signals, onError: (err) => logger.error({ err }, 'file indexing consumer failed; retrying') });
  const uploadExpiryConsumer = startUploadExpiryConsumer(store, expireUpload, {
    signals,
    onError: (err) => logger.error({ err }, 'upload expiry consumer failed; retrying'),
  });
  // Only with billing on: without a provider no webhook is stored.
  const webhookDrain = billingProvider
    ? startWebhookDrain(billingDeps, { onError: (err) => logger.error({ err }, 'Stripe webhook inbox could not be drained; retrying') })
    : null;
  // An organisation's seats follow its membership (only with billing on: without Stripe there is nothing to update).
  const orgSeatsConsumer = billingProvider
    ? await startOrgSeatsConsumer(store, orgSeats, { signals, onError: (err) => logger.error({ err }, 'organisation seats consumer failed; retrying') })
    : null;
  const imageExpiryConsumer = startImageExpiryConsumer(store, expireImageUpload, {
    signals,
    onError: (err) => logger.error({ err }, 'image upload expiry consumer failed; retrying'),
  });
  const spaceInviteMailConsumer = startSpaceInviteMailConsumer(store, spaceInviteMail, {
    signals,
    publicUrl: config.publicUrl,
    onError: (err) => logger.error({ err }, 'Space invitation mail consumer failed; retrying'),
  });

  const accountMailConsumer = startAccountMailConsumer(store, accountMail, {
    signals,
    onError: (err) => logger.error({ err }, 'account mail consumer failed; retrying'),
  });
  const orgInsightsConsumer = startConsumer(store, INSIGHTS_CONSUMER, insightsConsumer({ threadOwnersOf, answerOwnerOf, fileRepositoryOf }), {
    pollMs: 1000,
    types: INSIGHTS_EVENTS,
    signals,
    onError: (err) => logger.error({ err }, 'organisation insights consumer failed; retrying'),
  });

  const queryMilestones = startConsumer(store, QUERY_MILESTONES_CONSUMER, queryMilestonesConsumer(store), {
    pollMs: 1000,
    types: ['QuestionAsked'],
    signals,
    onError: (err) => logger.error({ err }, 'attribution query milestones consumer failed; retrying'),
  });

  // Memories are found in the person's questions after their answers, never on the request path.
  const memoryExtractor = config.llm ? llmExtractor(config.llm, config.llmTimeoutMs) : offlineExtractor;
  const memoryExtraction = startConsumer(
    store,
    MEMORY_EXTRACTION_CONSUMER,
    memoryExtractionConsumer(store, memoryExtractor, { onError: (err) => logger.warn({ err }, 'memory extraction failed for one answer') }),
    { pollMs: 500, types: ['AnswerCompleted'], signals, onError: (err) => logger.error({ err }, 'memory extraction consumer failed; retrying') },
  );

  // Notifications: the sources' events become notifications; each is then delivered by its workflow.
  // From the log's head at its first start: what happened before notifications existed is old news.
  await checkpointAtHead(store, NOTIFICATION_SOURCES_CONSUMER);
  const notificationSources = startConsumer(
    store,
    NOTIFICATION_SOURCES_CONSUMER,
    notificationSourcesConsumer({ store, now: () => new Date() }, { taskRuns: true }),
    {
      pollMs: 200,
      types: notificationSourceEvents({ taskRuns: true }),
      signals,
      onError: (err) => logger.error({ err }, 'notification sources consumer failed; retrying'),
    },
  );
  const notificationDeliveryConsumer = startNotificationDeliveryConsumer({ store, transport, publicUrl: config.publicUrl }, notificationDelivery, {
    signals,
    onError: (err) => logger.error({ err }, 'notification delivery consumer failed; retrying'),
  });
  const taskScheduler = createScheduler({
    db,
    now: schedulerClock(config.tasks.testClockFile),
    start: (cmd) => taskRuns.start(cmd),
    onError: (err) => logger.error({ err }, 'task scheduler failed; retrying'),
  });
  taskScheduler.start(config.tasks.tickMs);

  const dataRightsConsumer = startDataRightsConsumer(
    store,
    { exportData, deleteAccount },
    { signals, onError: (err) => logger.error({ err }, 'data rights consumer failed; retrying') },
  );

  // Price alerts are checked on a schedule, only with a market-data provider configured: the
  // tasks domain's active alerts are read, and a firing starts the alert's run for its occurrence
  // key (the run's workflow id is task and occurrence, so a firing handed over twice runs once).
  const priceAlertHooks: { activeAlerts: () => Promise<ActivePriceAlert[]>; fire: FirePriceAlert } = {
    activeAlerts: () => activePriceAlerts(db),
    fire: (firing) => startTaskRun({ taskRuns }, firing),
  };
  const marketData = marketDataFromConfig(config);
  const priceAlertLoop = marketData
    ? startPriceAlertLoop(
        { db, store, market: marketData, now: () => new Date(), logger, ...priceAlertHooks },
        { intervalMs: config.priceAlertCheckMs, onError: (err) => logger.error({ err }, 'price alert check failed; retrying at the next one') },
      )
    : null;

  const centreSignals = centreSignalsOn(listener);
  const ctx: AppContext = {
    ...kernel,
    auth,
    sessions,
    sendAccountMail,
    bookmarks: { stateOf: (userId, thread) => bookmarkStateOf(db, userId, thread) },
    answers: {
      modelName: engine.model.name,
      start: startAnswering,
      events: (entry, offset) => readAnswerEvents(store, entry, offset, wholeAnswers.untilEnded),
      follow: liveFeed.follow,
    },
    indexing: { start: (job) => startIndexing(indexFile, job), signals },
    orgMail: (mail) => queueMail(store, mail, new Date()),
    orgFileSettings: {
      downloadsDisabled: (orgUuid) => orgDownloadsDisabled(db, orgUuid),
      setDownloadsDisabled: (cmd) => setOrgDownloadsDisabled(store, db, cmd),
    },
    spaceTitles: (uuids) => spaceTitlesOf(db, uuids),
    answerModels: () => [...engine.models.keys()],
    forgetSessions: () => sessions.forgetAll(),
    // Promo codes are the payment provider's: none with billing off.
    promotions: billingProvider && promotionLookup(db, billingProvider, planRules),
    sso: {
      resolveTxt: config.sso.testDnsFile ? fileTxtResolver(config.sso.testDnsFile) : dnsTxtResolver,
      allowPrivateIssuers: config.sso.allowPrivateIssuers,
      box: secretBox(secret),
    },
    upsellSecret: secret,
    subscriptionOf,
    billing: { provider: billingProvider, rules: planRules, applyLater: () => webhookDrain?.nudge(), changePlan },
    notifications: { pushPublicKey: vapid.publicKey, pushAllowPrivateHosts: config.webPush.allowPrivateHosts, centreSignals },
    taskRuns,
  };

  const app = createApp(ctx, routes, { signInGuard });
  const server = await new Promise<Server>((resolve, reject) => {
    const s = app.listen(config.port, config.host, () => resolve(s));
    s.once('error', reject);
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${port}`;

  return {
    url,
    server,
    ctx,
    stop: async () => {
      stopping = true;
      // In-flight requests finish; keep-alive sockets close as soon as they are idle, not
      // when their keep-alive timeout ends.
      await new Promise<void>((resolve) => {
        const sweep = setInterval(() => server.closeIdleConnections(), 50);
        server.close(() => {
          clearInterval(sweep);
          resolve();
        });
        server.closeIdleConnections();
      });
      await taskScheduler.stop();
      await welcomeMailConsumer.stop();
      await spaceInviteMailConsumer.stop();
      await accountMailConsumer.stop();
      await dataRightsConsumer.stop();
      await orgInsightsConsumer.stop();
      await queryMilestones.stop();
      await memoryExtraction.stop();
      await webhookDrain?.stop();
      await orgSeatsConsumer?.stop();
      await priceAlertLoop?.stop();
      await notificationSources.stop();
      await notificationDeliveryConsumer.stop();
      await centreSignals.close();
      await indexConsumer.stop();
      await uploadExpiryConsumer.stop();
      await imageExpiryConsumer.stop();
      await listener.close();
      // Whole-at-once answers take milliseconds: let the ones under way write their outcome.
      await Promise.race([wholeAnswers.running(), new Promise((r) => setTimeout(r, 1000).unref())]);
      // A workflow in a durable sleep resumes at the next start, so only a running step is
      // worth waiting for, briefly.
      await DBOS.shutdown({ workflowCompletionTimeoutMS: 1000 }).catch((err) => logger.warn({ err }, 'workflow runtime did not stop cleanly'));
      await closeWorkerPools(); // the processes that parse files and pages (services/workers), started on first use
      await db.destroy().catch(() => {});
      if (embedded) await embedded.stop().catch((err) => logger.warn({ err }, 'embedded PostgreSQL did not stop cleanly'));
    },
  };
}

/** The task scheduler's clock: real time, or in tests the time in TASKS_TEST_CLOCK_FILE while it is later. */
function schedulerClock(file: string | null) {
  if (!file) return () => new Date();
  return () => {
    const real = Date.now();
    const text = existsSync(file) ? readFileSync(file, 'utf8').trim() : '';
    const set = Date.parse(text);
    return new Date(Number.isFinite(set) && set > real ? set : real);
  };
}

/** Without AUTH_SECRET, a random secret is made once and kept with the data, so sessions survive restarts. */
function persistedSecret(dataDir: string) {
  const file = join(dataDir, 'auth-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

const personalOf = (s: { answer_language: string; about_me: string; answer_style: string }) => ({
  answer_language: s.answer_language,
  about_me: s.about_me,
  answer_style: s.answer_style,
});
