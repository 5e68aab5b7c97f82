import { describe, expect, test } from 'vitest';
import { NO_SUBSCRIPTION, type SubscriptionState } from './events.js';
import { downgradeRefusal, paymentFailed, upgradeRefusal } from './plan-change-rules.js';

const held = (s: Partial<SubscriptionState>): SubscriptionState => ({
  ...NO_SUBSCRIPTION,
  subscription_id: 'sub_1',
  status: 'active',
  plan: 'pro',
  interval: 'monthly',
  ...s,
});
const code = (e: Error | null) => (e as { code?: string } | null)?.code ?? null;

describe("plan changes are for card subscriptions, refused in the seed's order of concern", () => {
  test('Android store, iOS store, carrier billing, then other sources', () => {
    expect(code(upgradeRefusal(held({ source: 'android' })))).toBe('subscription_from_google_play');
    expect(code(upgradeRefusal(held({ source: 'ios' })))).toBe('subscription_from_app_store');
    expect(upgradeRefusal(held({ source: 'softbank' }))?.message).toBe('Max subscriptions are not supported by carrier billing.');
    expect(code(upgradeRefusal(held({ source: 'braintree' })))).toBe('plan_change_unsupported');
    expect(code(upgradeRefusal(held({ source: 'incentive' })))).toBe('plan_change_unsupported');
  });
  test('a Stripe Pro subscription upgrades (also while past due); free, Max or canceled do not', () => {
    expect(upgradeRefusal(held({}))).toBeNull();
    expect(upgradeRefusal(held({ status: 'past_due' }))).toBeNull();
    expect(code(upgradeRefusal(NO_SUBSCRIPTION))).toBe('upgrade_not_available');
    expect(code(upgradeRefusal(held({ plan: 'max' })))).toBe('upgrade_not_available');
    expect(code(upgradeRefusal(held({ status: 'canceled' })))).toBe('upgrade_not_available');
  });
  test('a Stripe Max subscription downgrades; Pro does not; stores are told to use the app', () => {
    expect(downgradeRefusal(held({ plan: 'max' }))).toBeNull();
    expect(code(downgradeRefusal(held({ plan: 'pro' })))).toBe('downgrade_not_available');
    expect(code(downgradeRefusal(held({ plan: 'max', source: 'ios' })))).toBe('subscription_from_app_store');
    expect(code(downgradeRefusal(held({ plan: 'max', source: 'softbank' })))).toBe('plan_change_unsupported');
  });
  test('a payment is owed while past due', () => {
    expect(paymentFailed(held({ status: 'past_due' }))).toBe(true);
    expect(paymentFailed(held({ status: 'invoice_past_due' }))).toBe(true);
    expect(paymentFailed(held({}))).toBe(false);
  });
});
