// The Stripe adapter: the `stripe` SDK from STRIPE_SECRET_KEY (and, in tests, the fake's host,
// port and protocol). Its types are the contract for every call; every POST carries an
// idempotency key, derived from the work where a repeat must find the first result.
import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import type { SubscriptionStatus } from '../shared/actor.js';
import { billingErrors } from './errors.js';
import { PriceChangeError, type BillingProvider, type ProviderEventSummary, type ProviderSubscription } from './provider.js';

export type StripeSettings = {
  secretKey: string;
  webhookSecret: string;
  apiBase: { host: string; port: number; protocol: 'http' | 'https' } | null;
};

/** How far a webhook's signed timestamp may be from our clock, either way (Stripe's default, 5 minutes). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/**
 * Whether a Stripe-Signature header's timestamp (`t=`) is within the tolerance of `nowMs`, behind
 * or ahead. The SDK checks only the age, so a signature dated in the future would pass it.
 */
export function webhookTimestampWithinTolerance(signature: string, nowMs: number, toleranceSeconds = WEBHOOK_TOLERANCE_SECONDS): boolean {
  const t = signature
    .split(',')
    .map((part) => part.trim().split('='))
    .find(([key]) => key === 't')?.[1];
  if (!t || !/^\d{1,12}$/.test(t)) return false;
  return Math.abs(Math.floor(nowMs / 1000) - Number(t)) <= toleranceSeconds;
}

/** Stripe's checkout and portal locales (the rest fall back to `auto`, the browser's language). */
const STRIPE_LOCALES = new Set(
  'bg cs da de el en en-GB es es-419 et fi fil fr fr-CA hr hu id it ja ko lt lv ms mt nb nl pl pt pt-BR ro ru sk sl sv th tr vi zh zh-HK zh-TW'.split(' '),
);
export function stripeLocale(locale: string | null): Stripe.Checkout.SessionCreateParams.Locale {
  if (!locale) return 'auto';
  if (STRIPE_LOCALES.has(locale)) return locale as Stripe.Checkout.SessionCreateParams.Locale;
  const lang = locale.split('-')[0].toLowerCase();
  return STRIPE_LOCALES.has(lang) ? (lang as Stripe.Checkout.SessionCreateParams.Locale) : 'auto';
}

/** Stripe's statuses in the seeds' seven; an unfinished or paused subscription gives nothing (none). */
export function statusOf(sub: Pick<Stripe.Subscription, 'status' | 'collection_method'>): SubscriptionStatus {
  switch (sub.status) {
    case 'active':
      return 'active';
    case 'trialing':
      return 'trialing';
    case 'past_due':
    case 'unpaid':
      return sub.collection_method === 'send_invoice' ? 'invoice_past_due' : 'past_due';
    case 'canceled':
      return 'canceled';
    default:
      return 'none';
  }
}

const idOf = (x: string | { id: string } | null | undefined) => (x == null ? null : typeof x === 'string' ? x : x.id);

const isoOf = (seconds: number) => new Date(seconds * 1000).toISOString();

/** The first later phase of a schedule that moves the subscription to another price: the pending change. */
export function pendingPhaseOf(schedule: Stripe.SubscriptionSchedule | null, sub: Stripe.Subscription): { price_id: string; at: string } | null {
  if (!schedule || (schedule.status !== 'active' && schedule.status !== 'not_started')) return null;
  const item = sub.items.data[0];
  const current = item?.price.id;
  const from = item?.current_period_end ?? 0;
  for (const phase of schedule.phases) {
    if (phase.start_date < from) continue;
    const price = idOf(phase.items[0]?.price);
    if (price && price !== current) return { price_id: price, at: isoOf(phase.start_date) };
  }
  return null;
}

export function toProviderSubscription(sub: Stripe.Subscription, schedule: Stripe.SubscriptionSchedule | null = null): ProviderSubscription {
  const item = sub.items.data[0];
  const pending = pendingPhaseOf(schedule, sub);
  return {
    subscription_id: sub.id,
    customer_id: idOf(sub.customer) ?? '',
    user_id: sub.metadata?.user_id ?? null,
    status: statusOf(sub),
    price_id: item?.price.id ?? null,
    current_period_end: item?.current_period_end ? new Date(item.current_period_end * 1000).toISOString() : null,
    cancel_at_period_end: sub.cancel_at_period_end,
    quantity: item?.quantity ?? 1,
    collection_method: sub.collection_method === 'send_invoice' ? 'send_invoice' : 'charge_automatically',
    schedule_id: idOf(sub.schedule),
    scheduled_price_id: pending?.price_id ?? null,
    scheduled_at: pending?.at ?? null,
  };
}

/** What an event is about, from its object (the object is not trusted for state: the workflow fetches the current one). */
export function summarize(event: Stripe.Event): ProviderEventSummary {
  const summary: ProviderEventSummary = {
    id: event.id,
    type: event.type,
    created: event.created,
    customer_id: null,
    subscription_ids: [],
    user_id: null,
    failed_invoice: null,
  };
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const s = event.data.object;
      summary.customer_id = idOf(s.customer);
      const sub = idOf(s.subscription);
      if (sub) summary.subscription_ids = [sub];
      summary.user_id = s.client_reference_id ?? null;
      break;
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
    case 'customer.subscription.paused':
    case 'customer.subscription.resumed':
    case 'customer.subscription.trial_will_end': {
      const s = event.data.object;
      summary.customer_id = idOf(s.customer);
      summary.subscription_ids = [s.id];
      summary.user_id = s.metadata?.user_id ?? null;
      break;
    }
    case 'invoice.paid':
    case 'invoice.finalized':
    case 'invoice.payment_succeeded':
    case 'invoice.payment_failed': {
      const inv = event.data.object;
      summary.customer_id = idOf(inv.customer);
      const sub = idOf(inv.parent?.subscription_details?.subscription);
      if (sub) summary.subscription_ids = [sub];
      if (event.type === 'invoice.payment_failed' && sub && inv.id) summary.failed_invoice = { invoice_id: inv.id, subscription_id: sub };
      break;
    }
    case 'payment_intent.succeeded':
    case 'payment_intent.payment_failed':
    case 'payment_intent.canceled': {
      // A payment of a subscription's invoice: the customer's subscriptions are read afresh.
      summary.customer_id = idOf(event.data.object.customer);
      break;
    }
    case 'subscription_schedule.created':
    case 'subscription_schedule.updated':
    case 'subscription_schedule.released':
    case 'subscription_schedule.canceled':
    case 'subscription_schedule.completed':
    case 'subscription_schedule.aborted': {
      const s = event.data.object;
      summary.customer_id = idOf(s.customer);
      const sub = idOf(s.subscription) ?? s.released_subscription;
      if (sub) summary.subscription_ids = [sub];
      break;
    }
    default:
      break;
  }
  return summary;
}

export function createStripeProvider(settings: StripeSettings, now: () => number = Date.now): BillingProvider {
  const stripe = new Stripe(settings.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    ...(settings.apiBase ? { host: settings.apiBase.host, port: settings.apiBase.port, protocol: settings.apiBase.protocol } : {}),
  });
  /** The subscription with its pending scheduled change (the schedule read only when there is one). */
  async function current(sub: Stripe.Subscription) {
    const scheduleId = idOf(sub.schedule);
    const schedule = scheduleId ? await stripe.subscriptionSchedules.retrieve(scheduleId) : null;
    return toProviderSubscription(sub, schedule);
  }
  /** This period on the present price, then the new price from the next billing start on (keys derived from the request's). */
  async function schedule(req: { subscription_id: string; price_id: string; idempotency_key: string }) {
    let sub = await stripe.subscriptions.retrieve(req.subscription_id);
    const item = sub.items.data[0];
    const scheduleId =
      idOf(sub.schedule) ??
      (await stripe.subscriptionSchedules.create({ from_subscription: sub.id }, { idempotencyKey: `${req.idempotency_key}-schedule` })).id;
    // This period on the present price, then the new price from the next billing start on.
    await stripe.subscriptionSchedules.update(
      scheduleId,
      {
        end_behavior: 'release',
        phases: [
          { items: [{ price: item.price.id, quantity: item.quantity ?? 1 }], start_date: item.current_period_start, end_date: item.current_period_end },
          {
            items: [{ price: req.price_id, quantity: item.quantity ?? 1 }],
            duration: { interval: item.price.recurring?.interval === 'year' ? 'year' : 'month', interval_count: 1 },
          },
        ],
      },
      { idempotencyKey: `${req.idempotency_key}-phases` },
    );
    sub = await stripe.subscriptions.retrieve(req.subscription_id);
    return current(sub);
  }
  return {
    verifyEvent(rawBody, signature) {
      let event: Stripe.Event;
      const at = now();
      try {
        if (!webhookTimestampWithinTolerance(signature, at)) throw new Error('the signature is dated outside the tolerance');
        event = stripe.webhooks.constructEvent(rawBody, signature, settings.webhookSecret, WEBHOOK_TOLERANCE_SECONDS, undefined, at);
      } catch {
        throw billingErrors.invalidSignature();
      }
      return summarize(event);
    },
    async ensureCustomer(user, existing) {
      if (existing) return existing;
      // Keyed by the user: a retried or doubled first checkout finds the same customer.
      const customer = await stripe.customers.create(
        { email: user.email, name: user.name, metadata: { user_id: user.id } },
        { idempotencyKey: `customer-${user.id}` },
      );
      return customer.id;
    },
    async findPromotionCode(code) {
      const found = await stripe.promotionCodes.list({ code, limit: 1, expand: ['data.promotion.coupon'] });
      const p = found.data[0];
      if (!p) return null;
      if (!p.active) return 'expired';
      const c = typeof p.promotion.coupon === 'object' ? p.promotion.coupon : null;
      return {
        id: p.id,
        discount: c
          ? {
              percent_off: c.percent_off,
              amount_off: c.amount_off,
              currency: c.currency,
              duration: c.duration === 'forever' ? ('forever' as const) : c.duration === 'repeating' ? ('repeating' as const) : ('once' as const),
              duration_in_months: c.duration_in_months,
            }
          : null,
      };
    },
    async promotionCodeFacts(code) {
      const found = await stripe.promotionCodes.list({ code, limit: 1, expand: ['data.promotion.coupon'] });
      const p = found.data[0];
      const coupon = p && typeof p.promotion.coupon === 'object' ? p.promotion.coupon : null;
      if (!p || !coupon) return null;
      return {
        id: p.id,
        active: p.active,
        expires_at: p.expires_at,
        max_redemptions: p.max_redemptions,
        times_redeemed: p.times_redeemed,
        first_time_transaction: p.restrictions.first_time_transaction,
        coupon: {
          valid: coupon.valid,
          redeem_by: coupon.redeem_by,
          max_redemptions: coupon.max_redemptions,
          times_redeemed: coupon.times_redeemed,
          product_ids: coupon.applies_to?.products ?? [],
          countries: (coupon.metadata?.countries ?? '')
            .split(',')
            .map((c) => c.trim().toUpperCase())
            .filter((c) => /^[A-Z]{2}$/.test(c)),
        },
      };
    },
    async productIdsOf(priceIds) {
      const products = await Promise.all(
        priceIds.map((id) =>
          stripe.prices.retrieve(id).then(
            (price) => (typeof price.product === 'string' ? price.product : price.product.id),
            () => null,
          ),
        ),
      );
      return [...new Set(products.filter((p): p is string => p !== null))];
    },
    async createCheckoutSession(req) {
      const params: Stripe.Checkout.SessionCreateParams = {
        mode: 'subscription',
        customer: req.customer_id,
        client_reference_id: req.user_id,
        line_items: [{ price: req.price_id, quantity: req.quantity }],
        subscription_data: { metadata: { user_id: req.user_id, ...req.metadata }, ...(req.trial_days ? { trial_period_days: req.trial_days } : {}) },
        metadata: { user_id: req.user_id, ...req.metadata },
        locale: stripeLocale(req.locale),
        ...(req.promotion_code_id ? { discounts: [{ promotion_code: req.promotion_code_id }] } : { allow_promotion_codes: true }),
        // The form on this site is built from Stripe.js Checkout elements (`elements`, formerly `custom`):
        // this site decides that express wallets show without Link and the payment element offers card and link.
        ...(req.embedded ? { ui_mode: 'elements', return_url: req.success_url } : { success_url: req.success_url, cancel_url: req.cancel_url }),
      };
      // A new session per request: its key only guards the SDK's own network retries.
      const session = await stripe.checkout.sessions.create(params, { idempotencyKey: `checkout-${req.user_id}-${randomUUID()}` }).catch((err: unknown) => {
        // Refused or unreachable: said as such (the promotion code was checked before this call).
        if (err instanceof Stripe.errors.StripeError) throw billingErrors.checkoutFailed();
        throw err;
      });
      return { url: session.url ?? null, client_secret: session.client_secret ?? null };
    },
    async createPortalSession(req) {
      const session = await stripe.billingPortal.sessions.create(
        { customer: req.customer_id, return_url: req.return_url, locale: stripeLocale(req.locale) as Stripe.BillingPortal.SessionCreateParams.Locale },
        { idempotencyKey: `portal-${req.customer_id}-${randomUUID()}` },
      );
      return session.url;
    },
    async retrieveSubscription(id) {
      try {
        return await current(await stripe.subscriptions.retrieve(id));
      } catch (err) {
        if (err instanceof Stripe.errors.StripeInvalidRequestError && err.statusCode === 404) return null;
        throw err;
      }
    },
    async listSubscriptions(customerId) {
      const subs = await stripe.subscriptions.list({ customer: customerId, status: 'all', limit: 20 });
      return Promise.all(subs.data.map(current));
    },
    async setBillingAddress(customerId, address) {
      const a = {
        line1: address.line1,
        line2: address.line2 ?? '',
        city: address.city,
        postal_code: address.postal_code,
        state: address.state ?? '',
        country: address.country,
      };
      await stripe.customers.update(customerId, { address: a }, { idempotencyKey: `address-${customerId}-${randomUUID()}` });
    },
    async createInvoicedSubscription(req) {
      const sub = await stripe.subscriptions.create(
        {
          customer: req.customer_id,
          items: [{ price: req.price_id, quantity: req.quantity }],
          collection_method: 'send_invoice',
          days_until_due: req.days_until_due,
          metadata: { user_id: req.subscriber_id, ...req.metadata },
        },
        { idempotencyKey: req.idempotency_key },
      );
      return current(sub);
    },
    async paymentMethodOf(subscriptionId) {
      const sub = await stripe.subscriptions.retrieve(subscriptionId);
      let id = idOf(sub.default_payment_method);
      if (!id) {
        const customer = await stripe.customers.retrieve(idOf(sub.customer) ?? '');
        id = customer.deleted ? null : idOf(customer.invoice_settings?.default_payment_method);
      }
      if (!id) return null;
      const pm = await stripe.paymentMethods.retrieve(id);
      return pm.card ? { brand: pm.card.brand, last4: pm.card.last4 } : { brand: pm.type, last4: '' };
    },
    async previewPriceChange(req) {
      const sub = await stripe.subscriptions.retrieve(req.subscription_id);
      const invoice = await stripe.invoices.createPreview({
        customer: idOf(sub.customer) ?? undefined,
        subscription: sub.id,
        subscription_details: { items: [{ id: sub.items.data[0].id, price: req.price_id }], proration_behavior: 'always_invoice' },
      });
      const tax = (invoice.total_taxes ?? []).reduce((sum, t) => sum + t.amount, 0);
      return { subtotal: invoice.subtotal, tax, total: invoice.amount_due, currency: invoice.currency };
    },
    async changePriceNow(req) {
      const sub = await stripe.subscriptions.retrieve(req.subscription_id);
      try {
        // Charged now (always_invoice); error_if_incomplete: a declined charge changes nothing and answers the card error.
        const updated = await stripe.subscriptions.update(
          sub.id,
          {
            items: [{ id: sub.items.data[0].id, price: req.price_id }],
            proration_behavior: 'always_invoice',
            payment_behavior: 'error_if_incomplete',
          },
          { idempotencyKey: req.idempotency_key },
        );
        return await current(updated);
      } catch (err) {
        if (err instanceof Stripe.errors.StripeCardError) throw new PriceChangeError('payment_failed', err.message);
        if (err instanceof Stripe.errors.StripeInvalidRequestError && /payment method|payment source/i.test(err.message))
          throw new PriceChangeError('missing_payment_method', err.message);
        if (err instanceof Stripe.errors.StripeError) throw new PriceChangeError('provider_error', err.message);
        throw err;
      }
    },
    async schedulePriceChange(req) {
      try {
        return await schedule(req);
      } catch (err) {
        // Stripe's refusal (or its being unreachable) changes nothing: an outcome the workflow records, not a crash.
        if (err instanceof Stripe.errors.StripeError) throw new PriceChangeError('provider_error', err.message);
        throw err;
      }
    },
    async setQuantity(req) {
      const sub = await stripe.subscriptions.retrieve(req.subscription_id);
      // Prorated on the next invoice (Stripe's default): a seat added mid-period is paid for the rest of it.
      const updated = await stripe.subscriptions.update(
        sub.id,
        { items: [{ id: sub.items.data[0].id, quantity: req.quantity }], proration_behavior: 'create_prorations' },
        { idempotencyKey: req.idempotency_key },
      );
      return current(updated);
    },
    async releaseSchedule(req) {
      await stripe.subscriptionSchedules.release(req.schedule_id, {}, { idempotencyKey: req.idempotency_key });
      return current(await stripe.subscriptions.retrieve(req.subscription_id));
    },
  };
}
