// What orders need of a payment provider, in the domain's words. The Stripe adapter
// (stripe-payments.ts) implements it; use cases never see Stripe's types.
import type { ShippingAddress } from './address.js';
import type { PaymentFacts } from './decide.js';

export type SavedCard = { id: string; brand: string; last4: string; exp_month: number; exp_year: number };

/** A verified webhook event about a payment intent (other events: null payment_intent_id). */
export type PaymentEvent = { id: string; type: string; payment_intent_id: string | null; order_id: string | null };

export type ShoppingPayments = {
  /** Stripe's publishable key for Stripe.js, or null when none is configured. */
  publishableKey: string | null;
  /** Whether Stripe Tax calculates tax (STRIPE_TAX). */
  taxEnabled: boolean;
  /** The event of a webhook body, verified by its signature header; throws orderErrors.invalidSignature otherwise. */
  verifyEvent: (rawBody: Buffer, signature: string, nowMs: number) => PaymentEvent;
  /** The person's customer for purchases, made once per person. */
  ensureCustomer: (user: { id: string; email: string | null; name: string | null }) => Promise<string>;
  savedCards: (customerId: string) => Promise<SavedCard[]>;
  setCustomerShipping: (customerId: string, address: Required<ShippingAddress>) => Promise<void>;
  /** Tax on `amount` (plus shipping) sent to the address, by Stripe Tax. */
  calculateTax: (req: { amount_minor: number; shipping_minor: number; currency: string; address: Required<ShippingAddress> }) => Promise<number>;
  /** The order's payment intent (one per order: the idempotency key is the order's). */
  createPaymentIntent: (req: {
    order_id: string;
    user_id: string;
    customer_id: string;
    amount_minor: number;
    currency: string;
  }) => Promise<{ id: string; client_secret: string }>;
  retrievePaymentIntent: (id: string) => Promise<PaymentFacts & { client_secret: string; cancelable: boolean }>;
  /** Cancels an unpaid payment intent; false when it had succeeded meanwhile. */
  cancelPaymentIntent: (id: string, orderId: string) => Promise<boolean>;
  /** Refunds the payment intent in full (once per order: the idempotency key is the order's). */
  refund: (req: { payment_intent_id: string; order_id: string }) => Promise<{ refund_id: string; amount_minor: number; status: string }>;
};
