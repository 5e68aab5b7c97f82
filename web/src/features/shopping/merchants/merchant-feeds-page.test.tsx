// @vitest-environment happy-dom
// The merchant feeds page against the mock API: each merchant with its products and last good
// sync; a merchant whose last sync failed shows the reason and that the last good catalogue stays;
// one never synced says so; a server with no merchant says so and how an operator adds one.
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { withMockServer } from '../../../testing/mock-server';
import { testQueryClient } from '../../../testing/query-clients';
import MerchantFeedsPage from './merchant-feeds-page';

const mocks = withMockServer('anonymous');

function show() {
  render(
    <QueryClientProvider client={testQueryClient()}>
      <MemoryRouter>
        <MerchantFeedsPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('the merchant feeds page', () => {
  it('shows each merchant: products, last good sync, and a failure after it with its reason', async () => {
    mocks.server.use(
      http.get('*/rest/shopping/merchant-feeds', () =>
        HttpResponse.json({
          merchants: [
            {
              merchant_id: 'peak',
              merchant_name: 'Peak Outdoors',
              product_count: 1250,
              last_ok_at: '2026-03-01T10:00:00Z',
              last_error: null,
              last_error_at: null,
            },
            {
              merchant_id: 'trail',
              merchant_name: 'Trail Co',
              product_count: 3,
              last_ok_at: '2026-03-01T09:00:00Z',
              last_error: 'The feed has no price column.',
              last_error_at: '2026-03-01T10:00:00Z',
            },
            { merchant_id: 'new', merchant_name: 'New Shop', product_count: 0, last_ok_at: null, last_error: null, last_error_at: null },
          ],
        }),
      ),
    );
    show();
    const peak = await screen.findByRole('listitem', { name: 'Peak Outdoors' });
    expect(within(peak).getByText('Synced')).toBeInstanceOf(HTMLElement);
    expect(within(peak).getByText(/^1,250 products · last synced /)).toBeInstanceOf(HTMLElement);
    const trail = screen.getByRole('listitem', { name: 'Trail Co' });
    expect(within(trail).getByText('Last sync failed')).toBeInstanceOf(HTMLElement);
    expect(within(trail).getByText(/^Failed .*: The feed has no price column\. The products of the last good sync are still shown\.$/)).toBeInstanceOf(
      HTMLElement,
    );
    const fresh = screen.getByRole('listitem', { name: 'New Shop' });
    expect(within(fresh).getByText('Not synced yet')).toBeInstanceOf(HTMLElement);
    expect(within(fresh).getByText('0 products · never synced yet')).toBeInstanceOf(HTMLElement);
  });

  it('says plainly when no merchant is set up', async () => {
    mocks.server.use(http.get('*/rest/shopping/merchant-feeds', () => HttpResponse.json({ merchants: [] })));
    show();
    expect(await screen.findByText('No merchant is set up on this server.')).toBeInstanceOf(HTMLElement);
    expect(screen.getByText(/MERCHANT_FEEDS_FILE/)).toBeInstanceOf(HTMLElement);
    expect(screen.queryByRole('list')).toBeNull();
  });
});
