// @vitest-environment happy-dom
// The username and full name modals against the mock API: opened from the sidebar's account
// corner, they save the edit, close with a toast, and the corner shows the new name and handle;
// a taken username is refused in the server's words and the modal stays open.
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ModalProvider } from '../../app/modals/host';
import { Account } from '../../app/layout/account';
import { Toaster } from '../../app/toaster';
import { createQueryClient } from '../../platform/query-client';
import { withMockServer } from '../../testing/mock-server';

withMockServer('signed-in');

async function setup() {
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <ModalProvider>
          <Account compact={false} />
          <Toaster />
        </ModalProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  await screen.findByTestId('account-name', {}, { timeout: 5000 });
  return user;
}

describe('the profile modals', () => {
  it('edits the full name from the account corner', async () => {
    const user = await setup();
    await user.click(screen.getByTestId('account-name'));
    const dialog = await screen.findByRole('dialog', { name: 'Full name' }, { timeout: 5000 });
    const field = screen.getByLabelText('Name');
    await user.clear(field);
    await user.type(field, 'Grace Hopper{Enter}');
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(await screen.findByText('Your name is saved.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('account-name').textContent).toBe('Grace Hopper'));
  });

  it('chooses a username, shown as the handle afterwards', async () => {
    const user = await setup();
    await user.click(screen.getByRole('button', { name: /Choose a username|^@/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Username' }, { timeout: 5000 });
    const field = screen.getByRole('textbox', { name: 'Username' });
    await user.clear(field);
    await user.type(field, 'grace.h{Enter}');
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(await screen.findByRole('button', { name: '@grace.h' })).toBeInTheDocument();
  });
});
