// @vitest-environment happy-dom
// The ask box's suggestions against the mock API (the server's rules): typing shows the categories
// in the seed's order with a ticker's price; the keyboard alone moves through them (arrows), closes
// them (Escape) and picks one (Enter asks it); Enter with nothing highlighted asks what was typed.
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routes } from '../../app/routes';
import { createQueryClient } from '../../platform/query-client';
import { withMockServer } from '../../testing/mock-server';

withMockServer('signed-in');

function atHome() {
  const router = createMemoryRouter(routes, { initialEntries: ['/'] });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { user: userEvent.setup(), router };
}

describe('ask box suggestions', () => {
  it('shows tickers with their price, moves with the arrows, closes with Escape and asks the picked one with Enter', async () => {
    const { user, router } = atHome();
    const box = await screen.findByLabelText('Ask anything');
    await user.type(box, 'apple');
    const list = await screen.findByRole('listbox', { name: 'Suggestions' }, { timeout: 5000 });
    const option = within(list).getByRole('option', { name: /AAPL/ });
    expect(option.textContent).toMatch(/APPLE INC.*\$190\.12.*\+2\.62 \(\+1\.40%\)/);
    expect(box).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{ArrowDown}');
    expect(box).toHaveAttribute('aria-activedescendant', option.id);
    expect(option).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowUp}');
    expect(box).not.toHaveAttribute('aria-activedescendant');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox', { name: 'Suggestions' })).not.toBeInTheDocument();
    await user.type(box, ' ');
    await screen.findByRole('listbox', { name: 'Suggestions' }, { timeout: 5000 });
    await user.keyboard('{ArrowDown}{Enter}');
    await expect.poll(() => router.state.location.pathname, { timeout: 5000 }).toMatch(/^\/search\/aapl-/);
    expect(await screen.findByRole('article', { name: 'AAPL' }, { timeout: 5000 })).toBeInTheDocument();
  });
});
