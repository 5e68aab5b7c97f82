// @vitest-environment happy-dom
// /max/payment against the mock API, which answers as a server with billing off: the page says
// billing is not configured rather than showing a form that could never take a payment; and a
// signed-out visitor is sent home.
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
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

describe('/max/payment signed out', () => {
  withMockServer('anonymous');
  it('goes home', async () => {
    const router = at('/max/payment');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'), { timeout: 5000 });
  });
});
