// @vitest-environment happy-dom
// Product cards in the web app against the mock API (the same handlers as `make dev-mocks`): a
// buying question's answer shows cards with price, merchant and rating; a card opens the product
// with its options, and choosing another option shows its price; a question about something else
// shows none, and neither does a server with no merchant.
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setupMocks } from '../../../../../mocks/node';
import { ModalProvider } from '../../../app/modals/host';
import { clearQueryClients, testQueryClient } from '../../../testing/query-clients';
import HomePage from '../../home/home-page';
import NewThreadPage from '../../search/new-thread-page';
import ThreadPage from '../../search/thread-page';

const mocks = setupMocks('anonymous');
beforeAll(mocks.listen);
afterEach(() => {
  cleanup();
  clearQueryClients();
  mocks.reset();
});
afterAll(mocks.close);

function setup() {
  const user = userEvent.setup();
  const router = createMemoryRouter(
    [
      {
        element: (
          <ModalProvider>
            <Outlet />
          </ModalProvider>
        ),
        children: [
          { path: '/', element: <HomePage /> },
          { path: '/search/new', element: <NewThreadPage /> },
          { path: '/search/:slug', element: <ThreadPage /> },
        ],
      },
    ],
    { initialEntries: ['/'] },
  );
  render(
    <QueryClientProvider client={testQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { user };
}

async function ask(user: ReturnType<typeof userEvent.setup>, question: string) {
  await user.type(screen.getByLabelText('Ask anything'), `${question}{Enter}`);
  const entry = () => within(screen.getByRole('article', { name: question }));
  await waitFor(() => entry().getByRole('button', { name: 'Copy' }), { timeout: 10_000 });
  return entry;
}

describe('product cards in an answer', () => {
  it('a buying question shows cards; a card opens the product, and another option shows its own price', async () => {
    const { user } = setup();
    const entry = await ask(user, 'a waterproof hiking jacket under 200 euros');
    // The first cards open the onboarding above them (the page under it is hidden meanwhile).
    const onboarding = await screen.findByRole('dialog', { name: 'Shopping in your answers' }, { timeout: 5000 });
    await waitFor(() => within(onboarding).getByText(/Connected now: Peak Outdoors, Trail Co\./));
    // Payments are off on the mock server: it says so rather than offering to pay.
    expect(within(onboarding).getByText(/Paying here is not set up on this server/)).toBeInstanceOf(HTMLElement);
    await user.click(within(onboarding).getByRole('button', { name: 'Got it' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Shopping in your answers' })).toBeNull());
    const products = entry().getByRole('region', { name: 'Products' });
    const cards = within(products).getAllByRole('button', { name: / at / });
    expect(cards.map((c) => c.getAttribute('aria-label'))).toEqual([
      'Alpine waterproof hiking jacket, €189.00 at Peak Outdoors',
      'Lightweight hiking jacket, €149.00 at Trail Co',
    ]);
    expect(within(products).getByLabelText('Rated 4.6 out of 5 from 120 reviews')).toBeInstanceOf(HTMLElement);

    await user.click(cards[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Alpine waterproof hiking jacket' });
    expect(within(dialog).getByTestId('product-details-price').textContent).toBe('€189.00');
    await user.click(within(dialog).getByText('Blue / L'));
    expect(within(dialog).getByTestId('product-details-price').textContent).toBe('€195.00');
    expect(within(dialog).getByRole('img', { name: 'Alpine waterproof hiking jacket, Blue / L' })).toBeInstanceOf(HTMLElement);
    await user.click(within(dialog).getByText('Blue / XL (out of stock)'));
    expect(within(dialog).getByText('Out of stock')).toBeInstanceOf(HTMLElement);
    expect((within(dialog).getByRole('button', { name: 'Buy' }) as HTMLButtonElement).disabled).toBe(true);
    await user.keyboard('{Escape}');

    // The heading's button opens it again.
    await user.click(within(products).getByRole('button', { name: 'How shopping works' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Shopping in your answers' })).getByRole('button', { name: 'Got it' }));

    // Shown once on this device: the next cards come without it.
    cleanup();
    const next = await ask(setup().user, 'a waterproof hiking jacket under 150 euros');
    await waitFor(() => next().getByRole('region', { name: 'Products' }), { timeout: 5000 });
    expect(screen.queryByRole('dialog', { name: 'Shopping in your answers' })).toBeNull();
  });

  it('a question about something else shows no products, once the search has answered', async () => {
    const answered: unknown[] = [];
    const listener = async ({ request, response }: { request: Request; response: Response }) => {
      if (request.url.endsWith('/rest/shopping/search-shopping-for-entry')) answered.push(await response.clone().json());
    };
    mocks.server.events.on('response:mocked', listener);
    try {
      const { user } = setup();
      const entry = await ask(user, 'how do I share a thread?');
      await waitFor(() => expect(answered).toEqual([{ shopping_widgets: [] }]), { timeout: 5000 });
      expect(entry().queryByRole('region', { name: 'Products' })).toBeNull();
    } finally {
      mocks.server.events.removeListener('response:mocked', listener);
    }
  });
});
