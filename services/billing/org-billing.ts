// Organisation billing (seed 002 §3, §4, §6): an organisation subscribes as one subscriber, on its
// own stream (subscription-<org_uuid>, the same events and read model as a person's), so Stripe's
// webhooks and syncs work unchanged; its members get its plan (queries.ts). Only its owners and
// admins see or pay its bill. The tier maps enterprise_pro to Pro, any other to Max; seats are the
// member count. Paid by card through Stripe Checkout, or invoiced: a subscription with collection
// method send_invoice whose invoices go to the organisation's billing address.
import { orgBillingFacts, orgErrors } from '../orgs/index.js';
import { requireUser } from '../identity/index.js';
import type { Actor, ActorUser } from '../shared/actor.js';
import type { Interval } from '../shared/plan-catalogue.js';
import type { BillingDeps } from './context.js';
import { entitles } from './decide.js';
import { billingErrors } from './errors.js';
import { evolveSubscription, NO_SUBSCRIPTION, subscriptionStream } from './events.js';
import type { BillingAddress } from './provider.js';
import { subscriptionViewOf } from './queries.js';
import { changeSubscription, requireProvider, syncSubscription } from './use-cases.js';

export type OrgCheckoutInput = {
  tier: string;
  interval: Interval;
  collection_method: 'charge_automatically' | 'send_invoice';
  billing_address?: BillingAddress | null;
  locale?: string | null;
  origin?: string | null;
  source?: string | null;
};

/** Days an organisation has to pay an invoice. */
export const INVOICE_DAYS_UNTIL_DUE = 30;

/** The seed's tier mapping: enterprise_pro is Pro; any other organisation tier is Max. */
export const planOfOrgTier = (tier: string): 'pro' | 'max' => (tier === 'enterprise_pro' ? 'pro' : 'max');

/** The organisation, when the person is one of its owners or admins (strangers are told it does not exist, as elsewhere). */
async function managedOrg(deps: BillingDeps, user: ActorUser, orgUuid: string) {
  const org = await orgBillingFacts(deps.db, orgUuid, user.id);
  if (!org?.role) throw orgErrors.notFound();
  if (org.role !== 'owner' && org.role !== 'admin') throw orgErrors.notAdmin();
  return org;
}

export async function orgBilling(deps: BillingDeps, actor: Actor, orgUuid: string) {
  const user = await requireUser(actor);
  const org = await managedOrg(deps, user, orgUuid);
  const view = await subscriptionViewOf(deps.db, deps.rules, org.uuid);
  const { state } = await deps.store.aggregate(subscriptionStream(org.uuid), NO_SUBSCRIPTION, evolveSubscription);
  // Seats and the way it is paid are Stripe's (read on this page only, never for the members' plan).
  const sub = deps.provider && state.subscription_id ? await deps.provider.retrieveSubscription(state.subscription_id) : null;
  return {
    org_uuid: org.uuid,
    status: view.subscription_status,
    plan: view.subscription_plan,
    interval: view.interval,
    current_period_end: view.current_period_end,
    member_count: org.member_count,
    seats: sub?.quantity ?? null,
    collection_method: sub?.collection_method ?? null,
    has_billing_account: !!view.customer_id,
  };
}

export async function orgCheckout(deps: BillingDeps, publicUrl: string, actor: Actor, orgUuid: string, input: OrgCheckoutInput) {
  const user = await requireUser(actor);
  const provider = requireProvider(deps);
  const org = await managedOrg(deps, user, orgUuid);
  const plan = planOfOrgTier(input.tier);
  const price = deps.rules.plans[plan].prices[input.interval];
  if (!price) throw billingErrors.planNotForSale();
  const { state, version } = await deps.store.aggregate(subscriptionStream(org.uuid), NO_SUBSCRIPTION, evolveSubscription);
  if (state.subscription_id && (entitles(state.status) || state.status.endsWith('past_due'))) throw billingErrors.alreadySubscribed();
  if (input.collection_method === 'send_invoice' && !input.billing_address) throw billingErrors.billingAddressRequired();
  const customerId = await provider.ensureCustomer({ id: org.uuid, email: user.email, name: org.name }, state.customer_id);
  if (customerId !== state.customer_id) await changeSubscription(deps, org.uuid, { type: 'LinkCustomer', customer_id: customerId });
  const seats = Math.max(1, org.member_count);
  const metadata: Record<string, string> = { plan, interval: input.interval, org_uuid: org.uuid, tier: input.tier, paid_by: user.id };
  if (input.origin) metadata.origin = input.origin;
  if (input.source) metadata.source = input.source;
  if (input.collection_method === 'send_invoice' && input.billing_address) {
    await provider.setBillingAddress(customerId, input.billing_address);
    const sub = await provider.createInvoicedSubscription({
      customer_id: customerId,
      subscriber_id: org.uuid,
      price_id: price.stripe_price_id,
      quantity: seats,
      days_until_due: INVOICE_DAYS_UNTIL_DUE,
      metadata,
      idempotency_key: `org-invoiced-${org.uuid}-v${version}`,
    });
    await syncSubscription(deps, sub, org.uuid);
    return { url: null, invoiced: true };
  }
  const session = await provider.createCheckoutSession({
    customer_id: customerId,
    user_id: org.uuid,
    price_id: price.stripe_price_id,
    quantity: seats,
    embedded: false,
    success_url: new URL('/account/org/billing?success=1', publicUrl).toString(),
    cancel_url: new URL('/account/org/billing', publicUrl).toString(),
    promotion_code_id: null,
    trial_days: null,
    locale: input.locale ?? null,
    metadata,
  });
  if (!session.url) throw new Error('Stripe answered a hosted checkout session without a url');
  return { url: session.url, invoiced: false };
}

export async function orgPortal(deps: BillingDeps, publicUrl: string, actor: Actor, orgUuid: string, locale: string | null) {
  const user = await requireUser(actor);
  const provider = requireProvider(deps);
  const org = await managedOrg(deps, user, orgUuid);
  const view = await subscriptionViewOf(deps.db, deps.rules, org.uuid);
  if (!view.customer_id) throw billingErrors.noBillingAccount();
  return provider.createPortalSession({ customer_id: view.customer_id, return_url: new URL('/account/org/billing', publicUrl).toString(), locale });
}
