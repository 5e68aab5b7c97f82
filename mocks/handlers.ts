// Request handlers of a scenario: the generated MSW handlers, with stateful resolvers for the
// session and auth calls. Everything else answers with the generated example data.
import type { RequestHandler } from 'msw';
import { canEditSources } from '../services/spaces/access-levels';
import { getSignInEmailMockHandler, getSignOutMockHandler, getSignUpEmailMockHandler } from '../generated/msw/auth/auth.msw';
import { getMailMock, getOrganizationsMock, getSystemMock } from '../generated/msw/index.msw';
import { getGetSessionMockHandler } from '../generated/msw/session/session.msw';
import type { SignInRequest, SignUpRequest } from '../generated/react-query/model';
import { articleHandlers } from './articles';
import { fileHandlers } from './files';
import { problem } from './problem';
import { sourceHandlers } from './sources';
import { spaceHandlers, spaceStore } from './spaces';
import { threadHandlers } from './threads';
import { translationHandlers } from './translation';
import { currentUser, findAccount, initialState, type ScenarioName, type ScenarioState } from './scenarios';

export type Scenario = { state: ScenarioState; handlers: RequestHandler[]; reset: (name: ScenarioName) => void };

/** `onChange` lets the browser keep the state across reloads; `streamDelayMs` paces streamed answers. */
/** `indexDelayMs` is how long mock indexing takes: 1.5 s in the browser, ten stream steps in tests. */
export function createScenario(
  name: ScenarioName,
  opts: { state?: ScenarioState; onChange?: (s: ScenarioState) => void; streamDelayMs?: number; indexDelayMs?: number } = {},
): Scenario {
  const scenario = { state: opts.state ?? initialState(name) } as Scenario;
  const changed = () => opts.onChange?.(scenario.state);
  const session = () => ({ user: currentUser(scenario.state), visitor_id: scenario.state.visitorId });

  scenario.reset = (next) => {
    scenario.state = initialState(next);
    changed();
  };
  const spaceOptions = {
    spaces: () => (scenario.state.spaces ??= []),
    threads: () => (scenario.state.threads ??= []),
    user: () => currentUser(scenario.state),
    visitor: () => scenario.state.visitorId,
    changed,
  };
  const spaces = spaceStore(spaceOptions);
  const threads = threadHandlers({
    collectionInfo: spaces.info,
    startsInSpace: (uuid) => {
      const space = spaces.find(uuid);
      return space && canEditSources(spaces.levelOf(space)) ? space.uuid : null;
    },
    threads: () => (scenario.state.threads ??= []),
    owner: () => scenario.state.signedInId ?? scenario.state.visitorId,
    signedIn: () => !!scenario.state.signedInId,
    changed,
    delayMs: opts.streamDelayMs ?? 40,
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
    ...threads.handlers,
    ...sourceHandlers({ threads: () => (scenario.state.threads ??= []), owner: () => scenario.state.signedInId ?? scenario.state.visitorId, changed }),
    ...articleHandlers({
      threads: () => (scenario.state.threads ??= []),
      owner: () => scenario.state.signedInId ?? scenario.state.visitorId,
      user: () => scenario.state.signedInId,
      changed,
      spaces,
    }),
    ...spaceHandlers({ ...spaceOptions, store: spaces, accounts: () => scenario.state.accounts.map((a) => a.user) }),
    ...files.handlers,
    getGetSessionMockHandler(session),
    getSignInEmailMockHandler(async ({ request }) => {
      const body = (await request.json()) as SignInRequest;
      const account = findAccount(scenario.state, body.email);
      if (!account || account.password !== body.password) throw problem(401, 'invalid_credentials', 'Wrong email or password.');
      scenario.state.signedInId = account.user.id;
      changed();
      return session();
    }),
    getSignUpEmailMockHandler(async ({ request }) => {
      const body = (await request.json()) as SignUpRequest;
      if (findAccount(scenario.state, body.email)) throw problem(409, 'email_taken', 'An account with this email already exists. Sign in instead.');
      if (body.password.length < 8) throw problem(400, 'invalid_password', 'Password too short');
      const user = {
        id: `user-${scenario.state.accounts.length + 1}`,
        name: body.name,
        email: body.email,
        org_uuid: null,
        subscription_status: 'none' as const,
      };
      scenario.state.accounts.push({ user, password: body.password });
      scenario.state.signedInId = user.id;
      changed();
      return session();
    }),
    getSignOutMockHandler(() => {
      scenario.state.signedInId = null;
      changed();
    }),
    ...getMailMock(),
    ...getOrganizationsMock(),
    ...getSystemMock(),
    ...translationHandlers(),
  ];
  return scenario;
}
