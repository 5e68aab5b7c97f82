// The Stripe adapter reads a pending plan change from a subscription schedule: the first later
// phase on another price, from the current period's end; none once the schedule is released.
import type Stripe from 'stripe';
import { describe, expect, test } from 'vitest';
import { pendingPhaseOf } from './stripe-provider.js';

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
