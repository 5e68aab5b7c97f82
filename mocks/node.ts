// The same scenarios for component tests in Node (vitest): `const mocks = setupMocks('anonymous')`
// then `beforeAll(mocks.listen)`, `afterEach(mocks.resetHandlers)`, `afterAll(mocks.close)`.
import { setupServer } from 'msw/node';
import { createScenario, type Scenario } from './handlers';
import type { ScenarioName } from './scenarios';
import type { MockMarketData } from './market-data';
import type { ServerFeatures } from '../generated/react-query/model';

export function setupMocks(
  name: ScenarioName = 'anonymous',
  opts: { streamDelayMs?: number; marketData?: MockMarketData; features?: Partial<ServerFeatures> } = {},
) {
  const scenario: Scenario = createScenario(name, { streamDelayMs: opts.streamDelayMs ?? 2, marketData: opts.marketData, features: opts.features });
  const server = setupServer(...scenario.handlers);
  return {
    server,
    scenario,
    listen: () => server.listen({ onUnhandledFrame: 'error' }),
    /** Back to the scenario's start: its own handlers and state. */
    reset: (next: ScenarioName = name) => {
      server.resetHandlers();
      scenario.reset(next);
    },
    close: () => server.close(),
  };
}
