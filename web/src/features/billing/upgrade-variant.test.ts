import { describe, expect, test } from 'vitest';
import type { UpgradeQuote } from '../../../../generated/react-query/model';
import { confirmable, showsPaymentFix, upgradeVariant } from './upgrade-variant';

const quote = (q: Partial<UpgradeQuote> = {}): UpgradeQuote => ({
  old_product_price: 2000,
  old_product_interval: 'monthly',
  new_product_price: 20000,
  new_product_interval: 'monthly',
  payment_method: { brand: 'visa', last4: '4242' },
  adjustment_price: -11000,
  subtotal_price: 9000,
  tax_price: 0,
  total_due_today_price: 9000,
  currency: 'usd',
  payment_failed: false,
  ...q,
});
const v = (p: Partial<Parameters<typeof upgradeVariant>[0]>) =>
  upgradeVariant({ quote: null, quoteError: null, confirmError: null, formatTotal: () => '$90.00', ...p });

describe("the Confirm changes variants in the seed's order of concern", () => {
  test('stores first, then carrier billing, then other refusals', () => {
    expect(v({ quoteError: { code: 'subscription_from_google_play', detail: 'Use Android' } })).toEqual({ kind: 'android', text: 'Use Android' });
    expect(v({ quoteError: { code: 'subscription_from_app_store', detail: 'Use iOS' } })).toEqual({ kind: 'ios', text: 'Use iOS' });
    expect(v({ quoteError: { code: 'carrier_billing_max_unsupported', detail: null } })).toEqual({
      kind: 'unsupported',
      text: 'Max subscriptions are not supported by carrier billing.',
    });
  });
  test('missing payment method before payment failed before a generic error', () => {
    expect(v({ quote: quote({ payment_method: null, payment_failed: true }) }).kind).toBe('missing-payment-method');
    expect(v({ quote: quote({ payment_failed: true }), confirmError: { code: 'x', detail: null } })).toEqual({
      kind: 'payment-failed',
      text: 'Payment failed. Please update payment to continue.',
    });
    expect(v({ quote: quote(), confirmError: { code: 'stripe_upgrade_payment_error', detail: null } }).kind).toBe('payment-failed');
    expect(v({ quote: quote(), confirmError: { code: 'missing_payment_method', detail: null } })).toEqual({
      kind: 'missing-payment-method',
      text: 'Please add a payment method to upgrade to Max.',
    });
    expect(v({ quote: quote(), confirmError: { code: 'stripe_upgrade_error', detail: null } })).toEqual({
      kind: 'generic-payment-error',
      text: 'Something went wrong. Please continue to Stripe and complete your payment.',
    });
  });
  test('otherwise the charge now and immediate Max; confirm only then, the fix button only for payment trouble', () => {
    const ready = v({ quote: quote() });
    expect(ready).toEqual({ kind: 'ready', text: 'You will be charged $90.00 now and get immediate access to Max.' });
    expect(confirmable(ready)).toBe(true);
    expect(showsPaymentFix(ready)).toBe(false);
    expect(v({ quote: quote(), toContinue: true })).toEqual({
      kind: 'upgrade-to-continue',
      text: 'Upgrade to Max to continue. You will be charged $90.00 now and get immediate access to Max.',
    });
    expect(confirmable(v({}))).toBe(false);
    const missing = v({ quote: quote({ payment_method: null }) });
    expect(confirmable(missing)).toBe(false);
    expect(showsPaymentFix(missing)).toBe(true);
    expect(confirmable(v({ quoteError: { code: 'subscription_from_app_store', detail: '' } }))).toBe(false);
  });
});
