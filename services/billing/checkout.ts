// Checkout and the billing portal: the person's Stripe customer (made once, linked on their
// stream), a Checkout session for the plan and interval asked, and a portal link by locale.
import { requireUser } from '../identity/index.js';
import type { Actor, ActorUser } from '../shared/actor.js';
import type { Interval } from '../shared/plan-catalogue.js';
import { PLAN_RANK } from '../shared/plans.js';
import type { BillingDeps, StudentCheckout } from './context.js';
import { entitles } from './decide.js';
import { billingErrors } from './errors.js';
import type { CouponDiscount } from './provider.js';
import { hasSubscribedBefore, sessionSubscriptionOf, subscriptionViewOf } from './queries.js';
import { asksStudentOffer, checkoutPromotionCode } from './student-checkout.js';
import { changeSubscription, requireProvider } from './use-cases.js';

export type CheckoutInput = {
  referralCode?: string | null;
  discountCode?: string | null;
  studentOffer?: boolean;
  origin?: string | null;
  tier?: 'monthly' | 'yearly' | 'unknown';
  locale?: string | null;
  embedded?: boolean;
  subscriptionTier?: 'pro' | 'max';
  success_redirect_url?: string | null;
};

const DEFAULT_RETURN = '/max/payment?success=1';

/** A path on this site only: an address elsewhere (or protocol-relative) would send people off-site after paying. */
function returnPath(path: string | null | undefined) {
  if (!path) return DEFAULT_RETURN;
  if (!path.startsWith('/') || path.startsWith('//') || path.includes('\\')) throw billingErrors.badRedirect();
  return path;
}

async function customerOf(deps: BillingDeps, user: ActorUser) {
  const provider = requireProvider(deps);
  const view = await subscriptionViewOf(deps.db, deps.rules, user.id);
  const customerId = await provider.ensureCustomer({ id: user.id, email: user.email, name: user.name }, view.customer_id);
  if (customerId !== view.customer_id) await changeSubscription(deps, user.id, { type: 'LinkCustomer', customer_id: customerId });
  return { customerId, view };
}

export async function createCheckout(deps: BillingDeps, publicUrl: string, actor: Actor, input: CheckoutInput, students: StudentCheckout) {
  const user = await requireUser(actor);
  const provider = requireProvider(deps);
  const plan = input.subscriptionTier ?? 'pro';
  const interval: Interval = input.tier === 'yearly' ? 'yearly' : 'monthly';
  const price = deps.rules.plans[plan].prices[interval];
  if (!price) throw billingErrors.planNotForSale();
  const success = returnPath(input.success_redirect_url);
  const current = await subscriptionViewOf(deps.db, deps.rules, user.id);
  if (entitles(current.subscription_status) && current.subscription_plan !== 'free') throw billingErrors.alreadySubscribed();
  // A plan an organisation of theirs already pays for (or a higher one) is not bought again.
  const inForce = await sessionSubscriptionOf(deps.db, deps.rules, user.id);
  if (inForce.plan_organization && PLAN_RANK[inForce.subscription_plan] >= PLAN_RANK[plan]) throw billingErrors.includedByOrganization();
  let promotionCodeId: string | null = null;
  let discount: CouponDiscount | null = null;
  const standing = asksStudentOffer(input, students.offer) && (await students.isStanding(user.id));
  const code = checkoutPromotionCode(input, plan, students.offer, standing);
  if (code) {
    const found = await provider.findPromotionCode(code);
    if (found === null) throw billingErrors.invalidPromoCode();
    if (found === 'expired') throw billingErrors.expiredPromoCode();
    promotionCodeId = found.id;
    discount = found.discount;
  }
  // A trial is for someone who never subscribed here (seed 002 §5: 28 days or more show as free months).
  const trialDays = deps.rules.plans[plan].trial_days && !(await hasSubscribedBefore(deps.db, user.id)) ? deps.rules.plans[plan].trial_days : null;
  const extras = { ...(discount ? { discount } : {}), ...(trialDays ? { trial_period_days: trialDays } : {}) };
  const { customerId } = await customerOf(deps, user);
  const metadata: Record<string, string> = { plan, interval };
  if (input.referralCode) metadata.referral_code = input.referralCode;
  if (input.origin) metadata.origin = input.origin;
  const session = await provider.createCheckoutSession({
    customer_id: customerId,
    user_id: user.id,
    price_id: price.stripe_price_id,
    quantity: 1,
    embedded: input.embedded ?? false,
    success_url: new URL(success, publicUrl).toString(),
    cancel_url: new URL('/max/payment', publicUrl).toString(),
    promotion_code_id: promotionCodeId,
    trial_days: trialDays,
    locale: input.locale ?? null,
    metadata,
  });
  if (input.embedded) {
    if (!session.client_secret) throw new Error('Stripe answered a checkout session for the form on the page without a client secret');
    return { clientSecret: session.client_secret, ...extras };
  }
  if (!session.url) throw new Error('Stripe answered a hosted checkout session without a url');
  return { url: session.url, ...extras };
}

export async function portalLink(deps: BillingDeps, publicUrl: string, actor: Actor, locale: string | null) {
  const user = await requireUser(actor);
  const provider = requireProvider(deps);
  const view = await subscriptionViewOf(deps.db, deps.rules, user.id);
  if (!view.customer_id) throw billingErrors.noBillingAccount();
  return provider.createPortalSession({ customer_id: view.customer_id, return_url: new URL('/max/payment', publicUrl).toString(), locale });
}
