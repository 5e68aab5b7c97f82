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
  const DISCOUNT = { percent_off: 50, amount_off: null, currency: null, duration: 'once', duration_in_months: null };

  /** Billing on, and each checkout session answered by `answer` with the call's number (from 1) and code. */
  async function billingOn(answer: (call: number, discountCode: string | null) => Promise<Response | undefined> | Response | undefined) {
    const plans = await (await fetch('/rest/billing/plans')).json();
    let calls = 0;
    mocks.server.use(
      http.get('*/rest/billing/plans', () => HttpResponse.json({ ...plans, configured: true, publishable_key: 'pk_test_page' })),
      http.post('*/rest/stripe/checkout-session', async ({ request }) => {
        const { discountCode } = (await request.json()) as { discountCode: string | null };
        const answered = await answer(++calls, discountCode);
        return answered ?? HttpResponse.json({ clientSecret: `cs_${calls}`, trial_period_days: 30, ...(discountCode ? { discount: DISCOUNT } : {}) });
      }),
    );
  }

  /** A gate a session's answer waits at, and whether it was reached. */
  function gate() {
    let open = () => {};
    const opened = new Promise<void>((resolve) => {
      open = resolve;
    });
    const g = {
      reached: false,
      open,
      wait: () => {
        g.reached = true;
        return opened;
      },
    };
    return g;
  }

  /** The text of everything put on the page from now until `stop`, however briefly it stayed. */
  function watchAdded() {
    const shown: string[] = [];
    const observer = new MutationObserver((records) => {
      for (const r of records) for (const node of r.addedNodes) shown.push(node.textContent ?? '');
    });
    observer.observe(document.body, { childList: true, subtree: true });
    return {
      stop: () => {
        observer.disconnect();
        return shown;
      },
    };
  }

  it('says a code is applied only once the session made with it is there (a loaded browser test saw it a render early)', async () => {
    const held = gate();
    await billingOn((_, code) => (code ? held.wait().then(() => undefined) : undefined));
    at('/max/payment?plan=monthly');
    const code = await screen.findByPlaceholderText('Enter discount code', {}, { timeout: 5000 });
    await screen.findByTestId('trial-text');
    const user = userEvent.setup();
    await user.type(code, 'HALFOFF');
    const added = watchAdded();
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    // The session with the code is being made: nothing says it is applied, and there is nothing to remove.
    await waitFor(() => expect(held.reached).toBe(true));
    expect(added.stop().filter((text) => text.includes('applied'))).toEqual([]);
    expect(screen.queryByRole('button', { name: 'Remove code HALFOFF' })).not.toBeInTheDocument();
    held.open();
    expect(await screen.findByRole('button', { name: 'Remove code HALFOFF' })).toBeInTheDocument();
  });

  it('a code applied again after a failed removal waits for its new session, not the one it had before (a CI run saw the form replaced)', async () => {
    const held = gate();
    await billingOn((call) => {
      if (call === 2) return HttpResponse.json({ type: 'about:blank', title: 'Bad Gateway', status: 502, code: 'stripe_error' }, { status: 502 });
      if (call === 3) return held.wait().then(() => undefined);
      return undefined;
    });
    at('/max/payment?plan=monthly&promotion_code=HALFOFF');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Remove code HALFOFF' }, { timeout: 5000 }));
    expect(await screen.findByText('Error removing promo code')).toBeInTheDocument();
    await user.type(screen.getByPlaceholderText('Enter discount code'), 'HALFOFF');
    const added = watchAdded();
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(held.reached).toBe(true));
    expect(added.stop().filter((text) => text.includes('applied'))).toEqual([]);
    held.open();
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
