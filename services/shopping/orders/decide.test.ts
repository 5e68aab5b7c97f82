import { describe, expect, it } from 'vitest';
import type { DomainError } from '../../shared/domain-error.js';
import { amountsOf, decideCancel, decideCreate, decidePaymentIntent, decidePaymentOutcome, priceItems, shippingFor, type PaymentFacts } from './decide.js';
import { evolveOrder, NO_ORDER, type OrderEvent, type OrderState } from './events.js';
import type { PricedOption } from './priced-option.js';

const now = new Date('2026-12-03T07:00:00Z');
const option: PricedOption = {
  optionKey: 'k1',
  productId: 'p1',
  merchantId: 'm1',
  merchantName: 'Shop',
  title: 'Jacket',
  optionLabel: 'M',
  priceMinor: 1000,
  currency: 'EUR',
  imageUrl: null,
  available: true,
};
const asked = { option_key: 'k1', quantity: 2, unit_price_minor: 1000, currency: 'eur' };
const address = { name: 'A', line1: 'L', line2: null, city: 'C', state: null, postal_code: '1', country: 'AT', phone: null };
const codeOf = (run: () => unknown) => {
  try {
    run();
  } catch (err) {
    return (err as DomainError).code;
  }
  return null;
};
const apply = (events: OrderEvent[], s: OrderState = NO_ORDER) => events.reduce(evolveOrder, s);
const created = () => {
  const { items, subtotal_minor, currency } = priceItems([asked], [option]);
  return apply(
    decideCreate(NO_ORDER, {
      order_id: 'o1',
      user_id: 'u1',
      now,
      items,
      amounts: amountsOf(subtotal_minor, currency, { calculated: true, tax_minor: 400 }, 500),
      shipping_address: address,
    }),
  );
};
const withIntent = () => apply(decidePaymentIntent(created(), { order_id: 'o1', user_id: 'u1', payment_intent_id: 'pi_1', now }), created());
const facts = (over: Partial<PaymentFacts> = {}): PaymentFacts => ({
  payment_intent_id: 'pi_1',
  status: 'succeeded',
  amount_received: 2900,
  currency: 'eur',
  message: null,
  ...over,
});

describe('pricing: the catalogue’s prices, or a clear refusal', () => {
  it('prices items at the catalogue’s price in lower-case currency', () => {
    expect(priceItems([asked], [option])).toMatchObject({
      subtotal_minor: 2000,
      currency: 'eur',
      items: [{ option_key: 'k1', quantity: 2, unit_price_minor: 1000 }],
    });
  });
  it('refuses a changed price, another currency, a sold-out option, an unknown one, mixed currencies', () => {
    expect(codeOf(() => priceItems([{ ...asked, unit_price_minor: 900 }], [option]))).toBe('price_changed');
    expect(codeOf(() => priceItems([{ ...asked, currency: 'usd' }], [option]))).toBe('currency_mismatch');
    expect(codeOf(() => priceItems([asked], [{ ...option, available: false }]))).toBe('option_unavailable');
    expect(codeOf(() => priceItems([asked], [null]))).toBe('option_not_found');
    // A Shopify store's option is bought at the store (create-firmly-cart), never through a Stripe order.
    expect(codeOf(() => priceItems([asked], [{ ...option, merchantKind: 'shopify' }]))).toBe('merchant_paid_at_store');
    expect(priceItems([asked], [{ ...option, merchantKind: 'feed' }]).items).toHaveLength(1);
    const usd = { ...option, optionKey: 'k2', currency: 'usd' };
    expect(codeOf(() => priceItems([asked, { ...asked, option_key: 'k2', currency: 'usd' }], [option, usd]))).toBe('currency_mismatch');
  });
  it('charges each merchant’s flat shipping once, the default for merchants not named', () => {
    const rates = new Map([
      ['m1', 500],
      ['*', 900],
    ]);
    expect(shippingFor(rates, ['m1', 'm1', 'm2'])).toBe(1400);
    expect(shippingFor(new Map(), ['m1'])).toBe(0);
  });
});

describe('an order’s life', () => {
  it('is created once, with its total', () => {
    const s = created();
    expect(s).toMatchObject({ status: 'created', total_minor: 2900, currency: 'eur', user_id: 'u1' });
    expect(
      decideCreate(s, {
        order_id: 'o1',
        user_id: 'u1',
        now,
        items: [],
        amounts: amountsOf(0, 'eur', { calculated: false, tax_minor: 0 }, 0),
        shipping_address: address,
      }),
    ).toEqual([]);
  });
  it('opens a payment intent for its owner only, once', () => {
    expect(codeOf(() => decidePaymentIntent(created(), { order_id: 'o1', user_id: 'u2', payment_intent_id: 'pi_1', now }))).toBe('order_not_found');
    expect(withIntent()).toMatchObject({ status: 'awaiting_payment', payment_intent_id: 'pi_1' });
    expect(decidePaymentIntent(withIntent(), { order_id: 'o1', user_id: 'u1', payment_intent_id: 'pi_1', now })).toEqual([]);
  });
  it('is paid by its payment intent’s success for its total, once per Stripe event', () => {
    const paid = decidePaymentOutcome(withIntent(), facts(), 'evt_1', now);
    expect(paid).toHaveLength(1);
    const after = apply(paid, withIntent());
    expect(after.status).toBe('paid');
    expect(decidePaymentOutcome(after, facts(), 'evt_1', now)).toEqual([]);
    expect(decidePaymentOutcome(after, facts(), 'evt_2', now)).toEqual([]);
  });
  it('is not paid by another amount, another currency, another payment intent, or before one was opened', () => {
    expect(decidePaymentOutcome(withIntent(), facts({ amount_received: 100 }), 'e', now)).toEqual([]);
    expect(decidePaymentOutcome(withIntent(), facts({ currency: 'usd' }), 'e', now)).toEqual([]);
    expect(decidePaymentOutcome(withIntent(), facts({ payment_intent_id: 'pi_other' }), 'e', now)).toEqual([]);
    expect(decidePaymentOutcome(created(), facts(), 'e', now)).toEqual([]);
  });
  it('records a declined payment, and may still be paid after it', () => {
    const failed = apply(decidePaymentOutcome(withIntent(), facts({ status: 'failed', message: 'Your card was declined.' }), 'e1', now), withIntent());
    expect(failed.status).toBe('payment_failed');
    expect(decidePaymentOutcome(failed, facts(), 'e2', now)).toHaveLength(1);
  });
  it('is cancelled once, by its owner; a cancelled order is never paid', () => {
    expect(codeOf(() => decideCancel(withIntent(), { order_id: 'o1', user_id: 'u2', refund: null, now }))).toBe('order_not_found');
    const cancelled = apply(decideCancel(withIntent(), { order_id: 'o1', user_id: 'u1', refund: null, now }), withIntent());
    expect(cancelled.status).toBe('cancelled');
    expect(codeOf(() => decideCancel(cancelled, { order_id: 'o1', user_id: 'u1', refund: null, now }))).toBe('order_already_cancelled');
    expect(decidePaymentOutcome(cancelled, facts(), 'e3', now)).toEqual([]);
    expect(codeOf(() => decidePaymentIntent(cancelled, { order_id: 'o1', user_id: 'u1', payment_intent_id: 'pi_2', now }))).toBe('order_not_payable');
  });
});
