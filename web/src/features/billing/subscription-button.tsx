// The subscription button (seeds 002 §2, 003 §2), wherever it is placed: signed out, 'Learn more'
// opens the login modal with the pitch 'Sign in to unlock Pro'; signed in without a subscription,
// it goes to the upgrade flow (/max/payment). Pro access, past due or a previous subscription
// show a manage button instead: the billing portal, or the store's page for a store subscription.
// A plan that comes only from the organisation is said so; its owners and admins manage it there.
import { clsx } from 'clsx';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useModals } from '../../platform/modals/context';
import { useSession } from '../../platform/session';
import { PRICING_PATH } from '../upsells/plan';
import { openBillingPortal, openStorePage } from './open-billing';
import { fromOrganization, LEARN_MORE, LOGIN_PITCH, MANAGE, MANAGE_ORG, subscriptionButtonState } from './subscription-button-state';

/** The organisation's billing page (features/orgs/billing-page.tsx), for its owners and admins. */
const ORG_BILLING = '/account/org/billing';

export function SubscriptionButton({ origin, className }: { origin: string; className?: string }) {
  const { user, isLoading } = useSession();
  const { open } = useModals();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  if (isLoading) return null;
  const state = subscriptionButtonState(user);
  if (state.kind === 'learn-more')
    return (
      <button
        type="button"
        data-testid="subscription-button"
        className={clsx('btn-secondary', className)}
        onClick={() => (state.signedIn ? navigate(PRICING_PATH) : open('login', { origin, title: LOGIN_PITCH }))}
      >
        {LEARN_MORE}
      </button>
    );
  if (state.kind === 'organization')
    return (
      <span className={clsx('inline-flex flex-wrap items-center gap-2', className)} data-testid="plan-from-organization">
        <span className="text-sm">{fromOrganization(state.plan)}</span>
        {state.manage && (
          <Link to={ORG_BILLING} data-testid="subscription-button" className="btn-secondary">
            {MANAGE_ORG}
          </Link>
        )}
      </span>
    );
  return (
    <button
      type="button"
      data-testid="subscription-button"
      className={clsx('btn-secondary', className)}
      disabled={busy}
      onClick={async () => {
        setBusy(true);
        const opened = state.target === 'portal' ? await openBillingPortal() : await openStorePage(state.target);
        if (!opened) setBusy(false);
      }}
    >
      {MANAGE}
    </button>
  );
}
