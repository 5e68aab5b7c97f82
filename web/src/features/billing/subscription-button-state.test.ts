import { describe, expect, test } from 'vitest';
import { subscriptionButtonState } from './subscription-button-state';

const user = (subscription_status: string, subscription_plan = 'free', subscription_source = 'stripe', plan_organization: unknown = null) =>
  ({ subscription_status, subscription_plan, subscription_source, plan_organization }) as Parameters<typeof subscriptionButtonState>[0];
const byOrg = (role: string) => ({ org_uuid: 'org-1', role });

describe('the subscription button (seed 003: Pro access, past due or a previous subscription manage; else Learn more)', () => {
  test('signed out: Learn more, which asks to sign in', () => {
    expect(subscriptionButtonState(null)).toEqual({ kind: 'learn-more', signedIn: false });
  });
  test('free, never subscribed: Learn more to the upgrade flow', () => {
    expect(subscriptionButtonState(user('none'))).toEqual({ kind: 'learn-more', signedIn: true });
  });
  test('Pro or Max access: manage in the billing portal', () => {
    expect(subscriptionButtonState(user('active', 'pro'))).toEqual({ kind: 'manage', target: 'portal' });
    expect(subscriptionButtonState(user('trialing', 'max'))).toEqual({ kind: 'manage', target: 'portal' });
  });
  test('past due (plan fallen back to free) and a previous subscription: manage', () => {
    expect(subscriptionButtonState(user('past_due'))).toEqual({ kind: 'manage', target: 'portal' });
    expect(subscriptionButtonState(user('invoice_past_due'))).toEqual({ kind: 'manage', target: 'portal' });
    expect(subscriptionButtonState(user('canceled'))).toEqual({ kind: 'manage', target: 'portal' });
  });
  test('store subscriptions manage in their store', () => {
    expect(subscriptionButtonState(user('active', 'max', 'ios'))).toEqual({ kind: 'manage', target: 'ios' });
    expect(subscriptionButtonState(user('active', 'pro', 'android'))).toEqual({ kind: 'manage', target: 'android' });
  });
  test("a plan from the organisation only: no portal (the member has no billing account); 'Manage' for its owners and admins", () => {
    expect(subscriptionButtonState(user('none', 'pro', 'stripe', byOrg('member')))).toEqual({ kind: 'organization', plan: 'pro', manage: false });
    expect(subscriptionButtonState(user('none', 'max', 'stripe', byOrg('admin')))).toEqual({ kind: 'organization', plan: 'max', manage: true });
    expect(subscriptionButtonState(user('none', 'pro', 'stripe', byOrg('owner')))).toEqual({ kind: 'organization', plan: 'pro', manage: true });
  });
  test('their own past-due or previous subscription still manages in the portal, whatever the organisation gives', () => {
    expect(subscriptionButtonState(user('past_due', 'pro', 'stripe', byOrg('member')))).toEqual({ kind: 'manage', target: 'portal' });
    expect(subscriptionButtonState(user('canceled', 'pro', 'stripe', byOrg('member')))).toEqual({ kind: 'manage', target: 'portal' });
  });
});
