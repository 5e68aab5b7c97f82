// @vitest-environment happy-dom
// /discover on a server without web search says why there is no news and offers the guide.
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { setupMocks } from '../../../../mocks/node';
import { clearQueryClients, testQueryClient } from '../../testing/query-clients';
import DiscoverPage from './discover-page';

const mocks = setupMocks('anonymous', { features: { web_search: false } });
beforeAll(mocks.listen);
afterEach(() => {
  cleanup();
  clearQueryClients();
  mocks.reset();
});
afterAll(mocks.close);

it('says the server does not search the web, and links the guide', async () => {
  render(
    <QueryClientProvider client={testQueryClient()}>
      <MemoryRouter>
        <DiscoverPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  expect(await screen.findByText(/this server does not search the web/, {}, { timeout: 5000 })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'user guide' })).toHaveAttribute('href', '/help');
  expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
});
