// The one context the app hands every handler (context.ts): the kernel's parts and every domain's
// ports, wired to what implements them.
import { bookmarkStateOf } from '../bookmarks/index.js';
import { resyncConnectorFiles } from '../connectors/index.js';
import { connectorSourcesReadable, readerPrincipals } from '../connectors/index.js';
import type { EventLogSignals } from '../eventstore/signals.js';
import { orgDownloadsDisabled, setOrgDownloadsDisabled } from '../files/index.js';
import { queueMail } from '../mail/index.js';
import type { CentreSignals, VapidKeys } from '../notifications/index.js';
import { dnsTxtResolver, fileTxtResolver, secretBox } from '../orgs/index.js';
import { spaceThreadsOf } from '../threads/index.js';
import { spaceTitlesOf } from '../spaces/index.js';
import type { AppContext } from './context.js';
import type { McpPort } from '../tools/index.js';
import type { AppKernel } from './kernel.js';
import type { AppPorts } from './ports.js';
import { promotionLookup } from './promotion-lookup.js';
import { shoppingOrdersPorts } from './shopping-orders.js';
import { usersById } from '../identity/index.js';
import { actorFor } from '../shared/actor-without-request.js';
import { openAiImageGenerator } from '../shopping/index.js';
import { isStandingStudent } from '../students/index.js';

export function appContext(
  k: AppKernel,
  ports: AppPorts,
  live: { signals: EventLogSignals; centreSignals: CentreSignals; vapid: VapidKeys; mcp: McpPort },
): AppContext {
  const { config, db, store } = k.kernel;
  const { engine } = ports.answering;
  const { provider, rules } = k.billing;
  const userById = usersById({
    db,
    subscriptionOf: k.subscriptionOf,
    adminEmails: config.adminEmails,
    governmentEmailDomains: config.billing.government.emailDomains,
  });
  const ctx: AppContext = {
    ...k.kernel,
    auth: k.auth,
    sessions: k.sessions,
    sendAccountMail: k.sendAccountMail,
    bookmarks: { stateOf: (userId, thread) => bookmarkStateOf(db, userId, thread) },
    // A thread's connector sources are shown to a reader only when their source lets them read them (issue 32).
    sourceAccess: { readable: (userId, sources) => connectorSourcesReadable(db, userId, sources) },
    spaceThreads: spaceThreadsOf(() => ctx),
    answers: {
      modelName: engine.model.name,
      start: ports.answering.start,
      events: ports.answering.events,
      follow: ports.answering.follow,
      admitResearch: ports.answering.admitResearch,
    },
    indexing: { start: ports.indexing.start, signals: live.signals },
    orgMail: (mail) => queueMail(store, mail, new Date()),
    orgFileSettings: {
      downloadsDisabled: (orgUuid) => orgDownloadsDisabled(db, orgUuid),
      setDownloadsDisabled: (cmd) => setOrgDownloadsDisabled(store, db, cmd),
    },
    spaceTitles: (uuids) => spaceTitlesOf(db, uuids),
    answerModels: () => [...engine.models.keys()],
    forgetSessions: () => k.sessions.forgetAll(),
    // Promo codes are the payment provider's: none with billing off.
    promotions: provider && promotionLookup(db, provider, rules),
    sso: {
      resolveTxt: config.sso.testDnsFile ? fileTxtResolver(config.sso.testDnsFile) : dnsTxtResolver,
      allowPrivateIssuers: config.sso.allowPrivateIssuers,
      box: secretBox(k.secret),
    },
    upsellSecret: k.secret,
    subscriptionOf: k.subscriptionOf,
    // Without billing the drain never starts, and a nudge waits for nothing.
    billing: {
      provider,
      rules,
      applyLater: () => ports.webhooks.nudge(),
      changePlan: ports.changePlan,
      studentCheckout: { offer: config.students.offer, isStanding: (userId) => isStandingStudent(db, userId, config.students.domains) },
    },
    shoppingOrders: shoppingOrdersPorts(config),
    notifications: { pushPublicKey: live.vapid.publicKey, pushAllowPrivateHosts: config.webPush.allowPrivateHosts, centreSignals: live.centreSignals },
    taskRuns: ports.taskRuns,
    agentRuns: ports.agentRuns,
    agentTokenSecret: ports.agentSecret,
    connectors: ports.connectors,
    mcp: live.mcp,
    connectorSync: ports.connectorSync,
    // Files reach the connectors only through this port: a resync looks at synced files again at their source.
    connectorFiles: { resync: async (actor, repository, filters) => void (await resyncConnectorFiles(ctx, actor, repository, filters)) },
    readerPrincipals: (userId: string) => readerPrincipals(db, userId),
    // The try-on's image provider; none configured: try-on says it is not available.
    tryOnImages: config.imageProvider && openAiImageGenerator(config.imageProvider, k.kernel.logger),
    // An API key acts as its owner: their account, organisation and plan, looked up as a session's are.
    keyOwners: {
      actorOf: async (userId) => {
        // Remembered a few seconds, and forgotten on the same changes, as a session's user is (session-ids.ts).
        const user = await k.sessions.userOf(`api-key-owner ${userId}`, () => userById(userId));
        return user && actorFor({ userId, user }, k.kernel.actors);
      },
    },
  };
  return ctx;
}
