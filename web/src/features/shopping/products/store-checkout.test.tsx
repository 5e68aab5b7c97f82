// @vitest-environment happy-dom
// Buying a Shopify store's product in the web app: with the mock API (feed merchants only) the
// server's refusal is shown in its words; against a server with a store, the cart is made with
// the quantity chosen, the address is sent with the cart's id, and the store's checkout opens as a link with its total;
// a store's product details offer it in place of the in-thread payment.
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../../../platform/query-client';
import { withMockServer } from '../../../testing/mock-server';
import { ProductDetailsDialog } from './product-details-dialog';
import { StoreCheckout } from './store-checkout';

const ADDRESS = { name: 'Ada Walker', line1: '1 Ridge Road', city: 'Bergen', postal_code: '5003', country: 'NO' };
const CART = {
  cart_id: 'gid://shopify/Cart/c1',
  merchant_id: 'shopify',
  merchant_name: 'Fjord Outfitters',
  lines: [],
  subtotal_minor: 15_900,
  total_minor: 15_900,
  currency: 'EUR',
  checkout_url: 'https://fjord.example/cart/c/c1',
  shipping_info_set: false,
};

function show(optionKey: string) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <StoreCheckout optionKey={optionKey} merchantName="Fjord Outfitters" available />
    </QueryClientProvider>,
  );
}

describe('the mock API, whose merchants are feeds', () => {
  withMockServer('signed-in');
  it("shows the server's refusal: a feed merchant is paid in the thread", async () => {
    show('mock-k1');
    fireEvent.click(screen.getByRole('button', { name: 'Buy at Fjord Outfitters' }));
    expect(await screen.findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent(
      'Peak Outdoors has no store cart: buy this product here and pay in the thread',
    );
  });
});

describe('a server with a Shopify store', () => {
  const mocks = withMockServer('signed-in');
  it("makes the cart with the quantity chosen, sends the address with the cart's id, and links the store's checkout", async () => {
    const [made, shipped]: unknown[][] = [[], []];
    const line = {
      option_key: 'shopify-option',
      title: 'Fjord jacket',
      option_label: 'M / Green',
      quantity: 2,
      unit_price_minor: 7_950,
      currency: 'EUR',
      image_url: null,
    };
    mocks.server.use(
      http.post('*/rest/shopping/create-firmly-cart', async ({ request }) => {
        made.push(await request.json());
        return HttpResponse.json({ ...CART, lines: [line] });
      }),
      http.post('*/rest/shopping/set-firmly-shipping-info', async ({ request }) => {
        shipped.push(await request.json());
        return HttpResponse.json({ ...CART, total_minor: 16_400, shipping_info_set: true });
      }),
      http.get('*/rest/shopping/create-firmly-session', () =>
        HttpResponse.json({ cart_id: CART.cart_id, checkout_url: CART.checkout_url, merchant_name: 'Fjord Outfitters', total_minor: 16_400, currency: 'EUR' }),
      ),
    );
    show('shopify-option');
    expect(screen.getByLabelText('Quantity')).toHaveValue('1');
    fireEvent.change(screen.getByLabelText('Quantity'), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Buy at Fjord Outfitters' }));
    expect(await screen.findByText('In your cart at Fjord Outfitters: 2 × M / Green, €159.00', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(made).toEqual([{ option_key: 'shopify-option', quantity: 2 }]);
    const submit = screen.getByRole('button', { name: 'Continue to checkout' });
    expect(submit).toBeDisabled();
    fireEvent.change(screen.getByLabelText('Full name'), { target: { value: ADDRESS.name } });
    fireEvent.change(screen.getByLabelText('Address line 1'), { target: { value: ADDRESS.line1 } });
    fireEvent.change(screen.getByLabelText('City'), { target: { value: ADDRESS.city } });
    fireEvent.change(screen.getByLabelText('Postal code'), { target: { value: ADDRESS.postal_code } });
    fireEvent.change(screen.getByLabelText('Country code (e.g. US)'), { target: { value: 'no' } });
    fireEvent.click(submit);
    const pay = await screen.findByRole('link', { name: 'Pay at Fjord Outfitters' }, { timeout: 5000 });
    expect(pay).toHaveAttribute('href', CART.checkout_url);
    expect(screen.getByText('€164.00')).toBeInTheDocument();
    expect(shipped).toEqual([{ cart_id: CART.cart_id, shipping_address: ADDRESS }]);
  });
});

describe("a Shopify store's product details", () => {
  const mocks = withMockServer('signed-in');
  it('offer Buy at the store instead of the in-thread payment', async () => {
    const option = {
      option_key: 'shopify-m',
      label: 'M',
      size: 'M',
      color: null,
      price_minor: 15_900,
      currency: 'EUR',
      availability: 'in_stock',
      available: true,
      image_url: null,
      link: 'https://fjord.example/products/jacket',
    };
    mocks.server.use(
      http.post('*/rest/shopping/fetch-product-details', () =>
        HttpResponse.json({
          product_id: 'shopify:p1',
          title: 'Fjord jacket',
          description: '',
          brand: 'Fjord',
          link: option.link,
          images: [],
          rating: null,
          review_count: null,
          merchant_id: 'shopify',
          merchant_name: 'Fjord Outfitters',
          merchant_kind: 'shopify',
          selected_option_key: option.option_key,
          options: [option],
        }),
      ),
    );
    render(
      <QueryClientProvider client={createQueryClient()}>
        <ProductDetailsDialog optionKey="shopify-m" onClose={() => {}} />
      </QueryClientProvider>,
    );
    expect(await screen.findByRole('button', { name: 'Buy at Fjord Outfitters' }, { timeout: 5000 })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Buy' })).not.toBeInTheDocument();
  });
});
