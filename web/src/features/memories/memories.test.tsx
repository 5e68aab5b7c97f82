// @vitest-environment happy-dom
// The memories in the app against the mock API (the server's rules): added by hand in the list,
// the not-helpful flow (preset reasons, 'Other...' with a comment: send disabled while empty,
// Enter sends, the thank-you toast), deletes that leave at once and roll back when refused,
// and delete-all.
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../../platform/query-client';
import { routes } from '../../app/routes';
import { withMockServer } from '../../testing/mock-server';
import { FEEDBACK_THANKS, NOT_REFERENCED } from './memory-feedback';

const mocks = withMockServer('signed-in');

async function openList() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={createMemoryRouter(routes, { initialEntries: ['/account/personalize'] })} />
    </QueryClientProvider>,
  );
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Manage memories' }, { timeout: 5000 }));
  const dialog = await screen.findByRole('dialog', { name: 'Memories' });
  return { user, dialog };
}

async function add(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement, text: string) {
  await user.type(within(dialog).getByRole('textbox', { name: 'Something to remember' }), text);
  await user.click(within(dialog).getByRole('button', { name: 'Add' }));
  await within(dialog).findByText(text);
}

describe('memories', () => {
  it('not helpful asks why; a comment is sent with Enter once written, and thanked', async () => {
    const { user, dialog } = await openList();
    await add(user, dialog, 'I am vegetarian');
    await user.click(within(dialog).getByText('I am vegetarian'));
    const detail = await screen.findByRole('dialog', { name: 'Memory' });
    await user.click(await within(detail).findByRole('button', { name: 'Not helpful' }));
    expect(await within(detail).findByText(NOT_REFERENCED)).toBeInTheDocument();
    for (const reason of ['Out of date', 'Inaccurate', 'Irrelevant']) expect(within(detail).getByRole('button', { name: reason })).toBeInTheDocument();
    await user.click(within(detail).getByRole('button', { name: 'Other...' }));
    expect(within(detail).getByRole('button', { name: 'Send' })).toBeDisabled();
    const comment = within(detail).getByRole('textbox', { name: 'Comment' });
    await user.type(comment, 'I eat fish now');
    expect(within(detail).getByRole('button', { name: 'Send' })).toBeEnabled();
    await user.type(comment, '{Enter}');
    expect(await screen.findByText(FEEDBACK_THANKS)).toBeInTheDocument();
    // Clicking the verdict already given clears it.
    await user.click(within(detail).getByRole('button', { name: 'Not helpful' }));
    await waitFor(() => expect(within(detail).queryByText(NOT_REFERENCED)).not.toBeInTheDocument());
  });

  it('a delete leaves the list at once and comes back when the server refuses; delete-all empties it', async () => {
    const { user, dialog } = await openList();
    await add(user, dialog, 'I live in Oslo');
    await add(user, dialog, 'My dog is Rex');
    mocks.server.use(http.delete('*/rest/memories/delete', () => HttpResponse.json({ code: 'boom', status: 500 }, { status: 500 }), { once: true }));
    await user.click(within(dialog).getByRole('button', { name: 'Delete memory: I live in Oslo' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete memory' })).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByText('I live in Oslo')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Delete memory: I live in Oslo' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete memory' })).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(within(dialog).queryByText('I live in Oslo')).not.toBeInTheDocument());
    expect(within(dialog).getByText('My dog is Rex')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Delete all' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete all memories' })).getByRole('button', { name: 'Delete all' }));
    expect(await within(dialog).findByText('Nothing remembered yet.')).toBeInTheDocument();
  });
});
