// @vitest-environment happy-dom
// /discover against the mock API: with web search, a topic's headlines (each opening its page in a
// new tab) and "Ask about this" starting a thread on one; without it, a plain word on why not.
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setupMocks } from '../../../../mocks/node';
import { clearQueryClients, testQueryClient } from '../../testing/query-clients';
import DiscoverPage from './discover-page';

function setup() {
  const router = createMemoryRouter(
    [
      { path: '/discover', element: <DiscoverPage /> },
      { path: '*', element: <p>Elsewhere</p> },
    ],
    { initialEntries: ['/discover'] },
  );
  render(
    <QueryClientProvider client={testQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router, user: userEvent.setup() };
}

describe('Discover with web search', () => {
  const mocks = setupMocks('anonymous', { features: { web_search: true } });
  beforeAll(mocks.listen);
  afterEach(() => {
    cleanup();
    clearQueryClients();
    mocks.reset();
  });
  afterAll(mocks.close);

  it('shows a topic’s headlines, switches topic, and asks about one', async () => {
    const { router, user } = setup();
    const news = await screen.findByRole('list', { name: 'News' });
    expect(await within(news).findByRole('link', { name: /A top headline, number 1/ }, { timeout: 5000 })).toHaveAttribute('target', '_blank');
    await user.click(screen.getByRole('tab', { name: 'Science' }));
    expect(await within(news).findByRole('link', { name: /A science headline, number 1/ }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Science' })).toHaveAttribute('aria-selected', 'true');
    await user.click(within(news).getAllByRole('button', { name: 'Ask about this' })[0]!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/search/new'));
  });
});
