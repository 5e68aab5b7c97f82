// @vitest-environment happy-dom
// The shopping payment modal against the mock API: with payments off (the mocks have no Stripe)
// it says so and offers no form; with a server that has them, the saved address is offered, tax
// and shipping are shown before paying (tax "Not calculated" with the server's plain note), the
// order is made at the price shown, and a payment form that cannot load says so.
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import * as Dialog from 'radix-ui/dialog';
import { describe, expect, it, vi } from 'vitest';
import { ModalContext, type ModalApi } from '../../../platform/modals/context';
import { createQueryClient } from '../../../platform/query-client';
import { withMockServer } from '../../../testing/mock-server';
import ShoppingPaymentModal from './shopping-payment-modal';
import { STRIPE_LOAD_ERROR } from './stripe-js';

vi.mock('@stripe/stripe-js/pure', () => ({ loadStripe: () => Promise.reject(new Error('offline')) }));

const ARGS = { optionKey: 'jacket:m', title: 'Alpine jacket', optionLabel: 'M', priceMinor: 15_900, currency: 'usd' };
const ADDRESS = { name: 'Ada Walker', line1: '1 Ridge Road', city: 'Boulder', postal_code: '80302', country: 'US' };

function show() {
  const modals = { stack: [], open: vi.fn(() => 1), close: vi.fn() } as unknown as ModalApi;
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ModalContext.Provider value={modals}>
        <Dialog.Root open>
          <Dialog.Content aria-describedby={undefined}>
            <ShoppingPaymentModal args={ARGS} close={vi.fn()} guardClose={vi.fn()} />
          </Dialog.Content>
        </Dialog.Root>
      </ModalContext.Provider>
    </QueryClientProvider>,
  );
}

describe('payments off', () => {
  withMockServer('signed-in');
  it('says payments are not set up, with no address form', async () => {
    show();
    expect(await screen.findByText('Payments are not set up on this server: nothing can be bought here yet.', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByLabelText('Full name')).not.toBeInTheDocument();
  });
});

describe('payments on', () => {
  const mocks = withMockServer('signed-in');
  it('offers the saved address, shows tax and shipping before paying, orders at the price shown', async () => {
    const ordered: unknown[] = [];
    const saved: unknown[] = [];
    mocks.server.use(
      http.get('*/rest/shopping/retrieve-customer-shopping-info', () => HttpResponse.json({ shipping_address: ADDRESS, payment_methods: [] })),
      http.post('*/rest/stripe/update-customer-shipping-address', async ({ request }) => {
        saved.push(await request.json());
        return HttpResponse.json({ shipping_address: ADDRESS, payment_methods: [] });
      }),
      http.post('*/rest/shopping/calculate-tax-and-shipping', () =>
        HttpResponse.json({
          tax_calculated: false,
          subtotal_minor: 15_900,
          tax_minor: 0,
          shipping_minor: 500,
          total_minor: 16_400,
          currency: 'usd',
          message: 'Tax is not calculated on this server: prices are shown without tax.',
        }),
      ),
      http.post('*/rest/shopping/create-shopping-order', async ({ request }) => {
        ordered.push(await request.json());
        return HttpResponse.json({ order_id: 'o1' });
      }),
      http.post('*/rest/shopping/create-shopping-payment-intent', () =>
        HttpResponse.json({
          status: 'success',
          order_id: 'o1',
          client_secret: 'pi_1_secret_x',
          publishable_key: 'pk_test_x',
          amount_minor: 16_400,
          currency: 'usd',
        }),
      ),
    );
    show();
    expect(await screen.findByDisplayValue('1 Ridge Road', {}, { timeout: 5000 })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    const totals = await screen.findByTestId('shopping-totals');
    expect(totals.textContent).toContain('Shipping$5.00');
    expect(totals.textContent).toContain('TaxNot calculated');
    expect(totals.textContent).toContain('Total$164.00');
    expect(screen.getByText('Tax is not calculated on this server: prices are shown without tax.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Continue to payment' }));
    expect(await screen.findByText(STRIPE_LOAD_ERROR)).toBeInTheDocument();
    expect(saved).toEqual([{ shipping_address: ADDRESS }]);
    expect(ordered).toEqual([{ items: [{ option_key: 'jacket:m', quantity: 1, unit_price_minor: 15_900, currency: 'usd' }], shipping_address: ADDRESS }]);
  });
});
