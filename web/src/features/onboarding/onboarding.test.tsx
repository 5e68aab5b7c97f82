// @vitest-environment happy-dom
// Onboarding against the mock API: /onboarding walks a signed-in person through their name (saved
// to the profile), how answers should be (saved to their personalization) and where their sources
// come from, then goes home; signed out it asks to sign up first; /welcome says what the server does.
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { getAccountPersonalization } from '../../../../generated/react-query/account-settings/account-settings';
import type { AccountPersonalization } from '../../../../generated/react-query/model';
import { ModalProvider } from '../../app/modals/host';
import { createQueryClient } from '../../platform/query-client';
import { withMockServer } from '../../testing/mock-server';
import OnboardingPage from './onboarding-page';
import WelcomePage from './welcome-page';

const mocks = withMockServer('signed-in');

function setup(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/onboarding', element: <OnboardingPage /> },
      { path: '/welcome', element: <WelcomePage /> },
      { path: '/', element: <p>Home</p> },
    ].map((r) => ({ ...r, element: <ModalProvider>{r.element}</ModalProvider> })),
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router, user: userEvent.setup() };
}

describe('onboarding', () => {
  it('saves the name and the answer style, offers the sources, and finishes at home', async () => {
    const { router, user } = setup('/onboarding');
    expect(await screen.findByRole('heading', { name: 'What should we call you?' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('Step 1 of 3')).toBeInTheDocument();
    const name = screen.getByLabelText('Name');
    await user.clear(name);
    await user.type(name, 'Ada King{Enter}');
    expect(await screen.findByRole('heading', { name: 'How should answers be?' }, { timeout: 5000 })).toBeInTheDocument();
    await user.click(await screen.findByRole('radio', { name: /Concise/ }));
    await user.type(screen.getByLabelText('About you (optional)'), 'I teach maths.');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { name: 'Bring your own sources' }, { timeout: 5000 })).toBeInTheDocument();
    const saved = (await getAccountPersonalization()).data as AccountPersonalization;
    expect(saved).toMatchObject({ answer_style: 'concise', about_me: 'I teach maths.' });
    expect(screen.getByRole('list', { name: 'Sources' }).querySelectorAll('button')).toHaveLength(4);
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('heading', { name: 'How should answers be?' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Skip' }));
    await user.click(await screen.findByRole('button', { name: 'Finish' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('signed out, asks to sign up first', async () => {
    mocks.reset('anonymous');
    setup('/onboarding');
    expect(await screen.findByRole('button', { name: 'Sign up or sign in' }, { timeout: 5000 })).toBeInTheDocument();
  });

  it('/welcome says what this server does and leads to the set-up', async () => {
    setup('/welcome');
    expect(await screen.findByRole('heading', { name: 'Welcome' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Set up your account' }, { timeout: 5000 })).toHaveAttribute('href', '/onboarding');
  });
});
