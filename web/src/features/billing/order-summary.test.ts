import { describe, expect, test } from 'vitest';
import { orderSummary, type SummarySession } from './order-summary';

const usd = (minor: number) => ({ minorUnitsAmount: minor, amount: `$${(minor / 100).toFixed(2)}` });

const pro: SummarySession = {
  lineItems: [{ name: 'Pro', unitAmount: usd(2000), recurring: { interval: 'month', intervalCount: 1, usageType: 'licensed' } }],
  discountAmounts: null,
  taxAmounts: null,
  recurring: { interval: 'month', dueNext: { total: usd(2000) } },
  total: { total: usd(2000) },
};

describe('the order summary from the session Stripe.js holds', () => {
  test('a plain monthly plan: its price per month, due today, then the same each month', () => {
    expect(orderSummary(pro)).toEqual({ lines: [{ label: 'Pro', amount: '$20.00 / month' }], dueToday: '$20.00', afterwards: 'Then $20.00 / month' });
  });

  test("discounts in the seed's words, by their promotion code; taxes by Stripe's name", () => {
    const summary = orderSummary({
      ...pro,
      discountAmounts: [
        { amount: '$10.00', displayName: 'coupon_1', promotionCode: 'HALFOFF', recurring: { type: 'repeating', durationInMonths: 3 } },
        { amount: '$2.00', displayName: 'Loyalty', promotionCode: null, recurring: { type: 'forever' } },
        { amount: '$1.00', displayName: 'Welcome', promotionCode: null, recurring: null },
      ],
      taxAmounts: [{ amount: '$1.40', displayName: 'Sales tax' }],
      total: { total: usd(840) },
    });
    expect(summary.lines).toEqual([
      { label: 'Pro', amount: '$20.00 / month' },
      { label: 'HALFOFF', amount: '$10.00 off for 3 months' },
      { label: 'Loyalty', amount: '$2.00 off forever' },
      { label: 'Welcome', amount: '$1.00 off' },
      { label: 'Sales tax', amount: '$1.40' },
    ]);
    expect(summary.dueToday).toBe('$8.40');
  });

  test('a trial: nothing due today, the yearly price after it', () => {
    const yearly: SummarySession = {
      ...pro,
      lineItems: [{ name: 'Pro', unitAmount: usd(20000), recurring: { interval: 'year', intervalCount: 1, usageType: 'licensed' } }],
      recurring: { interval: 'year', dueNext: { total: usd(20000) } },
      total: { total: usd(0) },
    };
    expect(orderSummary(yearly)).toMatchObject({ dueToday: '$0.00', afterwards: 'Then $200.00 / year' });
  });
});
