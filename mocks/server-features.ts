// What the mock server can do (GET /rest/server/features), as the server answers from its
// configuration (services/http/system-routes.ts). By default it is the mock API as it stands: no
// web search (mock answers search no web), no purchases (mocks/billing.ts: billing is off), no
// voice input, the offline model, try-on (mocks/try-on.ts generates from the same rules), and translation unless the scenario turns it off. A scenario
// may say otherwise, for the web's tests of each provider configured.
import type { RequestHandler } from 'msw';
import { getGetServerFeaturesMockHandler } from '../generated/msw/system/system.msw';
import type { ServerFeatures } from '../generated/react-query/model';
import { MOCK_BUG_REPORT_HOOK } from './bug-report';

export const MOCK_FEATURES: ServerFeatures = {
  web_search: false,
  billing: false,
  translation: true,
  voice_input: false,
  answer_model: 'offline',
  // Bug reports are "filed" by mocks/bug-report.ts unless a scenario turns them off.
  bug_reports: true,
  bug_report_hook: MOCK_BUG_REPORT_HOOK,
  try_on: true,
  shopping: true,
  // Places come from mocks/places.ts; the mocks have no tile server, so the map says so and lists the places.
  places: true,
  map_tiles: null,
};

export function serverFeatureHandlers(features: ServerFeatures): RequestHandler[] {
  return [getGetServerFeaturesMockHandler(() => features)];
}
