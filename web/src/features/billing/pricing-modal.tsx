// The pricing modal (seed 000's "pricing"): the plans this server really sells, from its billing
// configuration; choosing one goes to its checkout. Without billing it says plainly that nothing
// is sold here.
import type { ModalProps } from '../../platform/modals/types';
import { problemMessage } from '../../platform/problem';
import { ModalTitle } from '../../ui/modal-parts';
import { PlanCards, useSoldPlans } from './plan-card';

export default function PricingModal({ close }: ModalProps) {
  const { plans, sold } = useSoldPlans();
  return (
    <div className="space-y-4">
      <ModalTitle>Pricing</ModalTitle>
      <PlanCards plans={sold} close={close} loading={plans.isPending} error={plans.isError ? problemMessage(plans.error) : null} />
      <div className="flex justify-end">
        <button type="button" className="btn-secondary" onClick={close}>
          Close
        </button>
      </div>
    </div>
  );
}
