// @vitest-environment happy-dom
// The seeds' money modals against the mock API: the Pro offer, the Pro payment and the free trial
// show the plan this server sells (or say nothing is sold); the success modal reads the
// subscription as the server has it; the modals for what this product does not run say so and
// offer what it does instead.
import { cleanup, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { BillingPlans, Subscription } from '../../../../generated/react-query/model';
import { setupMocks } from '../../../../mocks/node';
import { clearQueryClients } from '../../testing/query-clients';
import { openModal } from '../../testing/open-modal-test-kit';
import { BILLING_OFF_TEXT } from './plan-card';

const mocks = setupMocks('signed-in');
beforeAll(mocks.listen);
afterEach(() => {
  cleanup();
  clearQueryClients();
  mocks.reset();
});
afterAll(mocks.close);

const CAPS = { unlimitedProSearch: true, unlimitedResearch: false, maxModelSelection: false, fileUpload: true };
const pro = (trial: number | null) => ({
  id: 'pro' as const,
  name: 'Pro',
  limits: { files_per_repository: 500, files_per_person: 500 },
  capabilities: CAPS,
  prices: [{ interval: 'monthly' as const, price_minor_units: 2000, currency: 'usd' }],
  trial_period_days: trial,
});
const plansWith = (trial: number | null): BillingPlans => ({ configured: true, publishable_key: null, default_plan: 'free', plans: [pro(trial)] });

describe('the plan offers', () => {
  it('Pro message: without billing, nothing is sold', async () => {
    const { dialog } = await openModal('proMessage', 'Pro');
    expect(await within(dialog).findByText(BILLING_OFF_TEXT)).toBeInTheDocument();
  });

  it('Subscribe to Pro: the plan with its price goes to its checkout', async () => {
    mocks.server.use(http.get('*/rest/billing/plans', () => HttpResponse.json(plansWith(null))));
    const { user, router, dialog } = await openModal('proSubscriptionPayment', 'Subscribe to Pro');
    const card = await within(dialog).findByRole('listitem', { name: 'Pro' });
    expect(card.textContent).toContain('$20.00 a month');
    await user.click(within(card).getByRole('button', { name: 'Pro monthly' }));
    expect(router.state.location.search).toBe('?tier=pro&plan=monthly');
  });

  it('Free trial: the trial where the server gives one, and says so where it gives none', async () => {
    mocks.server.use(http.get('*/rest/billing/plans', () => HttpResponse.json(plansWith(30))));
    const first = await openModal('freeTrial', 'Free trial');
    expect((await within(first.dialog).findByRole('listitem', { name: 'Pro' })).textContent).toContain('1 month free');
    cleanup();
    mocks.server.use(http.get('*/rest/billing/plans', () => HttpResponse.json(plansWith(null))));
    const second = await openModal('freeTrial', 'Free trial');
    expect(await within(second.dialog).findByText(/offers no free trial of Pro/)).toBeInTheDocument();
  });
});

describe('the subscription success modal', () => {
  it('reads the plan the server has, with what it unlocks', async () => {
    const sub: Subscription = {
      status: 'active',
      source: 'stripe',
      plan: 'pro',
      interval: 'monthly',
      current_period_end: null,
      cancel_at_period_end: false,
      scheduled_change: null,
      capabilities: CAPS,
    };
    mocks.server.use(http.get('*/rest/billing/subscription', () => HttpResponse.json(sub)));
    const { dialog } = await openModal('subscriptionSuccess', 'Subscription');
    expect(await within(dialog).findByText('You are on Pro.')).toBeInTheDocument();
    expect(within(dialog).getByText('Unlimited Pro Search')).toBeInTheDocument();
  });

  it('a payment not yet confirmed by the server says so', async () => {
    const { dialog } = await openModal('subscriptionSuccess', 'Subscription');
    expect(await within(dialog).findByText(/Your payment is being confirmed/)).toBeInTheDocument();
  });
});

describe('what this server does not run', () => {
  it.each([
    ['incentivePro', 'Pro', /not part of this server/, 'See the plans'],
    ['braintreeSubscription', 'Subscription', /Stripe only/, 'See the plans'],
    ['enterprisePremiumSecureUpgrade', 'Enterprise Premium', /no separate Enterprise Premium tier/, 'Create an organisation'],
    ['thirdPartyPersonalization', 'Personalization', /no personalization from payment providers/, 'Personalize answers'],
    ['inputPayment', 'Payment', /kept by Stripe/, 'Open the billing portal'],
    ['memberSetTier', 'Member tier', /plan covers every member alike/, 'Close'],
    ['proReferral', 'Refer a friend', /runs no referral programme/, 'Share a thread'],
    ['referralSuccess', 'Referral', /runs no referral programme/, 'See the plans'],
    ['referralError', 'Referral', /cannot be redeemed on this server/, 'See the plans'],
    ['studentReferrals', 'Student referrals', /inviting classmates/, 'Student verification'],
    ['companyDataPrivacy', 'Company data privacy', /stored on this server/, 'Close'],
  ] as const)('%s says so and offers what the server does', async (name, title, text, action) => {
    const { dialog } = await openModal(name, title);
    expect(within(dialog).getByText(text)).toBeInTheDocument();
    expect(within(dialog).getAllByRole('button', { name: action }).length).toBeGreaterThan(0);
  });

  it('See the plans opens the pricing modal', async () => {
    const { user, dialog } = await openModal('braintreeSubscription', 'Subscription');
    await user.click(within(dialog).getByRole('button', { name: 'See the plans' }));
    expect(await screen.findByRole('dialog', { name: 'Pricing' }, { timeout: 5000 })).toBeInTheDocument();
  });
});
