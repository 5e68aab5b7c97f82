// Stateful mock scenarios: a signed-in user or an anonymous visitor. Signing in, up and out
// change the scenario's state, so the UI behaves as against the real server.
import type { SessionUser } from '../generated/react-query/model';
import type { MockSpace } from './spaces';
import type { MockThread } from './threads';

export const SCENARIOS = ['anonymous', 'signed-in'] as const;
export type ScenarioName = (typeof SCENARIOS)[number];

export type MockAccount = { user: SessionUser; password: string };
/** `spaces` is optional so a state saved before Spaces existed still loads. */
export type ScenarioState = { visitorId: string; signedInId: string | null; accounts: MockAccount[]; threads: MockThread[]; spaces?: MockSpace[] };

/** The account every scenario knows; the signed-in scenario starts signed in as it. */
export const DEMO_ACCOUNT = { id: 'user-ada', name: 'Ada Lovelace', email: 'ada@example.com', password: 'correct-horse-battery' } as const;

const demo = (): MockAccount => ({
  user: { id: DEMO_ACCOUNT.id, name: DEMO_ACCOUNT.name, email: DEMO_ACCOUNT.email, org_uuid: null, subscription_status: 'none' },
  password: DEMO_ACCOUNT.password,
});

export function initialState(name: ScenarioName): ScenarioState {
  return { visitorId: '00000000-0000-4000-8000-000000000001', signedInId: name === 'signed-in' ? DEMO_ACCOUNT.id : null, accounts: [demo()], threads: [], spaces: [] };
}

export const isScenario = (v: unknown): v is ScenarioName => SCENARIOS.includes(v as ScenarioName);

export const currentUser = (s: ScenarioState) => s.accounts.find((a) => a.user.id === s.signedInId)?.user ?? null;

export const findAccount = (s: ScenarioState, email: string) => s.accounts.find((a) => a.user.email.toLowerCase() === email.trim().toLowerCase());
