// What a verified student sees: the student offer the server's billing configuration defines, with
// a way to take it at checkout (the server applies the offer's promotion code for a verified
// student; the browser never has it), or plainly that it defines none.
import { useNavigate } from 'react-router';
import type { StudentVerification } from '../../../../generated/react-query/model';
import { STUDENT_OFFER_PARAM } from '../billing/student-offer-param';

/** The checkout page sells Pro and Max; other plans' offers are described without a button. */
const CHECKOUT_PLANS = new Set(['pro', 'max']);

export function StudentOffer({ verification, close }: { verification: StudentVerification; close: () => void }) {
  const navigate = useNavigate();
  const offer = verification.offer;
  return (
    <div className="space-y-3" data-testid="student-verified">
      <p className="text-sm text-neutral-700 dark:text-neutral-300" role="status">
        You are verified as a student{verification.email ? ` (${verification.email})` : ''}.
      </p>
      {offer ? (
        <div className="space-y-2 rounded-lg border border-neutral-200 p-3 dark:border-neutral-700">
          <p className="font-medium">Student offer: {offer.plan_name}</p>
          <p className="text-sm text-neutral-600 dark:text-neutral-400">{offer.description}</p>
        </div>
      ) : (
        <p className="text-sm text-neutral-600 dark:text-neutral-400">
          This server's billing configuration defines no student offer, so there is no student discount here.
        </p>
      )}
      <div className="flex justify-end gap-2">
        <button type="button" className="btn-secondary" onClick={close}>
          Close
        </button>
        {offer && CHECKOUT_PLANS.has(offer.plan) && (
          <button
            type="button"
            className="btn-primary"
            onClick={() => {
              close();
              navigate(`/max/payment?tier=${offer.plan}&plan=monthly&${STUDENT_OFFER_PARAM}=1`);
            }}
          >
            Get {offer.plan_name} with the student offer
          </button>
        )}
      </div>
    </div>
  );
}
