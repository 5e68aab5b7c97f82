// @vitest-environment happy-dom
// Research in the web app against the mock API (the same handlers as `make dev-mocks`): Research
// chosen in the ask box streams the report's steps, then its sections with their citations and the
// steps kept; a report refused past the quota says why in the server's words and offers the upgrade.
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setupMocks } from '../../../../mocks/node';
import { QUOTA_DETAIL } from '../../../../mocks/research';
import { ModalProvider } from '../../app/modals/host';
import { clearQueryClients, testQueryClient } from '../../testing/query-clients';
import { updateSettings } from '../../platform/settings/store';
import HomePage from '../home/home-page';
import NewThreadPage from '../search/new-thread-page';
import ThreadPage from '../search/thread-page';

const mocks = setupMocks('anonymous');
beforeAll(mocks.listen);
afterEach(() => {
  cleanup();
  clearQueryClients();
  mocks.reset();
  updateSettings({ preferredAnswerDepth: null });
});
afterAll(mocks.close);

function setup() {
  const user = userEvent.setup();
  const router = createMemoryRouter(
    [
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
    ],
    { initialEntries: ['/'] },
  );
  render(
    <QueryClientProvider client={testQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { user };
}

describe('Research from the ask box', () => {
  it('shows "Step N of M" while the report runs, then its sections with citations and the steps it took', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('radio', { name: 'Research' }));
    const question = 'how do I share a thread?';
    await user.type(screen.getByLabelText('Ask anything'), `${question}{Enter}`);
    const article = await screen.findByRole('article', { name: question }, { timeout: 5000 });
    // "Starting the report…" first, then its steps as they come.
    await within(article).findByTestId('research-progress', {}, { timeout: 5000 });
    await waitFor(() => expect(screen.getByTestId('research-progress').textContent).toMatch(/^Step \d of 8: /), { timeout: 5000, interval: 5 });
    // Looked up afresh each time: the page moves from /search/new to the thread's own address,
    // and an element held from before may be one that page no longer shows.
    const entry = () => within(screen.getByRole('article', { name: question }));
    const answer = () => entry().getByRole('region', { name: 'Answer' });
    await waitFor(() => within(answer()).getByRole('heading', { name: 'Details' }), { timeout: 10_000 });
    expect(within(answer()).getByRole('heading', { name: 'Overview' })).toBeInstanceOf(HTMLElement);
    expect(answer().querySelectorAll('a[data-citation]').length).toBeGreaterThan(0);
    await waitFor(() => within(entry().getByRole('region', { name: 'Research progress' })).getByText('8 of 8 steps · 2 sections'), { timeout: 10_000 });
  });

  it('past the quota: the server says why, and nothing is answered', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('radio', { name: 'Research' }));
    await user.type(screen.getByLabelText('Ask anything'), 'a report past my quota{Enter}');
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(alert.textContent).toContain(QUOTA_DETAIL);
  });
});
