// @vitest-environment happy-dom
// The pages a mailed link or the login modal leads to, against the mock API: verifying an
// address, asking for a reset link, choosing a new password; and the account page's password form.
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { DEMO_ACCOUNT } from '../../../../mocks/scenarios';
import { createQueryClient } from '../../platform/query-client';
import { withMockServer } from '../../testing/mock-server';
import AccountDetailsPage from '../account/details-page';
import ForgotPasswordPage from './forgot-password-page';
import ResetPasswordPage from './reset-password-page';
import VerifyEmailPage from './verify-email-page';
import { ModalProvider } from '../../app/modals/host';

withMockServer('signed-in');

function at(path: string, element: ReactNode, route: string) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <ModalProvider>
          <Routes>
            <Route path={route} element={element} />
          </Routes>
        </ModalProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

describe('verifying an address', () => {
  it('says the address was verified already when its link is opened again', async () => {
    at(`/verify-email?token=mock-verify:${DEMO_ACCOUNT.id}`, <VerifyEmailPage />, '/verify-email');
    expect(await screen.findByRole('status')).toHaveTextContent(`${DEMO_ACCOUNT.email} was already verified.`);
  });

  it('says in the product’s words when a link is not valid', async () => {
    at('/verify-email?token=forged', <VerifyEmailPage />, '/verify-email');
    expect(await screen.findByRole('alert')).toHaveTextContent('This link is not valid any more: it was used already or it expired. Ask for a new one.');
  });
});

describe('a forgotten password', () => {
  it('asks for the address and says a link is on its way, whether or not it has an account', async () => {
    const user = at('/forgot-password', <ForgotPasswordPage />, '/forgot-password');
    await user.type(await screen.findByLabelText('Email'), 'someone@example.com');
    await user.click(screen.getByRole('button', { name: 'Mail me a link' }));
    expect(await screen.findByRole('status')).toHaveTextContent('If an account has this address, we mailed it a link to choose a new password.');
  });

  it('takes a new password from the mailed link, and refuses a link that is not valid', async () => {
    const user = at(`/reset-password?token=mock-reset:${DEMO_ACCOUNT.id}`, <ResetPasswordPage />, '/reset-password');
    await user.type(await screen.findByLabelText('New password', { exact: true }), 'a-new-long-password');
    await user.click(screen.getByRole('button', { name: 'Save the new password' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Your password is changed and every device was signed out.');
  });

  it('says a link is not valid and offers a new one', async () => {
    const user = at('/reset-password?token=forged', <ResetPasswordPage />, '/reset-password');
    await user.type(await screen.findByLabelText('New password', { exact: true }), 'a-new-long-password');
    await user.click(screen.getByRole('button', { name: 'Save the new password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This link is not valid any more');
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute('href', '/forgot-password');
  });
});

describe('the account page', () => {
  it('shows the address as verified and changes the password only with the current one', async () => {
    const user = at('/account/details', <AccountDetailsPage />, '/account/details');
    expect(await screen.findByText('(verified)')).toBeInTheDocument();
    const nameForm = screen.getByRole('form', { name: 'Your name' });
    await user.clear(within(nameForm).getByLabelText('Name'));
    await user.type(within(nameForm).getByLabelText('Name'), 'Ada King');
    await user.click(within(nameForm).getByRole('button', { name: 'Save name' }));
    expect(await within(nameForm).findByRole('status')).toHaveTextContent('Your name is saved.');
    const devices = await screen.findByRole('list', { name: 'Signed-in devices' });
    expect(devices).toHaveTextContent('This browser (this device)');
    const form = screen.getByRole('form', { name: 'Change password' });
    await user.type(within(form).getByLabelText('Current password'), 'not-my-password');
    await user.type(screen.getByLabelText('New password', { exact: true }), 'a-new-long-password');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The current password is not right.');
    await user.clear(within(form).getByLabelText('Current password'));
    await user.type(within(form).getByLabelText('Current password'), DEMO_ACCOUNT.password);
    await user.type(screen.getByLabelText('New password', { exact: true }), 'a-new-long-password');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Your password is changed.')).toBeInTheDocument();
    expect(form).toBeInTheDocument();
  });

  it('changes the address only with the password; the new address then opens its link', async () => {
    const user = at('/account/details', <AccountDetailsPage />, '/account/details');
    await user.click(await screen.findByRole('button', { name: 'Change email' }));
    const form = screen.getByRole('form', { name: 'Change email' });
    await user.type(within(form).getByLabelText('New email'), 'ada@new.example');
    await user.type(within(form).getByLabelText('Current password'), 'not-my-password');
    await user.click(within(form).getByRole('button', { name: 'Send the link' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('The current password is not right.');
    await user.clear(within(form).getByLabelText('Current password'));
    await user.type(within(form).getByLabelText('Current password'), DEMO_ACCOUNT.password);
    await user.click(within(form).getByRole('button', { name: 'Send the link' }));
    expect(await within(form).findByRole('status')).toHaveTextContent(
      `We sent a link to ada@new.example. Open it to finish; until then your address stays ${DEMO_ACCOUNT.email}.`,
    );
  });

  it('says the new address took effect when its link is opened', async () => {
    const user = at('/account/details', <AccountDetailsPage />, '/account/details');
    await user.click(await screen.findByRole('button', { name: 'Change email' }));
    const form = screen.getByRole('form', { name: 'Change email' });
    await user.type(within(form).getByLabelText('New email'), 'ada@moved.example');
    await user.type(within(form).getByLabelText('Current password'), DEMO_ACCOUNT.password);
    await user.click(within(form).getByRole('button', { name: 'Send the link' }));
    await within(form).findByRole('status');
    at(`/verify-email?token=mock-change-email:${DEMO_ACCOUNT.id}`, <VerifyEmailPage />, '/verify-email');
    expect(await screen.findByText("Your account's address is now ada@moved.example.")).toBeInTheDocument();
  });

  it('saves a username', async () => {
    const user = at('/account/details', <AccountDetailsPage />, '/account/details');
    const form = await screen.findByRole('form', { name: 'Your username' });
    await user.type(within(form).getByLabelText('Username'), 'Ada.L');
    await user.click(within(form).getByRole('button', { name: 'Save username' }));
    expect(await within(form).findByRole('status')).toHaveTextContent('Your username is saved.');
  });
});
