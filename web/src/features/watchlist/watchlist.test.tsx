// @vitest-environment happy-dom
// The watchlist in the app against the mock API (the server's rules): added from the modal's search
// and shown on /finance with its price; an add the server refuses is rolled back, with the seed's
// "Watchlist full (max 50 items)." when it is full; a reorder that fails puts the order back; quick
// changes are refetched once the last has settled, so a removed item does not come back meanwhile;
// changes reach the server one after another, in the order made; prices are asked again once the
// last change has landed.
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routes } from '../../app/routes';
import { createQueryClient } from '../../platform/query-client';
import { withMockServer } from '../../testing/mock-server';

const mocks = withMockServer('signed-in');
const SUBSCRIPTION = '*/rest/homepage-widgets/watchlist/subscription';

function atFinance() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={createMemoryRouter(routes, { initialEntries: ['/finance'] })} />
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

async function openModalAndAdd(user: ReturnType<typeof userEvent.setup>, search: string, symbol: string) {
  const dialog = screen.queryByRole('dialog', { name: 'Watchlist' }) ?? (await openModal(user));
  const box = within(dialog).getByRole('searchbox', { name: 'Search' });
  await user.clear(box);
  await user.type(box, search);
  await user.click(await within(dialog).findByRole('button', { name: `Add ${symbol}` }, { timeout: 5000 }));
  return dialog;
}
async function openModal(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Edit watchlist' }, { timeout: 5000 }));
  return screen.findByRole('dialog', { name: 'Watchlist' });
}
const listed = (dialog: HTMLElement) =>
  within(dialog)
    .queryAllByRole('listitem')
    .filter((li) => li.closest('ol[aria-label="Your watchlist"]'))
    .map((li) => li.textContent?.split(' ')[0]);

describe('the watchlist', () => {
  it('adds from the search and shows the ticker on /finance with its price and change', async () => {
    const user = atFinance();
    expect(await screen.findByText('Your watchlist is empty. Use Edit watchlist to add tickers.', {}, { timeout: 5000 })).toBeInTheDocument();
    const dialog = await openModalAndAdd(user, 'apple', 'AAPL');
    await expect.poll(() => listed(dialog)).toEqual(['AAPL']);
    expect(await within(dialog).findByRole('button', { name: 'AAPL is on your watchlist' })).toHaveAttribute('aria-disabled', 'true');
    await user.keyboard('{Escape}');
    const row = await screen.findByRole('row', { name: /AAPL/ });
    await expect.poll(() => row.textContent).toMatch(/APPLE INC\$190\.12\+2\.62 \(\+1\.40%\)/);
    expect(screen.getByRole('img', { name: /Day's change by ticker: AAPL \+1\.40%/ })).toBeInTheDocument();
  });

  it('an add the server refuses is rolled back; a full list says the seed’s words', async () => {
    const user = atFinance();
    mocks.server.use(
      http.put(
        SUBSCRIPTION,
        () =>
          HttpResponse.json(
            { type: 'about:blank', title: 'Conflict', status: 409, code: 'watchlist_full', detail: 'Watchlist full (max 50 items).' },
            { status: 409 },
          ),
        {
          once: true,
        },
      ),
    );
    const dialog = await openModalAndAdd(user, 'micro', 'MSFT');
    expect(await screen.findByText('Watchlist full (max 50 items).')).toBeInTheDocument();
    await expect.poll(() => listed(dialog)).toEqual([]);
    expect(within(dialog).getByText('Nothing here yet.')).toBeInTheDocument();
  });

  it('a reorder that fails puts the order back', async () => {
    const { user, dialog } = await withAppleAndMicrosoft();
    mocks.server.use(
      http.patch(SUBSCRIPTION, () => HttpResponse.json({ type: 'about:blank', title: 'Error', status: 500, code: 'boom' }, { status: 500 }), { once: true }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Move MSFT up' }));
    expect(await screen.findByText('Could not reorder the watchlist. Please try again.')).toBeInTheDocument();
    await expect.poll(() => listed(dialog)).toEqual(['AAPL', 'MSFT']);
    await user.click(within(dialog).getByRole('button', { name: 'Move MSFT up' }));
    await expect.poll(() => listed(dialog)).toEqual(['MSFT', 'AAPL']);
  });

  it('a reorder then a quick remove: the list is not refetched until the remove has landed, so the removed item stays gone', async () => {
    const { user, dialog } = await withAppleAndMicrosoft();
    const log: string[] = [];
    // Each handler notes the call and falls through to the mock server's own (it returns nothing).
    mocks.server.use(
      http.patch(SUBSCRIPTION, async () => {
        await delay(100);
        log.push('reorder answered');
      }),
      http.delete(SUBSCRIPTION, async () => {
        await delay(500);
        log.push('remove answered');
      }),
      http.get(SUBSCRIPTION, () => {
        log.push('list read');
      }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Move MSFT up' }));
    await user.click(within(dialog).getByRole('button', { name: 'Remove AAPL' }));
    await expect.poll(() => log.includes('list read')).toBe(true);
    expect(log).toEqual(['reorder answered', 'remove answered', 'list read']);
    await expect.poll(() => listed(dialog)).toEqual(['MSFT']);
  });

  it('an add then a quick move of the added item: the move is sent once the add has landed, so the server has the item to move', async () => {
    const { user, dialog } = await withApple();
    const log: string[] = [];
    mocks.server.use(
      http.put(SUBSCRIPTION, async () => {
        await delay(500);
        log.push('add answered');
      }),
      http.patch(SUBSCRIPTION, () => {
        log.push('move sent');
      }),
      http.get(SUBSCRIPTION, () => {
        log.push('list read');
      }),
    );
    await openModalAndAdd(user, 'micro', 'MSFT');
    await user.click(within(dialog).getByRole('button', { name: 'Move MSFT up' }));
    await expect.poll(() => log.includes('list read'), { timeout: 3000 }).toBe(true);
    expect(log).toEqual(['add answered', 'move sent', 'list read']);
    // The server's list, read after both, has the move.
    await expect.poll(() => listed(dialog)).toEqual(['MSFT', 'AAPL']);
  });

  it('a price asked while its add was still on its way is asked again once the add has landed', async () => {
    const user = atFinance();
    await screen.findByText('Your watchlist is empty. Use Edit watchlist to add tickers.', {}, { timeout: 5000 });
    const log: string[] = [];
    mocks.server.use(
      http.put(SUBSCRIPTION, async () => {
        await delay(500);
        log.push('add answered');
      }),
      http.get('*/rest/homepage-widgets/watchlist/quotes', () => {
        log.push('prices read');
      }),
    );
    await openModalAndAdd(user, 'apple', 'AAPL');
    await user.keyboard('{Escape}');
    const row = await screen.findByRole('row', { name: /AAPL/ });
    await expect.poll(() => row.textContent, { timeout: 3000 }).toMatch(/APPLE INC\$190\.12\+2\.62 \(\+1\.40%\)/);
    // The first read answered the server's list from before the add: no price for AAPL yet.
    expect(log.slice(0, 2)).toEqual(['prices read', 'add answered']);
    expect(log.at(-1)).toBe('prices read');
  });
});

/** The finance watchlist's modal holding AAPL. */
async function withApple() {
  const user = atFinance();
  const dialog = await openModalAndAdd(user, 'apple', 'AAPL');
  await expect.poll(() => listed(dialog)).toEqual(['AAPL']);
  return { user, dialog };
}

/** The finance watchlist's modal holding AAPL then MSFT. */
async function withAppleAndMicrosoft() {
  const { user, dialog } = await withApple();
  await openModalAndAdd(user, 'micro', 'MSFT');
  await expect.poll(() => listed(dialog)).toEqual(['AAPL', 'MSFT']);
  return { user, dialog };
}
