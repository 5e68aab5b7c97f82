// @vitest-environment happy-dom
// "Export your data" and "Delete account" on /account/details against the mock API: the export
// is prepared and offered for download; deletion asks for the password and DELETE, confirms in a
// dialog, shows the server's refusal, and when it succeeds leaves the person signed out at /.
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { DEMO_ACCOUNT } from '../../../../mocks/scenarios';
import { createQueryClient } from '../../platform/query-client';
import { routes } from '../../app/routes';
import { withMockServer } from '../../testing/mock-server';

const mocks = withMockServer('signed-in');

function at(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('data rights on /account/details', () => {
  it('prepares an export and offers its download', async () => {
    at('/account/details');
    await userEvent.click(await screen.findByRole('button', { name: 'Export your data' }, { timeout: 5000 }));
    const link = await screen.findByRole('link', { name: 'Download your data' }, { timeout: 5000 });
    expect(link.getAttribute('href')).toMatch(/^\/rest\/account\/export\/[0-9a-f-]{36}\/download$/);
    expect(link).toHaveAttribute('download');
  });

  it('refuses a wrong password after the confirm dialog, then deletes and signs out', async () => {
    const router = at('/account/details');
    await userEvent.click(await screen.findByRole('button', { name: 'Delete account' }, { timeout: 5000 }));
    const form = screen.getByRole('form', { name: 'Delete account' });
    await userEvent.type(within(form).getByLabelText('Current password'), 'not-the-password');
    await userEvent.type(within(form).getByLabelText('Type DELETE to confirm'), 'DELETE');
    await userEvent.click(within(form).getByRole('button', { name: 'Delete my account' }));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete for good' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('The current password is not right.');

    await userEvent.clear(within(form).getByLabelText('Current password'));
    await userEvent.type(within(form).getByLabelText('Current password'), DEMO_ACCOUNT.password);
    await userEvent.click(within(form).getByRole('button', { name: 'Delete my account' }));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete for good' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('tells the last owner of an organisation with members to hand it over first, and links to its members', async () => {
    mocks.server.use(
      http.post('*/rest/account/delete', () =>
        HttpResponse.json(
          {
            type: 'about:blank',
            title: 'Conflict',
            status: 409,
            code: 'last_owner_must_hand_over',
            detail: 'You are the last owner of Demo Works. Make another member an owner (Organisation settings, Members) before you delete your account.',
          },
          { status: 409, headers: { 'content-type': 'application/problem+json' } },
        ),
      ),
    );
    const router = at('/account/details');
    await userEvent.click(await screen.findByRole('button', { name: 'Delete account' }, { timeout: 5000 }));
    const form = screen.getByRole('form', { name: 'Delete account' });
    await userEvent.type(within(form).getByLabelText('Current password'), DEMO_ACCOUNT.password);
    await userEvent.type(within(form).getByLabelText('Type DELETE to confirm'), 'DELETE');
    await userEvent.click(within(form).getByRole('button', { name: 'Delete my account' }));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete for good' }));
    const alert = await within(form).findByRole('alert');
    expect(alert).toHaveTextContent('You are the last owner of Demo Works.');
    await userEvent.click(within(alert).getByRole('link', { name: 'Hand over ownership' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/account/org/members'));
  });

  it('asks an account without a password (made by an identity provider) to set one before it can delete', async () => {
    mocks.scenario.state.accounts.find((a) => a.user.id === DEMO_ACCOUNT.id)!.password = '';
    at('/account/details');
    await screen.findByRole('form', { name: 'Set a password' }, { timeout: 5000 });
    await userEvent.click(screen.getByRole('button', { name: 'Delete account' }));
    expect(await screen.findByText(/Deleting your account asks for your password, and this account has none yet/)).toBeVisible();
    expect(screen.queryByRole('form', { name: 'Delete account' })).toBeNull();
    expect(screen.queryByRole('form', { name: 'Change password' })).toBeNull();
    expect(screen.getByText(/set a password above to turn it on/)).toBeVisible();
  });
});
