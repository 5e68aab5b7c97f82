// The pricing modal (seed 000's "pricing"): the plans this server really sells, from its billing
// configuration, each with its monthly and yearly price, its trial and what it unlocks; choosing
// one goes to its checkout. Without billing it says plainly that nothing is sold here.
import { useNavigate } from 'react-router';
import { useGetBillingPlans } from '../../../../generated/react-query/billing/billing';
import type { BillingPlan, BillingPlans } from '../../../../generated/react-query/model';
import { useModals } from '../../platform/modals/context';
import type { ModalProps } from '../../platform/modals/types';
import { problemMessage } from '../../platform/problem';
import { useSession } from '../../platform/session';
import { ModalTitle } from '../../ui/modal-parts';
import { BILLING_OFF_TEXT } from './payment-page';
import { formatMoney, trialMonths } from './pricing';

/** What each capability unlocks, in the order a plan's card lists them. */
const UNLOCKS: [keyof BillingPlan['capabilities'], string][] = [
  ['unlimitedProSearch', 'Unlimited Pro Search'],
  ['unlimitedResearch', 'Unlimited Research'],
  ['maxModelSelection', 'Choose the model for each question'],
  ['fileUpload', 'Upload files to ask about'],
];

const priceOf = (plan: BillingPlan, interval: 'monthly' | 'yearly') => plan.prices.find((p) => p.interval === interval);

export default function PricingModal({ close }: ModalProps) {
  const plans = useGetBillingPlans({ query: { select: (r) => r.data as BillingPlans } });
  const { user } = useSession();
  const navigate = useNavigate();
  const sold = (plans.data?.plans ?? []).filter((p) => p.prices.length > 0);
  const { open } = useModals();
  // Checkout needs an account (seed 002 §5): signed out, the choice asks to sign in first.
  const choose = (plan: BillingPlan, interval: 'monthly' | 'yearly') => {
    close();
    if (!user) open('login', { origin: 'pricing', title: 'Sign in to unlock Pro' });
    else navigate(`/max/payment?tier=${plan.id}&plan=${interval}`);
  };
  return (
    <div className="space-y-4">
      <ModalTitle>Pricing</ModalTitle>
      {plans.isPending && <p className="text-sm text-neutral-500">Loading the plans…</p>}
      {plans.isError && <p role="alert">{problemMessage(plans.error)}</p>}
      {plans.data && (!plans.data.configured || sold.length === 0) && <p className="text-sm text-neutral-600 dark:text-neutral-400">{BILLING_OFF_TEXT}</p>}
      {plans.data?.configured && sold.length > 0 && (
        <ul aria-label="Plans" className="grid gap-3 sm:grid-cols-2">
          {sold.map((plan) => {
            const current = user?.subscription_plan === plan.id;
            const months = trialMonths(plan.trial_period_days);
            return (
              <li key={plan.id} aria-label={plan.name} className="flex flex-col gap-2 rounded-xl border border-neutral-200 p-4 dark:border-neutral-800">
                <h3 className="text-lg font-semibold">{plan.name}</h3>
                {(['monthly', 'yearly'] as const).map((interval) => {
                  const price = priceOf(plan, interval);
                  return price ? (
                    <p key={interval} className="text-sm">
                      {formatMoney(price.price_minor_units, price.currency)} {interval === 'monthly' ? 'a month' : 'a year'}
                    </p>
                  ) : null;
                })}
                {months ? <p className="text-sm text-green-700 dark:text-green-400">{`${months} ${months === 1 ? 'month' : 'months'} free`}</p> : null}
                {plan.trial_period_days && !months ? (
                  <p className="text-sm text-green-700 dark:text-green-400">{`${plan.trial_period_days} days free`}</p>
                ) : null}
                <ul className="list-inside list-disc text-sm text-neutral-600 dark:text-neutral-400">
                  {UNLOCKS.filter(([k]) => plan.capabilities[k]).map(([k, text]) => (
                    <li key={k}>{text}</li>
                  ))}
                </ul>
                {current ? (
                  <p className="mt-auto text-sm font-medium">Your plan</p>
                ) : (
                  <div className="mt-auto flex flex-wrap gap-2">
                    {(['monthly', 'yearly'] as const)
                      .filter((i) => priceOf(plan, i))
                      .map((interval) => (
                        <button
                          key={interval}
                          type="button"
                          className={interval === 'monthly' ? 'btn-primary' : 'btn-secondary'}
                          onClick={() => choose(plan, interval)}
                        >
                          {`${plan.name} ${interval === 'monthly' ? 'monthly' : 'yearly'}`}
                        </button>
                      ))}
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <div className="flex justify-end">
        <button type="button" className="btn-secondary" onClick={close}>
          Close
        </button>
      </div>
    </div>
  );
}
