// @vitest-environment happy-dom
// The sign-in screen's provider buttons: one per provider the server lists, none without any;
// and the page a failed provider sign-in lands on.
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { getGetAuthSettingsMockHandler } from '../../../../generated/msw/auth/auth.msw';
import { createQueryClient } from '../../platform/query-client';
import { withMockServer } from '../../testing/mock-server';
import { useAuthSettings } from './auth-settings';
import { ProviderButtons } from './provider-buttons';
import SignInFailedPage from './sign-in-failed-page';

const mocks = withMockServer('anonymous');

function SettingsProbe() {
  return useAuthSettings() ? <p>settings loaded</p> : null;
}

function show(path = '/') {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/" element={<ProviderButtons />} />
          <Route
            path="/with-probe"
            element={
              <>
                <ProviderButtons />
                <SettingsProbe />
              </>
            }
          />
          <Route path="/auth/error" element={<SignInFailedPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('provider buttons', () => {
  it('shows a button per configured provider, by its name', async () => {
    mocks.server.use(
      getGetAuthSettingsMockHandler({
        mail_configured: true,
        min_password_length: 8,
        providers: [
          { id: 'oidc', name: 'Acme SSO' },
          { id: 'github', name: 'GitHub' },
        ],
      }),
    );
    show();
    expect(await screen.findByRole('button', { name: 'Continue with Acme SSO' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Continue with GitHub' })).toBeEnabled();
  });

  it('shows none when no provider is configured', async () => {
    show('/with-probe');
    // The probe reads the same settings query: once it shows them, the buttons had them too.
    expect(await screen.findByText('settings loaded')).toBeInTheDocument();
    expect(screen.queryAllByRole('button')).toEqual([]);
  });
});

describe('a failed provider sign-in', () => {
  it('says why an existing account was not joined', () => {
    show('/auth/error?error=account_not_linked');
    expect(screen.getByRole('alert')).toHaveTextContent('An account with this email address already exists');
  });

  it('says something a person can act on for any other reason', () => {
    show('/auth/error?error=whatever');
    expect(screen.getByRole('alert')).toHaveTextContent('Signing in with that provider did not work. Please try again.');
  });
});
