// What billing needs of a payment provider, in the domain's words. The Stripe adapter
// (stripe-provider.ts) implements it; use cases never see Stripe's types.
import type { SubscriptionStatus } from '../shared/actor.js';

/** A subscription as the provider holds it now. */
export type ProviderSubscription = {
  subscription_id: string;
  customer_id: string;
  /** Our user id, from the subscription's metadata (set by our checkout), or null. */
  user_id: string | null;
  status: SubscriptionStatus;
  price_id: string | null;
  current_period_end: string | null;
  cancel_at_period_end: boolean;
  /** Seats (the item's quantity) and how it is paid: charged to a card, or invoiced. */
  quantity: number;
  collection_method: 'charge_automatically' | 'send_invoice';
  /** The subscription schedule it is attached to, or null. */
  schedule_id: string | null;
  /** The price a schedule moves it to at a later phase (the next billing start), and when; or nulls. */
  scheduled_price_id: string | null;
  scheduled_at: string | null;
};

export type BillingAddress = { line1: string; line2?: string | null; city: string; postal_code: string; state?: string | null; country: string };

/** The card a subscription charges, as a person recognises it. */
export type ProviderPaymentMethod = { brand: string; last4: string };

/** What an immediate price change would invoice now (Stripe's invoice preview), in minor units. */
export type PriceChangePreview = { subtotal: number; tax: number; total: number; currency: string };

/** Why a price change was not made; the use case turns each into the seed's text. */
export type PriceChangeFailure = 'missing_payment_method' | 'payment_failed' | 'provider_error';
export class PriceChangeError extends Error {
  constructor(
    readonly reason: PriceChangeFailure,
    message: string,
  ) {
    super(message);
  }
}

/** What an incoming provider event is about: enough to fetch the current facts and apply them. */
export type ProviderEventSummary = {
  id: string;
  type: string;
  /** Seconds since the epoch, as the provider stamps its events. */
  created: number;
  customer_id: string | null;
  subscription_ids: string[];
  /** The user the event names (checkout's client_reference_id), or null. */
  user_id: string | null;
  /** A failed invoice payment: recorded once per invoice. */
  failed_invoice: { invoice_id: string; subscription_id: string } | null;
};

/** What a coupon takes off (amount_off in minor units of currency), for the discount texts. */
export type CouponDiscount = {
  percent_off: number | null;
  amount_off: number | null;
  currency: string | null;
  duration: 'once' | 'repeating' | 'forever';
  duration_in_months: number | null;
};

export type CheckoutRequest = {
  customer_id: string;
  /** The subscriber: a person's user id, or an organisation's uuid (organisation checkout). */
  user_id: string;
  price_id: string;
  /** Seats: 1 for a person, the member count for an organisation. */
  quantity: number;
  /** true: a session for the form on this site (a client secret); false: Stripe's hosted page (a url). */
  embedded: boolean;
  /** Where Stripe sends the person after paying (the form on this site: its return_url). */
  success_url: string;
  cancel_url: string;
  promotion_code_id: string | null;
  /** Free days before the first payment, or null. */
  trial_days: number | null;
  locale: string | null;
  metadata: Record<string, string>;
};

/** A promotion code as the provider holds it, for the partner code check (times in seconds since the epoch). */
export type PromotionCodeFacts = {
  id: string;
  active: boolean;
  expires_at: number | null;
  max_redemptions: number | null;
  times_redeemed: number;
  first_time_transaction: boolean;
  coupon: {
    valid: boolean;
    redeem_by: number | null;
    max_redemptions: number | null;
    times_redeemed: number;
    /** The products it discounts; empty for any. */
    product_ids: string[];
    /** The countries it is limited to (its metadata `countries`, e.g. "US,CA"), upper case; empty for any. */
    countries: string[];
  };
};

export type BillingProvider = {
  /** The event of a webhook body, verified by its signature header; throws billingErrors.invalidSignature otherwise. */
  verifyEvent: (rawBody: Buffer, signature: string) => ProviderEventSummary;
  /** The person's customer: `existing` when there is one, else a new one (idempotent per user). */
  ensureCustomer: (user: { id: string; email: string; name: string }, existing: string | null) => Promise<string>;
  /** The promotion code's id and its coupon's discount, 'expired' when it exists but is no longer active, or null. */
  findPromotionCode: (code: string) => Promise<{ id: string; discount: CouponDiscount | null } | 'expired' | null>;
  /** The promotion code named `code`, active or not, with its coupon; null when there is none. */
  promotionCodeFacts: (code: string) => Promise<PromotionCodeFacts | null>;
  /** The products the given prices sell (unknown prices left out). */
  productIdsOf: (priceIds: string[]) => Promise<string[]>;
  createCheckoutSession: (req: CheckoutRequest) => Promise<{ url: string | null; client_secret: string | null }>;
  createPortalSession: (req: { customer_id: string; return_url: string; locale: string | null }) => Promise<string>;
  retrieveSubscription: (id: string) => Promise<ProviderSubscription | null>;
  listSubscriptions: (customerId: string) => Promise<ProviderSubscription[]>;
  /** An organisation's billing address, kept on its customer (invoices carry it). */
  setBillingAddress: (customerId: string, address: BillingAddress) => Promise<void>;
  /** An invoiced subscription (collection method send_invoice): no card; each invoice is sent, due in `days_until_due` days. */
  createInvoicedSubscription: (req: {
    customer_id: string;
    subscriber_id: string;
    price_id: string;
    quantity: number;
    days_until_due: number;
    metadata: Record<string, string>;
    idempotency_key: string;
  }) => Promise<ProviderSubscription>;
  /** The card the subscription charges (its own default, else the customer's), or null. */
  paymentMethodOf: (subscriptionId: string) => Promise<ProviderPaymentMethod | null>;
  /** The invoice a change of the subscription's price now would make (prorated, invoiced at once). */
  previewPriceChange: (req: { subscription_id: string; price_id: string }) => Promise<PriceChangePreview>;
  /** Changes the price now, prorated and charged at once; a failed charge leaves the subscription as it was (throws PriceChangeError). */
  changePriceNow: (req: { subscription_id: string; price_id: string; idempotency_key: string }) => Promise<ProviderSubscription>;
  /** Changes the price at the next billing start, through a subscription schedule; a refusal throws PriceChangeError (provider_error). */
  schedulePriceChange: (req: { subscription_id: string; price_id: string; idempotency_key: string }) => Promise<ProviderSubscription>;
  /** Sets an organisation subscription's seats (its item's quantity), prorated on the next invoice. */
  setQuantity: (req: { subscription_id: string; quantity: number; idempotency_key: string }) => Promise<ProviderSubscription>;
  /** Drops a pending scheduled change: the schedule is released and the subscription runs on as it is. */
  releaseSchedule: (req: { schedule_id: string; subscription_id: string; idempotency_key: string }) => Promise<ProviderSubscription>;
};
