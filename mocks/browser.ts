// `make dev-mocks`: the MSW worker answers the API in the browser. Pick the scenario with
// ?scenario=anonymous|signed-in; its state (who is signed in, accounts made) survives reloads
// in sessionStorage until another scenario is picked.
import { setupWorker } from 'msw/browser';
import { createScenario } from './handlers';
import { isScenario, type ScenarioName, type ScenarioState } from './scenarios';

const KEY = 'answer-engine.mocks.scenario';

export async function startMockWorker() {
  const asked = new URLSearchParams(location.search).get('scenario');
  const saved = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as { name: ScenarioName; state: ScenarioState } | null;
  const name: ScenarioName = isScenario(asked) ? asked : (saved?.name ?? 'anonymous');
  const state = saved && saved.name === name && !isScenario(asked) ? saved.state : undefined;
  const save = (s: ScenarioState) => sessionStorage.setItem(KEY, JSON.stringify({ name, state: s }));

  const scenario = createScenario(name, { state, onChange: save });
  save(scenario.state);
  const worker = setupWorker(...scenario.handlers);
  // MSW's worker behind one that lets the app's code go straight to the network (web/mocks-worker.ts).
  await worker.start({ onUnhandledFrame: 'bypass', quiet: true, serviceWorker: { url: '/mocks-worker.js' } });
  console.info(`[mocks] scenario "${name}" (switch with ?scenario=anonymous or ?scenario=signed-in)`);
}
