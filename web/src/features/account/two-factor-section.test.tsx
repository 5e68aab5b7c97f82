// @vitest-environment happy-dom
// Two-factor sign-in against the mock API: set up on the account page with the password and a
// first code from the app (otpauth stands in for the phone), then the sign-in form's second step.
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as OTPAuth from 'otpauth';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { DEMO_ACCOUNT } from '../../../../mocks/scenarios';
import { createQueryClient } from '../../platform/query-client';
import { withMockServer } from '../../testing/mock-server';
import { SignInForm } from '../auth/login-forms';
import { TwoFactorSection } from './two-factor-section';

withMockServer('signed-in');

function show(node: React.ReactNode) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>{node}</MemoryRouter>
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

const appFor = (key: string) => new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(key.replace(/\s+/g, '')), digits: 6, period: 30 });

describe('two-factor authentication', () => {
  it('is set up with the password, shows the key and backup codes, and is on after a first code', async () => {
    const user = show(<TwoFactorSection />);
    const start = await screen.findByRole('form', { name: 'Turn on two-factor authentication' });
    await user.type(within(start).getByLabelText('Current password'), 'not-my-password');
    await user.click(within(start).getByRole('button', { name: 'Set up two-factor authentication' }));
    expect(await within(start).findByRole('alert')).toHaveTextContent('The current password is not right.');
    await user.clear(within(start).getByLabelText('Current password'));
    await user.type(within(start).getByLabelText('Current password'), DEMO_ACCOUNT.password);
    await user.click(within(start).getByRole('button', { name: 'Set up two-factor authentication' }));

    const key = (await screen.findByLabelText('Setup key')) as HTMLInputElement;
    expect(within(screen.getByRole('list', { name: 'Backup codes' })).getAllByRole('listitem')).toHaveLength(10);
    const confirm = screen.getByRole('form', { name: 'Confirm two-factor authentication' });
    await user.type(within(confirm).getByLabelText('Code from your authenticator app'), appFor(key.value).generate());
    await user.click(within(confirm).getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByText('On: signing in asks for a code from your authenticator app.')).toBeInTheDocument();

    // Renewing the backup codes needs the password too.
    const manage = screen.getByRole('form', { name: 'Manage two-factor authentication' });
    await user.type(within(manage).getByLabelText('Current password'), DEMO_ACCOUNT.password);
    await user.click(within(manage).getByRole('button', { name: 'New backup codes' }));
    expect(within(await screen.findByRole('list', { name: 'Backup codes' })).getAllByRole('listitem')).toHaveLength(10);
  });

  it('asks at sign-in for a code after the password; a wrong one is refused in words', async () => {
    // Two-factor on for the demo account, then signed out.
    const setUp = await fetch('/api/auth/two-factor/enable', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ password: DEMO_ACCOUNT.password }),
    }).then((r) => r.json());
    const app = OTPAuth.URI.parse(setUp.totp_uri) as OTPAuth.TOTP;
    await fetch('/api/auth/two-factor/confirm', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code: app.generate() }),
    });
    await fetch('/api/auth/sign-out', { method: 'POST' });

    const signedIn = vi.fn();
    const user = show(<SignInForm onSignedIn={signedIn} />);
    await user.type(screen.getByLabelText('Email'), DEMO_ACCOUNT.email);
    await user.type(screen.getByLabelText('Password'), DEMO_ACCOUNT.password);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    const step = await screen.findByRole('form', { name: 'Two-factor code' });
    expect(signedIn).not.toHaveBeenCalled();
    await user.type(within(step).getByLabelText('Code from your authenticator app'), app.generate({ timestamp: Date.now() - 600_000 }));
    await user.click(within(step).getByRole('button', { name: 'Verify' }));
    expect(await within(step).findByRole('alert')).toHaveTextContent('That code is not right.');
    await user.clear(within(step).getByLabelText('Code from your authenticator app'));
    await user.type(within(step).getByLabelText('Code from your authenticator app'), app.generate());
    await user.click(within(step).getByRole('button', { name: 'Verify' }));
    await vi.waitFor(() => expect(signedIn).toHaveBeenCalledWith(DEMO_ACCOUNT.name));
  });
});
