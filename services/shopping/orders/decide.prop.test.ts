// Whatever Stripe delivers, in whatever order and however often, an order is paid at most once,
// only for its total, and never after it was cancelled.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { amountsOf, decideCancel, decideCreate, decidePaymentIntent, decidePaymentOutcome, priceItems, type PaymentFacts } from './decide.js';
import { evolveOrder, NO_ORDER, type OrderEvent, type OrderState } from './events.js';

const now = new Date('2026-12-03T07:00:00Z');
const address = { name: 'A', line1: 'L', line2: null, city: 'C', state: null, postal_code: '1', country: 'AT', phone: null };

function start(total: number): OrderState {
  const option = {
    optionKey: 'k',
    productId: 'p',
    merchantId: 'm',
    merchantName: 'M',
    title: 'T',
    optionLabel: 'L',
    priceMinor: total,
    currency: 'eur',
    imageUrl: null,
    available: true,
  };
  const { items, subtotal_minor, currency } = priceItems([{ option_key: 'k', quantity: 1, unit_price_minor: total, currency: 'eur' }], [option]);
  const events: OrderEvent[] = decideCreate(NO_ORDER, {
    order_id: 'o',
    user_id: 'u',
    now,
    items,
    amounts: amountsOf(subtotal_minor, currency, { calculated: false, tax_minor: 0 }, 0),
    shipping_address: address,
  });
  const s = events.reduce(evolveOrder, NO_ORDER);
  return decidePaymentIntent(s, { order_id: 'o', user_id: 'u', payment_intent_id: 'pi', now }).reduce(evolveOrder, s);
}

type Step = { kind: 'stripe'; event: string; facts: PaymentFacts } | { kind: 'cancel' };

const step = (total: number): fc.Arbitrary<Step> =>
  fc.oneof(
    fc.record({
      kind: fc.constant('stripe' as const),
      event: fc.constantFrom('e1', 'e2', 'e3', 'e4'),
      facts: fc.record({
        payment_intent_id: fc.constantFrom('pi', 'pi_other'),
        status: fc.constantFrom('succeeded' as const, 'failed' as const, 'pending' as const),
        amount_received: fc.constantFrom(total, total + 1, 0),
        currency: fc.constantFrom('eur', 'usd'),
        message: fc.constant(null),
      }),
    }),
    fc.constant({ kind: 'cancel' as const }),
  );

describe('payments are idempotent and honest', () => {
  it('paid at most once, for the order’s total, and never after cancelling', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000_000 }).chain((total) => fc.tuple(fc.constant(total), fc.array(step(total), { maxLength: 30 }))),
        ([total, steps]) => {
          let s = start(total);
          const log: OrderEvent[] = [];
          for (const st of steps) {
            let events: OrderEvent[];
            if (st.kind === 'cancel') {
              try {
                events = decideCancel(s, { order_id: 'o', user_id: 'u', refund: null, now });
              } catch {
                events = [];
              }
            } else events = decidePaymentOutcome(s, st.facts, st.event, now);
            log.push(...events);
            s = events.reduce(evolveOrder, s);
          }
          const paid = log.filter((e) => e.type === 'ShoppingOrderPaid');
          expect(paid.length).toBeLessThanOrEqual(1);
          for (const p of paid) expect(p.data).toMatchObject({ amount_minor: total, payment_intent_id: 'pi' });
          const cancelAt = log.findIndex((e) => e.type === 'ShoppingOrderCancelled');
          if (cancelAt >= 0) expect(log.slice(cancelAt + 1)).toEqual([]);
          expect(log.filter((e) => e.type === 'ShoppingOrderCancelled').length).toBeLessThanOrEqual(1);
        },
      ),
    );
  });
});
