// @vitest-environment happy-dom
// Pro Search in the web app against the mock API (the same handlers as `make dev-mocks`): a
// signed-in person picks Pro in the ask box and the answer shows its steps (the searches, the
// pages read, the time), still there after a reload; a visitor who picks Pro gets a quick answer
// with the sign-up card's prompt.
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { setupMocks } from '../../../../mocks/node';
import type { ScenarioName } from '../../../../mocks/scenarios';
import { ModalProvider } from '../../app/modals/host';
import { updateSettings } from '../../platform/settings/store';
import { clearQueryClients, testQueryClient } from '../../testing/query-clients';
import HomePage from '../home/home-page';
import NewThreadPage from './new-thread-page';
import ThreadPage from './thread-page';

let close = () => {};
afterEach(() => {
  cleanup();
  clearQueryClients();
  updateSettings({ preferredAnswerDepth: null });
  close();
});

function setup(scenario: ScenarioName, webSearch = true) {
  const mocks = setupMocks(scenario, { features: { web_search: webSearch } });
  mocks.listen();
  close = mocks.close;
  return open('/');
}

function open(path: string) {
  const routes = [
    {
      element: (
        <ModalProvider>
          <Outlet />
        </ModalProvider>
      ),
      children: [
        { path: '/', element: <HomePage /> },
        { path: '/search/new', element: <NewThreadPage /> },
        { path: '/search/:slug', element: <ThreadPage /> },
      ],
    },
  ];
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <QueryClientProvider client={testQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { user: userEvent.setup(), router };
}

const QUESTION = 'Compare Spaces with threads';

describe('Pro Search in the thread', () => {
  it('shows the steps of a Pro Search, live and after a reload', async () => {
    const { user, router } = setup('signed-in');
    await user.click(await screen.findByRole('radio', { name: 'Pro' }));
    await user.type(screen.getByLabelText('Ask anything'), `${QUESTION}{Enter}`);
    // Looked up afresh: the panel first says it is planning (a live step), then shows the searches.
    const panel = () => screen.getByRole('region', { name: 'Pro Search steps' });
    const searches = await waitFor(() => within(panel()).getByRole('list', { name: 'Searches' }), { timeout: 5000 });
    expect(
      within(searches)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Compare Spaces with threads', 'Spaces', 'threads']);
    await waitFor(() => within(panel()).getByText(/sources? read ·/), { timeout: 5000 });
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/search\/compare-spaces/), { timeout: 5000 });

    await screen.findByText('Answered offline from the user guide', {}, { timeout: 5000 });

    // A reload: no live answer left, the thread as the server keeps it, steps included.
    const path = router.state.location.pathname;
    cleanup();
    clearQueryClients();
    open(path);
    const kept = await screen.findByRole('region', { name: 'Pro Search steps' }, { timeout: 5000 });
    expect(within(within(kept).getByRole('list', { name: 'Searches' })).getAllByRole('listitem')).toHaveLength(3);
    expect(within(kept).getByText(/sources? read ·/)).toBeInstanceOf(HTMLElement);
  });

  it('gives a visitor who picks Pro a quick answer with the sign-up prompt', async () => {
    const { user } = setup('anonymous');
    await user.click(await screen.findByRole('radio', { name: 'Pro' }));
    await user.type(screen.getByLabelText('Ask anything'), `${QUESTION}{Enter}`);
    const card = await screen.findByRole('complementary', { name: 'Pro Search unavailable' }, { timeout: 5000 });
    expect(within(card).getByText('Unlock Pro Search and History')).toBeInstanceOf(HTMLElement);
    expect(within(card).getByRole('button', { name: 'Sign in' })).toBeInstanceOf(HTMLElement);
    expect(screen.queryByRole('region', { name: 'Pro Search steps' })).toBeNull();
  });

  it('offers no Pro where the server has no web search, and asks at quick whatever was preferred', async () => {
    updateSettings({ preferredAnswerDepth: 'pro' });
    setup('signed-in', false);
    const pro = (await screen.findByRole('radio', { name: 'Pro' })) as HTMLInputElement;
    await waitFor(() => expect(pro.disabled).toBe(true));
    expect(pro.closest('label')?.getAttribute('title')).toBe('Pro Search searches the web, which is off on this server');
    expect((screen.getByRole('radio', { name: 'Quick' }) as HTMLInputElement).checked).toBe(true);
  });
});
