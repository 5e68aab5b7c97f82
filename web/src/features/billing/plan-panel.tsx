// The person's plan and what they can change (seed 002 §1): on Pro by card, 'Upgrade to Max'
// opens 'Confirm changes'; on Max by card, 'Switch to Pro' opens the downgrade, and a pending
// change shows its date with 'Keep Max' to drop it. The subscription button sits beside it.
import { useQueryClient } from '@tanstack/react-query';
import {
  getGetSubscriptionQueryKey,
  useCancelScheduledDowngrade,
  useGetBillingPlans,
  useGetSubscription,
} from '../../../../generated/react-query/billing/billing';
import type { BillingPlans, StudentVerification, Subscription } from '../../../../generated/react-query/model';
import { useGetStudentVerification } from '../../../../generated/react-query/students/students';
import { useModals } from '../../platform/modals/context';
import { problemMessage } from '../../platform/problem';
import { sessionQueryKey, useSession } from '../../platform/session';
import { toast, TOAST_DURATION } from '../../platform/toasts';
import { billingDate } from './downgrade-modal';
import { SubscriptionButton } from './subscription-button';
import { SUBSCRIPTION_UPDATED } from './upgrade-modal';

const NAME = { free: 'Free', pro: 'Pro', max: 'Max', enterprise: 'Enterprise' } as const;
const CHANGEABLE = new Set(['active', 'trialing', 'past_due', 'invoice_past_due', 'white_glove_past_due']);

export function PlanPanel({ origin }: { origin: string }) {
  const { user } = useSession();
  const plans = useGetBillingPlans({ query: { select: (r) => r.data as BillingPlans } });
  const sub = useGetSubscription({ query: { enabled: !!user, select: (r) => r.data as Subscription } });
  if (!user) return <SubscriptionButton origin={origin} />;
  const s = sub.data;
  const card = plans.data?.configured && s?.source === 'stripe' && CHANGEABLE.has(s.status);
  return (
    <section aria-label="Your subscription" className="space-y-3 rounded-xl border border-neutral-200 p-4 dark:border-neutral-800" data-testid="plan-panel">
      {user.plan_organization ? (
        // The organisation's plan: its period and changes are the organisation's, not shown here.
        <p className="font-medium" data-testid="plan-panel-plan">{`Your plan: ${NAME[user.subscription_plan]}`}</p>
      ) : (
        s && (
          <p className="font-medium" data-testid="plan-panel-plan">
            {`Your plan: ${NAME[s.plan]}`}
            {s.interval && s.plan !== 'free' ? ` (${s.interval === 'yearly' ? 'Yearly' : 'Monthly'})` : ''}
          </p>
        )
      )}
      {s?.scheduled_change && <PendingChange subscription={s} />}
      <div className="flex flex-wrap gap-2">
        <SubscriptionButton origin={origin} />
        {card && s.plan === 'pro' && <OpenButton modal="upgrade" label="Upgrade to Max" />}
        {card && s.plan === 'max' && !s.scheduled_change && <OpenButton modal="downgrade" label="Switch to Pro" />}
        <CompareAndStudent />
      </div>
    </section>
  );
}

/** The plans this server sells (the pricing modal), and student verification where the server verifies students. */
function CompareAndStudent() {
  const { open } = useModals();
  const student = useGetStudentVerification({ query: { select: (r) => r.data as StudentVerification } });
  return (
    <>
      <button type="button" className="btn-secondary" onClick={() => open('pricing')}>
        Compare plans
      </button>
      {(student.data?.available || student.data?.status === 'verified') && (
        <button type="button" className="btn-secondary" onClick={() => open('studentVerification')}>
          {student.data.status === 'verified' ? 'Student offer' : 'Verify as a student'}
        </button>
      )}
    </>
  );
}

function OpenButton({ modal, label }: { modal: 'upgrade' | 'downgrade'; label: string }) {
  const { open } = useModals();
  return (
    <button type="button" className="btn-primary" onClick={() => open(modal, modal === 'upgrade' ? { origin: 'plan-panel' } : {})}>
      {label}
    </button>
  );
}

function PendingChange({ subscription }: { subscription: Subscription }) {
  const queryClient = useQueryClient();
  const keep = useCancelScheduledDowngrade({
    mutation: {
      onSuccess: async () => {
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: sessionQueryKey() }),
          queryClient.invalidateQueries({ queryKey: getGetSubscriptionQueryKey() }),
        ]);
        toast(SUBSCRIPTION_UPDATED, { duration: TOAST_DURATION.normal });
      },
      onError: (err) => toast.error(problemMessage(err), { duration: TOAST_DURATION.long }),
    },
  });
  const change = subscription.scheduled_change;
  if (!change) return null;
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm" data-testid="pending-change">
      <span>
        Your plan changes to {NAME[change.plan]} on {billingDate(change.effective_at)}.
      </span>
      {subscription.plan === 'max' && change.plan === 'pro' && (
        <button type="button" className="btn-secondary" disabled={keep.isPending} onClick={() => keep.mutate()}>
          Keep Max
        </button>
      )}
    </div>
  );
}
