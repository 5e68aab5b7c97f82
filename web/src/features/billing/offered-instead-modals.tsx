// Modals the seeds name for things this product deliberately does not run: Pro granted as an app
// incentive, subscriptions billed through Braintree, Enterprise Premium's secure upgrade, payment
// personalization by third parties, referral programmes. Each says plainly what it is and offers what this server does
// instead; the payment-method modal opens the billing portal where the card really is kept.
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useModals } from '../../platform/modals/context';
import type { ModalProps } from '../../platform/modals/types';
import { useSession } from '../../platform/session';
import { ModalTitle } from '../../ui/modal-parts';
import { useGetStudentVerification } from '../../../../generated/react-query/students/students';
import type { StudentVerification } from '../../../../generated/react-query/model';
import { openBillingPortal } from './open-billing';

type Action = { label: string; run: () => void };

function Instead({ title, children, actions, close }: { title: string; children: ReactNode; actions: Action[]; close: () => void }) {
  return (
    <div className="space-y-4">
      <ModalTitle>{title}</ModalTitle>
      <div className="space-y-2 text-sm text-neutral-600 dark:text-neutral-400">{children}</div>
      <div className="flex flex-wrap justify-end gap-2">
        <button type="button" className="btn-secondary" onClick={close}>
          Close
        </button>
        {actions.map((a) => (
          <button
            key={a.label}
            type="button"
            className="btn-primary"
            onClick={() => {
              close();
              a.run();
            }}
          >
            {a.label}
          </button>
        ))}
      </div>
    </div>
  );
}

/** Pricing as the alternative: the plans this server sells. */
function usePricing(): Action {
  const { open } = useModals();
  return { label: 'See the plans', run: () => open('pricing') };
}

export function IncentiveProModal({ close }: ModalProps) {
  return (
    <Instead title="Pro" actions={[usePricing()]} close={close}>
      <p>Pro given for installing a mobile app or through a carrier offer is not part of this server.</p>
      <p>Pro here is bought by card, or granted by this server's administrator; a partner code is redeemed on the partner's page.</p>
    </Instead>
  );
}

export function BraintreeSubscriptionModal({ close }: ModalProps) {
  return (
    <Instead title="Subscription" actions={[usePricing()]} close={close}>
      <p>This server takes payments through Stripe only: subscriptions billed through Braintree (PayPal) are not offered here.</p>
      <p>Choose a plan to pay by card, or with the express wallets Stripe offers in your browser.</p>
    </Instead>
  );
}

export function EnterprisePremiumSecureUpgradeModal({ close }: ModalProps) {
  const navigate = useNavigate();
  const { user } = useSession();
  const actions: Action[] = user?.plan_organization
    ? [{ label: 'Organisation billing', run: () => navigate('/account/org/billing') }]
    : [{ label: 'Create an organisation', run: () => navigate('/account/org') }];
  return (
    <Instead title="Enterprise Premium" actions={actions} close={close}>
      <p>There is no separate Enterprise Premium tier on this server.</p>
      <p>
        An organisation on Enterprise has single sign-on for its domain, its own policies for web search and file downloads, and one bill; its administrator
        manages it under Organisation billing.
      </p>
    </Instead>
  );
}

export function ThirdPartyPersonalizationModal({ close }: ModalProps) {
  const navigate = useNavigate();
  return (
    <Instead title="Personalization" actions={[{ label: 'Personalize answers', run: () => navigate('/account/personalize') }]} close={close}>
      <p>This server takes no personalization from payment providers or other third parties.</p>
      <p>
        Answers are personalized only by what you set yourself (your language, style and what to know about you) and by the memories you keep, all stored on
        this server.
      </p>
    </Instead>
  );
}

export function InputPaymentModal({ close }: ModalProps) {
  return (
    <Instead title="Payment" actions={[{ label: 'Open the billing portal', run: () => void openBillingPortal() }]} close={close}>
      <p>Your card is kept by Stripe, not by this server. Add, change or remove it in the billing portal; changes apply to your next payment.</p>
    </Instead>
  );
}

const NO_REFERRALS = 'This server runs no referral programme: inviting someone earns neither of you a discount or free months.';

export function ProReferralModal({ close }: ModalProps) {
  const navigate = useNavigate();
  return (
    <Instead title="Refer a friend" actions={[{ label: 'Share a thread', run: () => navigate('/library') }]} close={close}>
      <p>{NO_REFERRALS}</p>
      <p>To show someone what answers look like here, share a thread with them from your library; they can ask on this server with an account of their own.</p>
    </Instead>
  );
}

export function ReferralSuccessModal({ close }: ModalProps) {
  return (
    <Instead title="Referral" actions={[usePricing()]} close={close}>
      <p>{NO_REFERRALS}</p>
      <p>A partner's code is redeemed on the partner's page; plans are bought from the pricing page.</p>
    </Instead>
  );
}

export function ReferralErrorModal({ close }: ModalProps) {
  return (
    <Instead title="Referral" actions={[usePricing()]} close={close}>
      <p>A referral link cannot be redeemed on this server: it runs no referral programme.</p>
      <p>If you were given a partner's code, open the partner's page it came with.</p>
    </Instead>
  );
}

/** Student referrals: no referral programme, but what students do get here: verification by a school address and its offer. */
export function StudentReferralsModal({ close }: ModalProps) {
  const { open } = useModals();
  const { user } = useSession();
  const status = useGetStudentVerification({ query: { enabled: !!user } });
  const v = status.data?.data as StudentVerification | undefined;
  const verifies = v ? v.available || v.status === 'verified' : null;
  return (
    <Instead
      title="Student referrals"
      actions={verifies === false ? [] : [{ label: 'Student verification', run: () => open('studentVerification') }]}
      close={close}
    >
      <p>{NO_REFERRALS} That includes students inviting classmates.</p>
      {v?.status === 'verified' ? (
        <p>You are verified as a student: the student verification shows the student offer this server has.</p>
      ) : verifies === false ? (
        <p>This server does not verify students either: its operator lists no school email domains.</p>
      ) : (
        <p>Students verify with their school email address instead, which opens the student offer this server's billing configuration defines.</p>
      )}
    </Instead>
  );
}
