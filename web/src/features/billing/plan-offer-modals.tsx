// The modals that offer one plan (seed 000's "pro message", "pro subscription payment" and "free
// trial"): the plan as this server sells it, with its checkout buttons; where the server does not
// sell it (billing off, no such plan, no trial) they say so plainly.
import type { ModalProps } from '../../platform/modals/types';
import { problemMessage } from '../../platform/problem';
import { ModalTitle } from '../../ui/modal-parts';
import { BILLING_OFF_TEXT, PlanCards, useSoldPlans } from './plan-card';

function Offer({ title, intro, close, trialOnly }: { title: string; intro: string; close: () => void; trialOnly?: boolean }) {
  const { plans, sold } = useSoldPlans();
  const pro = sold.filter((p) => p.id === 'pro' && (!trialOnly || (p.trial_period_days ?? 0) > 0));
  const noTrial = trialOnly && plans.data?.configured && sold.some((p) => p.id === 'pro') && pro.length === 0;
  return (
    <div className="space-y-4">
      <ModalTitle>{title}</ModalTitle>
      {pro.length > 0 && <p className="text-sm text-neutral-600 dark:text-neutral-400">{intro}</p>}
      {noTrial ? (
        <p className="text-sm text-neutral-600 dark:text-neutral-400">This server offers no free trial of Pro; Pro itself is for sale on the pricing page.</p>
      ) : (
        <PlanCards plans={pro} close={close} loading={plans.isPending} error={plans.isError ? problemMessage(plans.error) : null} />
      )}
      <div className="flex justify-end">
        <button type="button" className="btn-secondary" onClick={close}>
          Close
        </button>
      </div>
    </div>
  );
}

export function ProMessageModal({ close }: ModalProps) {
  return <Offer title="Pro" intro="Pro answers deeper: unlimited Pro Search, more Research reports, and your files to ask about." close={close} />;
}

export function ProSubscriptionPaymentModal({ close }: ModalProps) {
  return <Offer title="Subscribe to Pro" intro="Choose how you pay; the payment itself is taken on the next page, by card." close={close} />;
}

export function FreeTrialModal({ close }: ModalProps) {
  return <Offer title="Free trial" intro="Try Pro free before the first payment; cancel any time before it ends." close={close} trialOnly />;
}

export { BILLING_OFF_TEXT };
