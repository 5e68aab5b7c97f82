// The fake's memory: Stripe's objects by id, as plain JSON shaped like Stripe's (the fields the
// app and the SDK read), plus the idempotency keys seen and the charges made.
import { randomBytes } from 'node:crypto';

export type Obj = Record<string, unknown> & { id: string; object: string };

export type Customer = Obj & {
  email: string | null;
  name: string | null;
  metadata: Record<string, string>;
  invoice_settings: { default_payment_method: string | null };
  address: Record<string, string> | null;
};
/** A card; one whose last4 is 0341 (Stripe's test card 4000 0000 0000 0341) attaches but every charge on it is declined. */
export type PaymentMethod = Obj & { type: 'card'; customer: string | null; card: { brand: string; last4: string; exp_month: number; exp_year: number } };
export type SchedulePhase = { start_date: number; end_date: number; items: { price: string; quantity: number }[] };
export type SubscriptionSchedule = Obj & {
  subscription: string | null;
  customer: string;
  status: 'not_started' | 'active' | 'completed' | 'released' | 'canceled';
  end_behavior: 'release' | 'cancel';
  phases: SchedulePhase[];
  current_phase: { start_date: number; end_date: number } | null;
  released_subscription: string | null;
  released_at: number | null;
  created: number;
};
export type Price = Obj & {
  product: string;
  unit_amount: number;
  currency: string;
  recurring: { interval: 'month' | 'year'; interval_count: 1 };
  active: boolean;
};
export type Coupon = Obj & {
  percent_off: number | null;
  amount_off: number | null;
  currency: string | null;
  duration: 'once' | 'repeating' | 'forever';
  duration_in_months: number | null;
  valid: boolean;
  redeem_by: number | null;
  max_redemptions: number | null;
  times_redeemed: number;
  applies_to?: { products: string[] };
  metadata: Record<string, string>;
};
export type PromotionCode = Obj & {
  code: string;
  active: boolean;
  coupon: Coupon;
  promotion: { type: 'coupon'; coupon: string };
  expires_at: number | null;
  max_redemptions: number | null;
  times_redeemed: number;
  restrictions: { first_time_transaction: boolean; minimum_amount: null; minimum_amount_currency: null };
  metadata: Record<string, string>;
};
export type CheckoutSession = Obj & {
  status: 'open' | 'complete' | 'expired';
  mode: 'subscription';
  /** As the app asked: hosted (a url) or a client-secret mode (`elements`, the form on the app's page; `embedded`). */
  ui_mode: string;
  customer: string;
  client_reference_id: string | null;
  client_secret: string | null;
  url: string | null;
  success_url: string | null;
  return_url: string | null;
  line_items: { price: string; quantity: number }[];
  subscription: string | null;
  metadata: Record<string, string>;
  subscription_metadata: Record<string, string>;
  promotion_code: string | null;
  trial_period_days: number | null;
  locale: string | null;
  created: number;
  /** How Stripe.js confirmed it (the payment element's card or link, or an express wallet such as google_pay); absent otherwise. */
  confirmed_with?: string;
  /** The billing address the form sent with the confirmation, if any. */
  billing_address?: Record<string, string> | null;
};
export type Subscription = Obj & {
  customer: string;
  status: 'active' | 'trialing' | 'past_due' | 'unpaid' | 'canceled' | 'incomplete';
  collection_method: 'charge_automatically' | 'send_invoice';
  cancel_at_period_end: boolean;
  metadata: Record<string, string>;
  items: {
    object: 'list';
    data: { id: string; object: 'subscription_item'; price: Price; quantity: number; current_period_start: number; current_period_end: number }[];
  };
  discounts: string[];
  created: number;
  canceled_at: number | null;
  default_payment_method: string | null;
  schedule: string | null;
  days_until_due: number | null;
  trial_end: number | null;
};
export type Invoice = Obj & {
  customer: string;
  status: 'paid' | 'open' | 'draft';
  amount_due: number;
  amount_paid: number;
  subtotal: number;
  total: number;
  total_taxes: { amount: number; tax_behavior: 'exclusive'; taxability_reason: 'standard_rated'; taxable_amount: number; type: 'tax_rate_details' }[];
  lines: { object: 'list'; data: InvoiceLine[]; has_more: false; url: string };
  currency: string;
  parent: { type: 'subscription_details'; subscription_details: { subscription: string } };
  created: number;
};

export type InvoiceLine = Obj & {
  amount: number;
  currency: string;
  description: string;
  parent: {
    type: 'subscription_item_details';
    subscription_item_details: { proration: boolean; subscription: string; subscription_item: string; invoice_item: null };
  };
  pricing: { type: 'price_details'; price_details: { price: string; product: string }; unit_amount_decimal: string };
  period: { start: number; end: number };
  quantity: number;
};

export type FakeState = {
  customers: Map<string, Customer>;
  products: Map<string, Obj>;
  prices: Map<string, Price>;
  coupons: Map<string, Coupon>;
  promotionCodes: Map<string, PromotionCode>;
  sessions: Map<string, CheckoutSession>;
  subscriptions: Map<string, Subscription>;
  invoices: Map<string, Invoice>;
  portalSessions: Map<string, Obj>;
  paymentMethods: Map<string, PaymentMethod>;
  schedules: Map<string, SubscriptionSchedule>;
  /** Tax added to invoices (previews and charges), in percent of the subtotal; 0 by default. */
  taxPercent: number;
  /** Idempotency key -> the request it was first used with and the answer given. */
  idempotency: Map<string, { method: string; path: string; body: string; status: number; response: unknown }>;
  /** Every request the app made (method, path, idempotency key), for tests to inspect. */
  requests: { method: string; path: string; idempotencyKey: string | null }[];
  /** Payments taken, per subscription: a test checks no one is charged twice. */
  charges: { subscription: string; invoice: string; amount: number }[];
  /** The fake's clock in seconds (tests move it). */
  now: number;
};

export function createState(): FakeState {
  return {
    customers: new Map(),
    products: new Map(),
    prices: new Map(),
    coupons: new Map(),
    promotionCodes: new Map(),
    sessions: new Map(),
    subscriptions: new Map(),
    invoices: new Map(),
    portalSessions: new Map(),
    paymentMethods: new Map(),
    schedules: new Map(),
    taxPercent: 0,
    idempotency: new Map(),
    requests: [],
    charges: [],
    now: Math.floor(Date.now() / 1000),
  };
}

export const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
