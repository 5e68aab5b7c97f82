// @vitest-environment happy-dom
// The login modal against the mock API (the same scenarios as `make dev-mocks`).
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { DEMO_ACCOUNT } from '../../../../mocks/scenarios';
import { withMockServer } from '../../testing/mock-server';
import { useModals } from '../../platform/modals/context';
import { ModalProvider } from '../../app/modals/host';
import { createQueryClient } from '../../platform/query-client';
import { useSession } from '../../platform/session';
import { Toaster } from '../../app/toaster';
import type { LoginModalArgs } from './login-args';

withMockServer('anonymous');

function Who() {
  const { user, isLoading } = useSession();
  return <p data-testid="who">{isLoading ? 'loading' : (user?.name ?? 'anonymous')}</p>;
}
function Opener({ args }: { args: LoginModalArgs }) {
  const { open } = useModals();
  return (
    <button type="button" onClick={() => open('login', args)}>
      Open login
    </button>
  );
}
async function setup(args: LoginModalArgs = { origin: 'test' }) {
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <ModalProvider>
          <Who />
          <Opener args={args} />
          <Toaster />
        </ModalProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  await waitFor(() => expect(screen.getByTestId('who').textContent).toBe('anonymous'));
  await user.click(screen.getByRole('button', { name: 'Open login' }));
  await screen.findByLabelText('Email', {}, { timeout: 5000 }); // the lazily loaded body is in
  return { user };
}

describe('login modal', () => {
  it('has the default title "Welcome", labelled fields and a privacy-policy link', async () => {
    await setup();
    expect(screen.getByRole('dialog', { name: 'Welcome' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /privacy policy/i }).getAttribute('href')).toBe('/privacy-policy');
  });

  it('shows a pitch title and image when given', async () => {
    await setup({ origin: 'upsell', title: 'Sign in to unlock Pro', image: '/pro.png' });
    expect(screen.getByRole('dialog', { name: 'Sign in to unlock Pro' }).querySelector('img')?.getAttribute('src')).toBe('/pro.png');
  });

  it('shows the problem detail for a wrong password', async () => {
    const { user } = await setup();
    await user.type(screen.getByLabelText('Email'), DEMO_ACCOUNT.email);
    await user.type(screen.getByLabelText('Password'), 'not-the-password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Wrong email or password.');
    expect(screen.getByTestId('who').textContent).toBe('anonymous');
  });

  it('signs in: the session refreshes, the modal closes and a toast says so', async () => {
    const { user } = await setup();
    await user.type(screen.getByLabelText('Email'), DEMO_ACCOUNT.email);
    await user.type(screen.getByLabelText('Password'), DEMO_ACCOUNT.password);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(screen.getByTestId('who').textContent).toBe(DEMO_ACCOUNT.name));
    expect(await screen.findByText(`Signed in as ${DEMO_ACCOUNT.name}`)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('creates an account', async () => {
    const { user } = await setup({ origin: 'test', mode: 'sign-up' });
    await user.type(screen.getByLabelText('Name'), 'Grace Hopper');
    await user.type(screen.getByLabelText('Email'), 'grace@example.com');
    await user.type(screen.getByLabelText('Password'), 'a-long-password');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(screen.getByTestId('who').textContent).toBe('Grace Hopper'));
  });

  it('a taken email signs nobody in and is not named: the form says where the mail went', async () => {
    const { user } = await setup({ origin: 'test', mode: 'sign-up' });
    await user.type(screen.getByLabelText('Name'), 'Grace Hopper');
    await user.type(screen.getByLabelText('Email'), DEMO_ACCOUNT.email);
    await user.type(screen.getByLabelText('Password'), 'a-long-password');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect((await screen.findByText(/^Check your inbox/)).textContent).toBe(
      `Check your inbox: we sent a mail to ${DEMO_ACCOUNT.email} with a link to finish signing up.`,
    );
    expect(screen.queryByText(/already exists/)).not.toBeInTheDocument();
    expect(screen.getByTestId('who').textContent).not.toBe(DEMO_ACCOUNT.name);
  });
});
