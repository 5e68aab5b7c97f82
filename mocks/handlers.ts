// Request handlers of a scenario: the generated MSW handlers, with stateful resolvers for the
// session and auth calls. Everything else answers with the generated example data.
import type { RequestHandler } from 'msw';
import { getSignInEmailMockHandler, getSignOutMockHandler, getSignUpEmailMockHandler } from '../generated/msw/auth/auth.msw';
import { getMailMock, getSystemMock } from '../generated/msw/index.msw';
import { getGetSessionMockHandler } from '../generated/msw/session/session.msw';
import type { SignInRequest, SignUpRequest } from '../generated/react-query/model';
import { accountHandlers } from './account';
import { accountSettingsHandlers, MOCK_MODELS } from './account-settings';
import { articleHandlers } from './articles';
import { assistantBrowserHandlers } from './assistant-browser';
import { billingHandlers } from './billing';
import { shoppingOrderHandlers } from './shopping-orders';
import { shoppingCartHandlers } from './shopping-carts';
import { dataRightsHandlers } from './data-rights';
import { fileHandlers } from './files';
import { tryOnHandlers } from './try-on';
import { memoryHandlers } from './memories';
import { mcpHandlers } from './mcp';
import { connectorHandlers } from './connectors';
import { marketDataHandlers, type MockMarketData } from './market-data';
import { type MockF1, watchlistHandlers } from './watchlist';
import { type MockStudents, studentHandlers } from './students';
import { calendarAvailabilityHandlers } from './calendar-availability';
import { askSuggestionHandlers } from './ask-suggestions';
import type { MockSports } from './watchlist-sports';
import { notificationHandlers, sendMockNotification } from './notifications';
import { taskHandlers } from './tasks';
import { agentHandlers } from './agent';
import { orgHandlers } from './orgs';
import { partnerHandlers } from './partners';
import { decideClaimVisitor } from '../services/identity/pure';
import { problem } from './problem';
import { requestValidationHandler } from './request-validation';
import { sourceHandlers } from './sources';
import { shoppingCatalogueHandlers } from './shopping-catalogue';
import { placesHandlers } from './places';
import { spaceHandlers, spaceStore } from './spaces';
import type { ActorFacts } from './thread-rules';
import { threadManageHandlers } from './thread-manage';
import { threadHandlers } from './threads';
import { translationHandlers, type MockTranslation } from './translation';
import { MOCK_FEATURES, serverFeatureHandlers } from './server-features';
import { discoverHandlers } from './discover';
import { bugReportHandlers, type MockBugReports } from './bug-report';
import type { ServerFeatures } from '../generated/react-query/model';
import { twoFactorChallenge, twoFactorHandlers } from './two-factor';
import { mergeUpsellMarks, upsellHandlers } from './upsells';
import type { UpsellEntry } from '../services/shared/upsell-catalogue';
import { currentUser, findAccount, FREE_PLAN_FIELDS, initialState, type ScenarioName, type ScenarioState } from './scenarios';

export type Scenario = { state: ScenarioState; handlers: RequestHandler[]; reset: (name: ScenarioName) => void };

export type ScenarioOptions = {
  state?: ScenarioState;
  /** Lets the browser keep the state across reloads. */
  onChange?: (s: ScenarioState) => void;
  /** Paces streamed answers. */
  streamDelayMs?: number;
  /** How long mock indexing takes: 1.5 s in the browser, ten stream steps in tests. */
  indexDelayMs?: number;
  /** "host:port" pairs a Space link may point to although private (the server's SPACE_LINKS_ALLOW_PRIVATE_HOSTS). */
  allowPrivateHosts?: readonly string[];
  /** 'off': no translation server, as a server without TRANSLATE_URL. */
  translation?: MockTranslation;
  /** The upsell catalogue (the server's UPSELLS_FILE); the built-in one when left out. */
  upsells?: readonly UpsellEntry[];
  /** 'off': no market-data provider, as a server without MARKET_DATA_PROVIDER (price alerts cannot be made). */
  marketData?: MockMarketData;
  /** 'off': no F1 results source, as a server without F1_RESULTS_URL. */
  f1?: MockF1;
  /** 'off': no sports scores source, as a server without SPORTS_SCORES_URL. */
  sports?: MockSports;
  /** What the server says it can do (GET /rest/server/features) beyond the defaults (mocks/server-features.ts). */
  features?: Partial<ServerFeatures>;
  /** 'off': no tracker, as a server without BUG_REPORT_TRACKER; 'failing': the tracker refuses every report. */
  bugReports?: MockBugReports;
  /** 'off': a server that lists no school email domains (verifies no students). */
  students?: MockStudents;
};

export function createScenario(name: ScenarioName, opts: ScenarioOptions = {}): Scenario {
  const scenario = { state: opts.state ?? initialState(name) } as Scenario;
  const changed = () => opts.onChange?.(scenario.state);
  const session = () => ({ user: currentUser(scenario.state), visitor_id: scenario.state.visitorId });

  scenario.reset = (next) => {
    scenario.state = initialState(next);
    changed();
  };
  const accounts = () => scenario.state.accounts.map((a) => a.user);
  const claims = () => (scenario.state.claims ??= []);
  /** Who asks, as the server's thread rules see them (services/threads/queries.ts viewerOf). */
  const viewer = (): ActorFacts => {
    const { signedInId, visitorId } = scenario.state;
    if (signedInId)
      return {
        user_id: signedInId,
        visitor_ids: claims()
          .filter((c) => c.user_id === signedInId)
          .map((c) => c.visitor_id),
      };
    return { user_id: null, visitor_ids: [visitorId], claimed_at: claims().find((c) => c.visitor_id === visitorId)?.claimed_at ?? null };
  };
  /** The visitor's work becomes the account's, unless another account claimed it first (services/identity/use-cases.ts). */
  const claimVisitor = (userId: string) => {
    const claimedBy = claims().find((c) => c.visitor_id === scenario.state.visitorId)?.user_id ?? null;
    const claimed = claimedBy ? [] : decideClaimVisitor({ claimedBy }, { visitorId: scenario.state.visitorId, userId, now: new Date() });
    for (const e of claimed) {
      claims().push(e.data);
      // A claimed visitor's threads no longer expire (the server shows them without expiry_time).
      for (const t of scenario.state.threads) if (t.owner === e.data.visitor_id) t.expiry_time = null;
      // What the visitor saw and clicked of the upsells stays so for the account (services/upsells/projections.ts).
      const marks = (scenario.state.upsellMarks ??= {});
      marks[`user:${userId}`] = mergeUpsellMarks(marks[`user:${userId}`] ?? {}, marks[`visitor:${e.data.visitor_id}`] ?? {});
    }
  };
  const spaceOptions = {
    spaces: () => (scenario.state.spaces ??= []),
    threads: () => (scenario.state.threads ??= []),
    user: () => currentUser(scenario.state),
    visitor: () => scenario.state.visitorId,
    accounts,
    viewer,
    changed,
    allowPrivateHosts: opts.allowPrivateHosts,
  };
  const spaces = spaceStore(spaceOptions);
  const threads = threadHandlers({
    viewer,
    isUser: spaces.isUser,
    user: () => currentUser(scenario.state),
    orgOf: (id) => accounts().find((u) => u.id === id)?.org_uuid ?? null,
    readsSpace: (uuid) => {
      const space = spaces.find(uuid);
      return !!space && spaces.readable(space);
    },
    collectionInfo: spaces.info,
    askingInSpace: spaces.askingIn,
    threads: () => (scenario.state.threads ??= []),
    changed,
    delayMs: opts.streamDelayMs ?? 40,
    webSearch: () => opts.features?.web_search ?? MOCK_FEATURES.web_search,
    notify: (request) => sendMockNotification(scenario.state, request),
    askerDefaults: () => {
      const id = scenario.state.signedInId;
      return { incognitoByDefault: !!(id && scenario.state.accountSettings?.[id]?.preferences.incognito_by_default), models: MOCK_MODELS.map((m) => m.id) };
    },
  });
  threads.resumeProducers();
  const files = fileHandlers({
    files: () => (scenario.state.files ??= []),
    orgs: () => (scenario.state.orgs ??= []),
    user: () => currentUser(scenario.state),
    spaces,
    changed,
    indexDelayMs: opts.indexDelayMs ?? (opts.streamDelayMs === undefined ? 1500 : opts.streamDelayMs * 10),
  });
  files.resumeIndexing();
  scenario.handlers = [
    requestValidationHandler(),
    // Before the thread handlers: a PUT with a title is a rename; without one, theirs.
    ...threadManageHandlers({ threads: () => (scenario.state.threads ??= []), state: threads.state, viewer, changed }),
    ...threads.handlers,
    ...sourceHandlers({ threads: () => (scenario.state.threads ??= []), changed, readable: threads.readable, state: threads.state, viewer }),
    ...articleHandlers({
      threads: () => (scenario.state.threads ??= []),
      existing: threads.existing,
      readable: threads.readable,
      user: () => scenario.state.signedInId,
      changed,
      spaces,
    }),
    ...spaceHandlers({ ...spaceOptions, store: spaces }),
    // Before the files' handlers: the image upload form is the try-on's (mocks/try-on.ts).
    ...tryOnHandlers({ state: () => scenario.state, changed }),
    ...files.handlers,
    getGetSessionMockHandler(session),
    getSignInEmailMockHandler(async ({ request }) => {
      const body = (await request.json()) as SignInRequest;
      const account = findAccount(scenario.state, body.email);
      if (!account || account.password !== body.password) throw problem(401, 'invalid_credentials', 'Wrong email or password.');
      const challenge = twoFactorChallenge(scenario.state, account);
      if (challenge) {
        changed();
        throw challenge;
      }
      // Signing in claims this browser's anonymous work too (services/identity/use-cases.ts claimVisitorOnSignIn).
      claimVisitor(account.user.id);
      scenario.state.signedInId = account.user.id;
      changed();
      return session();
    }),
    getSignUpEmailMockHandler(async ({ request }) => {
      const body = (await request.json()) as SignUpRequest;
      // As the server: a taken address signs nobody in and is not named (its owner is mailed).
      if (findAccount(scenario.state, body.email)) return { user: null, visitor_id: scenario.state.visitorId };
      const user = {
        id: `user-${scenario.state.accounts.length + 1}`,
        name: body.name,
        email: body.email,
        // As on the server: a new account's address waits for its mailed link.
        email_verified: false,
        org_uuid: null,
        subscription_status: 'none' as const,
        ...FREE_PLAN_FIELDS,
      };
      scenario.state.accounts.push({ user, password: body.password });
      claimVisitor(user.id);
      scenario.state.signedInId = user.id;
      changed();
      return session();
    }),
    getSignOutMockHandler(() => {
      scenario.state.signedInId = null;
      // As the server: a fresh visitor id, so what is asked next is not the signed-out account's.
      scenario.state.visitorId = crypto.randomUUID();
      changed();
    }),
    ...accountHandlers({ state: () => scenario.state, changed }),
    ...accountSettingsHandlers({ state: () => scenario.state, changed }),
    ...memoryHandlers({ state: () => scenario.state, changed }),
    ...mcpHandlers({ state: () => scenario.state, changed }),
    ...connectorHandlers({ state: () => scenario.state, changed }),
    ...discoverHandlers({ webSearch: () => opts.features?.web_search ?? MOCK_FEATURES.web_search }),
    ...marketDataHandlers({ signedIn: () => !!currentUser(scenario.state), mode: opts.marketData }),
    ...watchlistHandlers({ state: () => scenario.state, changed, marketData: opts.marketData, f1: opts.f1, sports: opts.sports }),
    ...studentHandlers({ state: () => scenario.state, changed, mode: opts.students }),
    ...calendarAvailabilityHandlers({ state: () => scenario.state }),
    ...askSuggestionHandlers({
      state: () => scenario.state,
      marketData: opts.marketData,
      webSearch: () => opts.features?.web_search ?? MOCK_FEATURES.web_search,
    }),
    ...notificationHandlers({ state: () => scenario.state, changed }),
    ...taskHandlers({ state: () => scenario.state, changed }),
    ...agentHandlers({ userId: () => currentUser(scenario.state)?.id ?? null }),
    ...shoppingCatalogueHandlers({
      on: () => opts.features?.shopping ?? MOCK_FEATURES.shopping,
      state: () => (scenario.state.shopping ??= {}),
      changed,
      threads: () => (scenario.state.threads ??= []),
      mayRead: threads.mayRead,
    }),
    ...placesHandlers({
      on: () => opts.features?.places ?? MOCK_FEATURES.places,
      state: () => scenario.state,
      places: () => (scenario.state.places ??= {}),
      changed,
      threads: () => (scenario.state.threads ??= []),
      mayRead: threads.mayRead,
    }),
    ...twoFactorHandlers({
      state: () => scenario.state,
      changed,
      onSignedIn: (userId) => {
        claimVisitor(userId);
        scenario.state.signedInId = userId;
      },
    }),
    ...dataRightsHandlers({ state: () => scenario.state, spaces: spaceOptions.spaces, changed }),
    ...getMailMock(),
    ...orgHandlers({ state: () => scenario.state, changed }),
    ...partnerHandlers({ signedIn: () => !!currentUser(scenario.state) }),
    ...billingHandlers({ state: () => scenario.state }),
    ...shoppingOrderHandlers({ state: () => scenario.state }),
    ...shoppingCartHandlers({ on: () => opts.features?.shopping ?? MOCK_FEATURES.shopping, state: () => scenario.state }),
    // Before the generated system handlers, whose features are made up.
    ...serverFeatureHandlers({
      ...MOCK_FEATURES,
      translation: opts.translation !== 'off',
      ...(opts.bugReports === 'off' ? { bug_reports: false, bug_report_hook: null } : {}),
      ...opts.features,
    }),
    ...bugReportHandlers({ mode: opts.bugReports, user: () => currentUser(scenario.state), shareThread: threads.shareForBugReport }),
    ...getSystemMock(),
    ...translationHandlers(opts.translation),
    ...assistantBrowserHandlers({ state: () => scenario.state, changed }),
    ...upsellHandlers({
      user: () => currentUser(scenario.state),
      visitorId: () => scenario.state.visitorId,
      marks: () => (scenario.state.upsellMarks ??= {}),
      changed,
      models: MOCK_MODELS.map((m) => m.id),
      billing: opts.features?.billing ?? MOCK_FEATURES.billing,
      catalogue: opts.upsells,
    }),
  ];
  return scenario;
}
