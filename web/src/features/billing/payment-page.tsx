// /max/payment: the plans with monthly and yearly prices, the discount code (applied and removed)
// and the checkout form on this page (checkout-form.tsx; Stripe's hosted page without a
// publishable key). Signed out: back to /. Billing off: the page says so. After paying, the page
// shows ?success=1 and the subscription is refreshed (a failed refresh is only logged: the webhook
// brings the same).
import { useQueryClient } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { CreditCard } from '../../ui/icons';
import { useEffect, useRef, useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { useCreateCheckoutSession, useGetBillingPlans, useRefreshSubscription } from '../../../../generated/react-query/billing/billing';
import type { BillingPlan, BillingPlans, CheckoutSessionResponse, Subscription } from '../../../../generated/react-query/model';
import { PLAN_RANK } from '../../../../services/shared/plans';
import { ApiError } from '../../platform/api-fetch';
import { problemMessage } from '../../platform/problem';
import { sessionQueryKey, useSession } from '../../platform/session';
import { PageMessage } from '../../ui/page-message';
import { CHECKOUT_SESSION_ERROR, recordCheckoutEvent } from './checkout-events';
import { CheckoutForm } from './checkout-form';
import { Placeholder, PLACEHOLDER_HEIGHTS } from './stripe-loader';
import { PlanPanel } from './plan-panel';
import { couponText, formatMoney, isHalfOff, shownTier, trialText, yearlySaving, type Tier } from './pricing';
import { BILLING_OFF_TEXT } from './plan-card';
import { STUDENT_OFFER_PARAM } from './student-offer-param';

export const SUCCESS_PATH = '/max/payment?success=1';
export const PROMO_REMOVE_ERROR = 'Error removing promo code';
export { BILLING_OFF_TEXT };
const INTERVAL_LABEL = { monthly: 'Monthly', yearly: 'Yearly' } as const;
const INTERVAL_DESCRIPTION = { monthly: 'Billed every month', yearly: 'Billed once a year' } as const;

export default function PaymentPage() {
  const { user, isLoading } = useSession();
  const plans = useGetBillingPlans({ query: { select: (r) => r.data as BillingPlans } });
  const [params] = useSearchParams();
  if (isLoading || plans.isPending) return <Placeholder height={PLACEHOLDER_HEIGHTS.form} />;
  // Checkout requires an authenticated user.
  if (!user) return <Navigate to="/" replace />;
  if (plans.isError) return <PageMessage icon={<CreditCard className="size-6" />} title="Pricing" text={problemMessage(plans.error)} />;
  if (!plans.data.configured) return <PageMessage icon={<CreditCard className="size-6" />} title="Billing is not configured" text={BILLING_OFF_TEXT} />;
  if (params.get('success') === '1') return <CheckoutSucceeded />;
  // A subscriber changes plans here, not through a second checkout.
  if (user.subscription_status !== 'none' && user.subscription_status !== 'canceled') return <Subscribed />;
  // A plan their organisation pays for already covers this one: the panel says where it comes from.
  const wanted = params.get('tier') === 'max' ? 'max' : 'pro';
  if (user.plan_organization && PLAN_RANK[user.subscription_plan] >= PLAN_RANK[wanted]) return <Subscribed />;
  return <Checkout plans={plans.data} email={user.email} />;
}

function Subscribed() {
  return (
    <div className="mx-auto w-full max-w-2xl space-y-6 px-4 py-8">
      <h1 className="text-2xl font-semibold tracking-tight">Your subscription</h1>
      <PlanPanel origin="max_payment" />
    </div>
  );
}

function CheckoutSucceeded() {
  const queryClient = useQueryClient();
  const [subscription, setSubscription] = useState<Subscription | null>(null);
  const refresh = useRefreshSubscription({
    mutation: {
      onSuccess: async (r) => {
        setSubscription(r.data as Subscription);
        await queryClient.invalidateQueries({ queryKey: sessionQueryKey() });
      },
      onError: (err) => console.warn('subscription refresh failed', err),
    },
  });
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    refresh.mutate();
  }, [refresh]);
  const plan = subscription?.plan;
  return (
    <div className="mx-auto max-w-lg space-y-3 px-4 py-10 text-center">
      <h1 className="text-2xl font-semibold tracking-tight">Thank you</h1>
      <p data-testid="checkout-result" className="text-neutral-600 dark:text-neutral-400">
        {plan && plan !== 'free' ? `You are on ${plan === 'max' ? 'Max' : 'Pro'}.` : 'Your payment is being confirmed.'}
      </p>
    </div>
  );
}

function Checkout({ plans, email }: { plans: BillingPlans; email: string }) {
  const [params, setParams] = useSearchParams();
  const tier: Tier = params.get('plan') === 'yearly' ? 'yearly' : params.get('plan') === 'monthly' ? 'monthly' : 'unknown';
  const interval = shownTier(tier);
  const planId = params.get('tier') === 'max' ? 'max' : 'pro';
  const plan = plans.plans.find((p) => p.id === planId);
  const promo = params.get('promotion_code') ?? '';
  // The student offer: the server applies its code for a verified student (and refuses anyone else).
  const studentOffer = params.get(STUDENT_OFFER_PARAM) === '1';
  const [code, setCode] = useState(promo);
  const [codeError, setCodeError] = useState<string | null>(null);
  const [made, setMade] = useState<{ for: string; session: CheckoutSessionResponse } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const create = useCreateCheckoutSession();
  const navigate = useNavigate();
  // Set while the session without the removed code is made: its failure says 'Error removing promo code'.
  const removing = useRef(false);
  const embedded = !!plans.publishable_key;
  // The session made for the plan, interval and code chosen now. Kept with what it was made for: just
  // after a change, the last one's would show for a render as if the new choice were applied ("Code X
  // applied" before the server had the code).
  const chosen = JSON.stringify([planId, tier, promo, studentOffer, embedded]);
  const session = made?.for === chosen ? made.session : null;
  // The trial this checkout gives (someone who subscribed before gets none), as free months.
  const trial = trialText(session?.trial_period_days);

  const setParam = (name: string, value: string | null, alsoRemove: string[] = []) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (value === null) next.delete(name);
        else next.set(name, value);
        for (const other of alsoRemove) next.delete(other);
        return next;
      },
      { replace: true },
    );

  // A session for the plan, interval and code chosen; a new one whenever they change.
  // biome-ignore lint/correctness/useExhaustiveDependencies: create's identity changes each render; the key is plan, interval and code
  useEffect(() => {
    let live = true;
    // An earlier session made for this same choice (a code applied, removed and applied again) is not
    // shown while the new one is made: the form would be replaced under the person's hands.
    setMade(null);
    setError(null);
    create
      .mutateAsync({
        data: {
          subscriptionTier: planId,
          tier,
          embedded,
          discountCode: promo || null,
          ...(studentOffer ? { studentOffer: true } : {}),
          locale: navigator.language,
          origin: 'max_payment',
        },
      })
      .then(
        (r) => {
          if (!live) return;
          const body = r.data as CheckoutSessionResponse;
          removing.current = false;
          if (body.url) window.location.assign(body.url);
          else if (body.clientSecret) setMade({ for: chosen, session: body });
          else {
            setError('The checkout could not be started. Please try again.');
            void recordCheckoutEvent(CHECKOUT_SESSION_ERROR, 'no_url_or_client_secret');
          }
        },
        (err) => {
          if (!live) return;
          if (removing.current) {
            removing.current = false;
            setCodeError(PROMO_REMOVE_ERROR);
          }
          // A code the server refused: say why and clear it (seed: failure clears it).
          if (promo && err instanceof ApiError && (err.code === 'invalid_promo_code' || err.code === 'expired_promo_code')) {
            setCodeError(err.code === 'expired_promo_code' ? 'Expired promo code' : 'Invalid promo code');
            setParam('promotion_code', null);
            return;
          }
          setError(problemMessage(err));
        },
      );
    return () => {
      live = false;
    };
  }, [planId, tier, promo, studentOffer, embedded]);

  // Removing clears the code whether the new session succeeds or not (seed 002 §4).
  const remove = () => {
    setCodeError(null);
    setCode('');
    removing.current = true;
    setParam('promotion_code', null, [STUDENT_OFFER_PARAM]);
  };

  const apply = () => {
    const trimmed = code.trim();
    setCodeError(null);
    if (trimmed) setParam('promotion_code', trimmed, [STUDENT_OFFER_PARAM]);
  };

  return (
    <div className="mx-auto w-full max-w-2xl space-y-6 px-4 py-8">
      <h1 className="text-2xl font-semibold tracking-tight">Upgrade</h1>
      <fieldset className="flex gap-2">
        <legend className="sr-only">Plan</legend>
        {plans.plans
          .filter((p) => p.id === 'pro' || p.id === 'max')
          .map((p) => (
            <button
              key={p.id}
              type="button"
              aria-pressed={p.id === planId}
              className={clsx('btn-secondary', p.id === planId && 'ring-2 ring-teal-600')}
              // The student offer is for its own plan: another plan is bought without it.
              onClick={() => setParam('tier', p.id, p.id === planId ? [] : [STUDENT_OFFER_PARAM])}
            >
              {p.name}
            </button>
          ))}
      </fieldset>
      {plan && <IntervalChoice plan={plan} selected={tier} halfOff={isHalfOff(session?.discount)} onChoose={(t) => setParam('plan', t)} />}
      <p className="text-sm text-neutral-500">Paying as {email}</p>
      <div className="space-y-1">
        <form
          className="flex gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            apply();
          }}
        >
          <input
            className="input flex-1"
            aria-label="Discount code"
            placeholder="Enter discount code"
            value={code}
            onChange={(e) => setCode(e.target.value)}
            maxLength={100}
          />
          <button type="submit" className="btn-secondary" disabled={!code.trim() || create.isPending}>
            Apply
          </button>
        </form>
        {codeError && (
          <p role="alert" className="text-sm text-red-600 dark:text-red-400">
            {codeError}
          </p>
        )}
        {studentOffer && !promo && !codeError && session && (
          <p className="flex items-center gap-2 text-sm text-teal-700 dark:text-teal-400">
            Student offer applied
            <button type="button" className="btn-ghost text-xs" onClick={remove} aria-label="Remove the student offer">
              Remove
            </button>
          </p>
        )}
        {promo && !codeError && session && (
          <p className="flex items-center gap-2 text-sm text-teal-700 dark:text-teal-400">
            Code {promo} applied
            <button type="button" className="btn-ghost text-xs" onClick={remove} aria-label={`Remove code ${promo}`}>
              Remove
            </button>
          </p>
        )}
        {session?.discount && !codeError && (
          <p className="text-sm font-medium text-teal-700 dark:text-teal-400" data-testid="discount-text">
            {couponText(session.discount, plan?.prices[0]?.currency ?? 'usd')}
          </p>
        )}
        {trial && (
          <p className="text-sm font-medium text-teal-700 dark:text-teal-400" data-testid="trial-text">
            {trial}
          </p>
        )}
      </div>
      <section className="space-y-3" aria-label="Checkout">
        {error && (
          <p role="alert" className="text-sm text-red-600 dark:text-red-400">
            {error}
          </p>
        )}
        {!error && !session && <Placeholder height={PLACEHOLDER_HEIGHTS.checkout} />}
        {session?.clientSecret && plans.publishable_key && (
          <CheckoutForm publishableKey={plans.publishable_key} clientSecret={session.clientSecret} onPaid={() => navigate(SUCCESS_PATH, { replace: true })} />
        )}
      </section>
      <span className="sr-only">{interval}</span>
    </div>
  );
}

function IntervalChoice({
  plan,
  selected,
  halfOff,
  onChoose,
}: {
  plan: BillingPlan;
  selected: Tier;
  halfOff: boolean;
  onChoose: (t: 'monthly' | 'yearly') => void;
}) {
  const monthly = plan.prices.find((p) => p.interval === 'monthly');
  const yearly = plan.prices.find((p) => p.interval === 'yearly');
  const saving =
    monthly && yearly
      ? yearlySaving({ monthlyMinor: monthly.price_minor_units, yearlyMinor: yearly.price_minor_units, selected, halfOffCohort: halfOff })
      : null;
  const shown = shownTier(selected);
  return (
    <fieldset className="grid gap-2 sm:grid-cols-2">
      <legend className="sr-only">Billing period</legend>
      {plan.prices.map((p) => (
        <label
          key={p.interval}
          className={clsx(
            'cursor-pointer rounded-xl border p-3',
            p.interval === shown ? 'border-teal-600 ring-1 ring-teal-600' : 'border-neutral-200 dark:border-neutral-800',
          )}
        >
          <input type="radio" name="billing-period" className="sr-only" checked={p.interval === shown} onChange={() => onChoose(p.interval)} />
          <span className="block font-medium">{INTERVAL_LABEL[p.interval]}</span>
          <span className="block text-sm text-neutral-500">{INTERVAL_DESCRIPTION[p.interval]}</span>
          <span className="mt-1 block text-lg font-semibold" data-testid={`price-${p.interval}`}>
            {formatMoney(p.price_minor_units, p.currency)}
            <span className="text-sm font-normal text-neutral-500"> / {p.interval === 'yearly' ? 'year' : 'month'}</span>
          </span>
          {p.interval === 'yearly' && saving !== null && (
            <span className="mt-1 block text-sm text-teal-700 dark:text-teal-400">Save {formatMoney(saving, p.currency)}</span>
          )}
        </label>
      ))}
    </fieldset>
  );
}
