// The Stripe adapter reads a pending plan change from a subscription schedule: the first later
// phase on another price, from the current period's end; none once the schedule is released. A
// webhook's signature is read only when its timestamp is within the tolerance, behind or ahead.
import type Stripe from 'stripe';
import StripeSdk from 'stripe';
import { describe, expect, test } from 'vitest';
import { createStripeProvider, pendingPhaseOf, WEBHOOK_TOLERANCE_SECONDS, webhookTimestampWithinTolerance } from './stripe-provider.js';

const END = 1_800_000_000;
const sub = { items: { data: [{ price: { id: 'price_max_yearly' }, current_period_end: END }] } } as unknown as Stripe.Subscription;
const schedule = (status: string, phases: [number, string][]) =>
  ({ status, phases: phases.map(([start_date, price]) => ({ start_date, items: [{ price }] })) }) as unknown as Stripe.SubscriptionSchedule;

describe('a pending change from a subscription schedule', () => {
  test('the next phase on Pro from the period end', () => {
    expect(
      pendingPhaseOf(
        schedule('active', [
          [END - 100, 'price_max_yearly'],
          [END, 'price_pro_yearly'],
        ]),
        sub,
      ),
    ).toEqual({ price_id: 'price_pro_yearly', at: new Date(END * 1000).toISOString() });
  });
  test('none when every phase keeps the price, when released, or without a schedule', () => {
    expect(pendingPhaseOf(schedule('active', [[END - 100, 'price_max_yearly']]), sub)).toBeNull();
    expect(
      pendingPhaseOf(
        schedule('released', [
          [END - 100, 'price_max_yearly'],
          [END, 'price_pro_yearly'],
        ]),
        sub,
      ),
    ).toBeNull();
    expect(pendingPhaseOf(null, sub)).toBeNull();
  });
});

describe("a webhook's signed timestamp", () => {
  const NOW = 1_800_000_000_000;
  const secret = 'whsec_test_clock';
  const provider = createStripeProvider({ secretKey: 'sk_test_clock', webhookSecret: secret, apiBase: null }, () => NOW);
  const signer = new StripeSdk('sk_test_clock');
  const payload = JSON.stringify({ id: 'evt_clock', object: 'event', type: 'invoice.paid', data: { object: { id: 'in_1', customer: 'cus_1' } } });
  const signedAt = (seconds: number) => signer.webhooks.generateTestHeaderString({ payload, secret, timestamp: Math.floor(NOW / 1000) + seconds });
  const verify = (header: string) => () => provider.verifyEvent(Buffer.from(payload), header);

  test('within the tolerance behind or ahead of our clock, the event is read', () => {
    for (const seconds of [0, -WEBHOOK_TOLERANCE_SECONDS, WEBHOOK_TOLERANCE_SECONDS, 60])
      expect(verify(signedAt(seconds))()).toMatchObject({ id: 'evt_clock' });
  });
  test('an hour ahead, or just past the tolerance ahead, is refused as a bad signature, as an hour behind is', () => {
    for (const seconds of [3600, WEBHOOK_TOLERANCE_SECONDS + 1, -3600, -WEBHOOK_TOLERANCE_SECONDS - 1]) {
      expect(verify(signedAt(seconds))).toThrow(expect.objectContaining({ code: 'invalid_signature' }) as unknown as Error);
    }
  });
  test('a header without a readable timestamp is refused', () => {
    expect(webhookTimestampWithinTolerance('v1=00', NOW)).toBe(false);
    expect(webhookTimestampWithinTolerance('t=soon,v1=00', NOW)).toBe(false);
    expect(webhookTimestampWithinTolerance(`t=${Math.floor(NOW / 1000)},v1=00`, NOW)).toBe(true);
  });
});
