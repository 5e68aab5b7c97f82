// @vitest-environment happy-dom
// Tasks in the app against the mock API (the server's rules): a scheduled task made in its
// modal (its runs kept off email), then paused, resumed, copied and deleted from /account/tasks with the action words in
// toasts; a shortcut made and then picked from the ask box by typing /; a price alert cannot be
// created while the server has no market data.
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../../platform/query-client';
import { routes } from '../../app/routes';
import { MARKET_DATA_NOT_CONFIGURED } from '../../../../services/market/pure';
import { withMockServer } from '../../testing/mock-server';

// A server without a market-data provider: price alerts cannot be made there.
withMockServer('signed-in', { marketData: 'off' });

function at(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { user: userEvent.setup(), router };
}

describe('tasks', () => {
  it('a scheduled task is created, paused, resumed, copied and deleted, each said in a toast', async () => {
    const { user } = at('/account/tasks');
    await user.click(await screen.findByRole('button', { name: 'New scheduled task' }, { timeout: 5000 }));
    const form = await screen.findByRole('form', { name: 'Scheduled task' });
    await user.type(within(form).getByRole('textbox', { name: 'Prompt' }), 'What is new in Rust?');
    // Its runs notify in the app and by push, not by email.
    await user.click(within(form).getByRole('checkbox', { name: 'Email' }));
    await user.click(within(form).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Scheduled task created')).toBeInTheDocument();
    const item = await screen.findByRole('listitem', { name: 'What is new in Rust?' });
    expect(within(item).getByText(/^Daily at 09:00/)).toBeInTheDocument();
    await user.click(within(item).getByRole('button', { name: 'Edit' }));
    const editing = await screen.findByRole('form', { name: 'Scheduled task' });
    expect(within(editing).getByRole('checkbox', { name: 'Email' })).not.toBeChecked();
    expect(within(editing).getByRole('checkbox', { name: 'In the app' })).toBeChecked();
    await user.click(within(editing).getByRole('button', { name: 'Cancel' }));
    expect(within(item).getByText('Not run yet')).toBeInTheDocument();
    await user.click(within(item).getByRole('button', { name: 'Pause' }));
    expect(await screen.findByText('Scheduled task paused')).toBeInTheDocument();
    await user.click(await within(item).findByRole('button', { name: 'Resume' }));
    expect(await screen.findByText('Scheduled task resumed')).toBeInTheDocument();
    await user.click(within(item).getByRole('button', { name: 'Copy' }));
    expect(await screen.findByText('Scheduled task copied')).toBeInTheDocument();
    await expect.poll(() => screen.queryAllByRole('listitem', { name: 'What is new in Rust?' }).length).toBe(2);
    await user.click(within(screen.getAllByRole('listitem', { name: 'What is new in Rust?' })[0]).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Scheduled task deleted')).toBeInTheDocument();
    await expect.poll(() => screen.queryAllByRole('listitem', { name: 'What is new in Rust?' }).length).toBe(1);
  });

  it('a price alert says why it cannot be created without market data', async () => {
    const { user } = at('/account/tasks');
    await user.click(await screen.findByRole('button', { name: 'New price alert' }, { timeout: 5000 }));
    // Said at once, before any field: none is offered to fill in vain, only Close.
    const notice = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(notice).toHaveTextContent(`Price alerts cannot be created on this server. ${MARKET_DATA_NOT_CONFIGURED}`);
    const modal = screen.getByRole('region', { name: 'Price alert' });
    expect(within(modal).queryByRole('textbox')).not.toBeInTheDocument();
    expect(within(modal).queryByRole('button', { name: 'Create' })).not.toBeInTheDocument();
    await user.click(within(modal).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('region', { name: 'Price alert' })).not.toBeInTheDocument();
  });

  it('a shortcut is saved, then picked in the ask box after /, which asks its prompt', async () => {
    const { user, router } = at('/account/shortcuts');
    await user.click(await screen.findByRole('button', { name: 'New shortcut' }, { timeout: 5000 }));
    const form = await screen.findByRole('form', { name: 'Shortcut' });
    await user.type(within(form).getByRole('textbox', { name: 'Shortcut name' }), 'Bread');
    await user.type(within(form).getByRole('textbox', { name: 'Prompt' }), 'Why does sourdough bread not rise?');
    await user.click(within(form).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Shortcut created')).toBeInTheDocument();
    await router.navigate('/');
    const box = await screen.findByLabelText('Ask anything');
    await user.type(box, '/bre');
    const list = await screen.findByRole('listbox', { name: 'Shortcuts' });
    expect(within(list).getByRole('option', { name: /Bread/ })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Enter}');
    await expect.poll(() => router.state.location.pathname).toMatch(/^\/search\//);
    expect(await screen.findByText('Why does sourdough bread not rise?', {}, { timeout: 5000 })).toBeInTheDocument();
  });
});
