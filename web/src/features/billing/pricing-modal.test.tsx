// @vitest-environment happy-dom
// The pricing modal against the mock API: without billing it says nothing is sold here; with
// the server's plans it lists each with its prices and what it unlocks, and a choice goes to
// that plan's checkout (signed in) or asks to sign in first (signed out).
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider, useNavigate } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { BillingPlans } from '../../../../generated/react-query/model';
import { setupMocks } from '../../../../mocks/node';
import { ModalProvider } from '../../app/modals/host';
import { useModals } from '../../platform/modals/context';
import { clearQueryClients, testQueryClient } from '../../testing/query-clients';
import { BILLING_OFF_TEXT } from './payment-page';

const mocks = setupMocks('signed-in');
beforeAll(mocks.listen);
afterEach(() => {
  cleanup();
  clearQueryClients();
  mocks.reset();
});
afterAll(mocks.close);

const CAPS = { unlimitedProSearch: true, unlimitedResearch: false, maxModelSelection: false, fileUpload: true };
const PLANS: BillingPlans = {
  configured: true,
  publishable_key: null,
  default_plan: 'free',
  plans: [
    {
      id: 'free',
      name: 'Free',
      limits: { files_per_repository: 50, files_per_person: 50 },
      capabilities: { ...CAPS, unlimitedProSearch: false },
      prices: [],
      trial_period_days: null,
    },
    {
      id: 'pro',
      name: 'Pro',
      limits: { files_per_repository: 500, files_per_person: 500 },
      capabilities: CAPS,
      prices: [
        { interval: 'monthly', price_minor_units: 2000, currency: 'usd' },
        { interval: 'yearly', price_minor_units: 20000, currency: 'usd' },
      ],
      trial_period_days: 30,
    },
  ],
};

function Opener() {
  const { open } = useModals();
  return (
    <button type="button" onClick={() => open('pricing')}>
      Open pricing
    </button>
  );
}
function Where() {
  useNavigate();
  return null;
}

async function setup() {
  const user = userEvent.setup();
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <ModalProvider>
            <Where />
            <Opener />
          </ModalProvider>
        ),
      },
    ],
    { initialEntries: ['/'] },
  );
  render(
    <QueryClientProvider client={testQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  await user.click(screen.getByRole('button', { name: 'Open pricing' }));
  return { user, router, dialog: await screen.findByRole('dialog', { name: 'Pricing' }, { timeout: 5000 }) };
}

describe('the pricing modal', () => {
  it('says plainly that nothing is sold on a server without billing', async () => {
    const { dialog } = await setup();
    expect(await within(dialog).findByText(BILLING_OFF_TEXT)).toBeInTheDocument();
    expect(within(dialog).queryByRole('list', { name: 'Plans' })).not.toBeInTheDocument();
  });

  it('lists the plans for sale with their prices and trial, and a choice goes to its checkout', async () => {
    mocks.server.use(http.get('*/rest/billing/plans', () => HttpResponse.json(PLANS)));
    const { user, router, dialog } = await setup();
    const pro = await within(dialog).findByRole('listitem', { name: 'Pro' });
    expect(within(dialog).queryByRole('listitem', { name: 'Free' })).not.toBeInTheDocument();
    expect(pro.textContent).toContain('$20.00 a month');
    expect(pro.textContent).toContain('$200.00 a year');
    expect(pro.textContent).toContain('1 month free');
    expect(within(pro).getByText('Unlimited Pro Search')).toBeInTheDocument();
    expect(within(pro).queryByText('Unlimited Research')).not.toBeInTheDocument();
    await user.click(within(pro).getByRole('button', { name: 'Pro yearly' }));
    expect(dialog).not.toBeInTheDocument();
    expect(router.state.location.pathname + router.state.location.search).toBe('/max/payment?tier=pro&plan=yearly');
  });

  it('signed out, a choice asks to sign in first', async () => {
    mocks.reset('anonymous');
    mocks.server.use(http.get('*/rest/billing/plans', () => HttpResponse.json(PLANS)));
    const { user, dialog } = await setup();
    await user.click(await within(dialog).findByRole('button', { name: 'Pro monthly' }));
    expect(await screen.findByRole('dialog', { name: 'Sign in to unlock Pro' }, { timeout: 5000 })).toBeInTheDocument();
  });
});
