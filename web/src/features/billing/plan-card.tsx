// One plan as this server sells it (GET /rest/billing/plans): its monthly and yearly price, its
// trial and what it unlocks, with a button per interval that goes to that plan's checkout, or to
// sign-in first (checkout requires an account, seed 002 §5). The pricing, Pro and trial modals
// show it.
import { useNavigate } from 'react-router';
import { useGetBillingPlans } from '../../../../generated/react-query/billing/billing';
import type { BillingPlan, BillingPlans } from '../../../../generated/react-query/model';
import { useModals } from '../../platform/modals/context';
import { useSession } from '../../platform/session';
import { formatMoney, trialText } from './pricing';

/** What each capability unlocks, in the order a plan's card lists them. */
export const UNLOCKS: [keyof BillingPlan['capabilities'], string][] = [
  ['unlimitedProSearch', 'Unlimited Pro Search'],
  ['unlimitedResearch', 'Unlimited Research'],
  ['maxModelSelection', 'Choose the model for each question'],
  ['fileUpload', 'Upload files to ask about'],
];

const INTERVALS = ['monthly', 'yearly'] as const;
const priceOf = (plan: BillingPlan, interval: 'monthly' | 'yearly') => plan.prices.find((p) => p.interval === interval);

/** The server's plans, and those of them it sells (with a price); none where billing is off. */
export function useSoldPlans() {
  const plans = useGetBillingPlans({ query: { select: (r) => r.data as BillingPlans } });
  const sold = plans.data?.configured ? plans.data.plans.filter((p) => p.prices.length > 0) : [];
  return { plans, sold };
}

export function PlanCard({ plan, close }: { plan: BillingPlan; close: () => void }) {
  const { user } = useSession();
  const { open } = useModals();
  const navigate = useNavigate();
  const choose = (interval: 'monthly' | 'yearly') => {
    close();
    if (!user) open('login', { origin: 'pricing', title: 'Sign in to unlock Pro' });
    else navigate(`/max/payment?tier=${plan.id}&plan=${interval}`);
  };
  const trial = trialText(plan.trial_period_days);
  return (
    <li aria-label={plan.name} className="flex flex-col gap-2 rounded-xl border border-neutral-200 p-4 dark:border-neutral-800">
      <h3 className="text-lg font-semibold">{plan.name}</h3>
      {INTERVALS.map((interval) => {
        const price = priceOf(plan, interval);
        return price ? (
          <p key={interval} className="text-sm">
            {formatMoney(price.price_minor_units, price.currency)} {interval === 'monthly' ? 'a month' : 'a year'}
          </p>
        ) : null;
      })}
      {trial && <p className="text-sm text-green-700 dark:text-green-400">{trial}</p>}
      <ul className="list-inside list-disc text-sm text-neutral-600 dark:text-neutral-400">
        {UNLOCKS.filter(([k]) => plan.capabilities[k]).map(([k, text]) => (
          <li key={k}>{text}</li>
        ))}
      </ul>
      {user?.subscription_plan === plan.id ? (
        <p className="mt-auto text-sm font-medium">Your plan</p>
      ) : (
        <div className="mt-auto flex flex-wrap gap-2">
          {INTERVALS.filter((i) => priceOf(plan, i)).map((interval) => (
            <button key={interval} type="button" className={interval === 'monthly' ? 'btn-primary' : 'btn-secondary'} onClick={() => choose(interval)}>
              {`${plan.name} ${interval}`}
            </button>
          ))}
        </div>
      )}
    </li>
  );
}

/** The cards of `plans`, or the plain reason nothing is sold (billing off, or no such plan). */
export function PlanCards({ plans, close, loading, error }: { plans: BillingPlan[]; close: () => void; loading: boolean; error: string | null }) {
  if (loading) return <p className="text-sm text-neutral-500">Loading the plans…</p>;
  if (error) return <p role="alert">{error}</p>;
  if (plans.length === 0) return <p className="text-sm text-neutral-600 dark:text-neutral-400">{BILLING_OFF_TEXT}</p>;
  return (
    <ul aria-label="Plans" className="grid gap-3 sm:grid-cols-2">
      {plans.map((plan) => (
        <PlanCard key={plan.id} plan={plan} close={close} />
      ))}
    </ul>
  );
}

export const BILLING_OFF_TEXT = 'Billing is not configured on this server: nothing can be bought here.';
