// @vitest-environment happy-dom
// /max/payment against the mock API, which answers as a server with billing off: the page says
// billing is not configured rather than showing a form that could never take a payment; and a
// signed-out visitor is sent home.
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../../platform/query-client';
import { routes } from '../../app/routes';
import { withMockServer } from '../../testing/mock-server';
import { BILLING_OFF_TEXT } from './payment-page';

function at(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('/max/payment with billing off', () => {
  withMockServer('signed-in');
  it('says billing is not configured, with no payment form', async () => {
    at('/max/payment');
    expect(await screen.findByRole('heading', { name: 'Billing is not configured' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText(BILLING_OFF_TEXT)).toBeInTheDocument();
    expect(screen.queryByPlaceholderText('Enter discount code')).not.toBeInTheDocument();
  });
});

describe('/max/payment with billing on', () => {
  const mocks = withMockServer('signed-in');
  it('says a code is applied only once the session made with it is there (a loaded browser test saw it a render early)', async () => {
    const plans = await (await fetch('/rest/billing/plans')).json();
    let release = () => {};
    let askedWithCode = false;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    mocks.server.use(
      http.get('*/rest/billing/plans', () => HttpResponse.json({ ...plans, configured: true, publishable_key: 'pk_test_page' })),
      http.post('*/rest/stripe/checkout-session', async ({ request }) => {
        const { discountCode } = (await request.json()) as { discountCode: string | null };
        if (discountCode) {
          askedWithCode = true;
          await held;
        }
        const discount = { percent_off: 50, amount_off: null, currency: null, duration: 'once', duration_in_months: null };
        return HttpResponse.json({ clientSecret: `cs_${discountCode ?? 'none'}`, trial_period_days: 30, ...(discountCode ? { discount } : {}) });
      }),
    );
    at('/max/payment?plan=monthly');
    const code = await screen.findByPlaceholderText('Enter discount code', {}, { timeout: 5000 });
    await screen.findByTestId('trial-text');
    const user = userEvent.setup();
    await user.type(code, 'HALFOFF');
    // Everything put on the page from the click on, however briefly it stayed.
    const shown: string[] = [];
    const observer = new MutationObserver((records) => {
      for (const r of records) for (const node of r.addedNodes) shown.push(node.textContent ?? '');
    });
    observer.observe(document.body, { childList: true, subtree: true });
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    // The session with the code is being made: nothing says it is applied, and there is nothing to remove.
    await waitFor(() => expect(askedWithCode).toBe(true));
    observer.disconnect();
    expect(shown.filter((text) => text.includes('applied'))).toEqual([]);
    expect(screen.queryByRole('button', { name: 'Remove code HALFOFF' })).not.toBeInTheDocument();
    release();
    expect(await screen.findByRole('button', { name: 'Remove code HALFOFF' })).toBeInTheDocument();
  });
});

describe('/max/payment signed out', () => {
  withMockServer('anonymous');
  it('goes home', async () => {
    const router = at('/max/payment');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'), { timeout: 5000 });
  });
});
