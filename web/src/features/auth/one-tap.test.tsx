// @vitest-environment happy-dom
// The one-tap sign-in prompt: its skip rules (signed in, loading, phone, new tab, sidecar, the
// skipped paths, dismissed), and against the mock API: a button per configured provider, the
// providers fetched again after failures (up to 4 retries 500 ms apart), none configured: no
// prompt, and dismissing it kept in settings.
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { getGetAuthSettingsMockHandler } from '../../../../generated/msw/auth/auth.msw';
import { useGetAuthSettings } from '../../../../generated/react-query/auth/auth';
import { useSession } from '../../platform/session';
import { createQueryClient } from '../../platform/query-client';
import { getSettings, reloadSettings } from '../../platform/settings/store';
import { withMockServer } from '../../testing/mock-server';
import { OneTapPrompt } from './one-tap-prompt';
import { ONE_TAP, type OneTapFacts, oneTapSkip } from './one-tap-rules';

const mocks = withMockServer('anonymous');
beforeEach(() => {
  localStorage.clear();
  reloadSettings();
});

const visitorHere: OneTapFacts = { signedIn: false, loading: false, phone: false, newTab: false, sidecar: false, path: '/', dismissed: false };

describe('skip rules', () => {
  it('shows for a signed-out visitor on a desktop page, and is skipped otherwise', () => {
    expect(oneTapSkip(visitorHere)).toBeNull();
    expect(oneTapSkip({ ...visitorHere, path: '/discover' })).toBeNull();
    expect(oneTapSkip({ ...visitorHere, signedIn: true })).toBe('signed-in');
    expect(oneTapSkip({ ...visitorHere, loading: true })).toBe('loading');
    expect(oneTapSkip({ ...visitorHere, phone: true })).toBe('phone');
    expect(oneTapSkip({ ...visitorHere, newTab: true })).toBe('new-tab');
    expect(oneTapSkip({ ...visitorHere, sidecar: true })).toBe('sidecar');
    expect(oneTapSkip({ ...visitorHere, dismissed: true })).toBe('dismissed');
    for (const path of ['/join/p/acme', '/auth/sso', '/max/payment', '/welcome', '/onboarding', '/search/some-thread', '/account/details', '/verify-email'])
      expect(oneTapSkip({ ...visitorHere, path }), path).toBe('path');
    expect(ONE_TAP).toEqual({ retries: 4, retryDelayMs: 500 });
  });
});

const withProviders = () =>
  getGetAuthSettingsMockHandler({
    mail_configured: true,
    min_password_length: 8,
    providers: [
      { id: 'oidc', name: 'Acme SSO' },
      { id: 'github', name: 'GitHub' },
    ],
  });

/** Says 'ready' once the session and the providers have loaded: after it, the prompt has decided. */
function Ready() {
  const { isLoading } = useSession();
  const settings = useGetAuthSettings();
  return !isLoading && settings.isSuccess ? <p>ready</p> : null;
}

function show(path = '/') {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <OneTapPrompt />
        <Ready />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('the prompt', () => {
  it('offers each configured provider to a signed-out visitor, and Close keeps it away', async () => {
    mocks.server.use(withProviders());
    show();
    expect(await screen.findByRole('button', { name: 'Continue with Acme SSO' }, { timeout: 5000 })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Continue with GitHub' })).toBeEnabled();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Close sign-in prompt' }));
    expect(screen.queryByRole('heading', { name: 'Sign in with one tap' })).not.toBeInTheDocument();
    expect(getSettings().dismissedBanners).toContain('one-tap');
  });

  it('asks for the providers again after failures, 500 ms apart', async () => {
    let calls = 0;
    mocks.server.use(
      http.get('*/rest/auth/settings', () => {
        calls++;
        return calls <= 2
          ? HttpResponse.json({ status: 503, code: 'unavailable', title: 'Unavailable', detail: 'busy' }, { status: 503 })
          : HttpResponse.json({ mail_configured: true, min_password_length: 8, providers: [{ id: 'google', name: 'Google' }] });
      }),
    );
    show();
    expect(await screen.findByRole('button', { name: 'Continue with Google' }, { timeout: 5000 })).toBeInTheDocument();
    expect(calls).toBe(3);
  });

  it.each(['/join/p/acme', '/?newtab=1'])('is not shown at %s', async (path) => {
    mocks.server.use(withProviders());
    show(path);
    expect(await screen.findByText('ready', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Sign in with one tap' })).not.toBeInTheDocument();
  });

  it('is not shown when the server has no identity provider configured', async () => {
    show();
    expect(await screen.findByText('ready', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Sign in with one tap' })).not.toBeInTheDocument();
  });
});
