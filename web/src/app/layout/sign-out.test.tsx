// @vitest-environment happy-dom
// Sign-out forgets the previous user: their library leaves the screen at once and the page
// loads again as the visitor (mock API, signed-in scenario).
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { DEMO_ACCOUNT } from '../../../../mocks/scenarios';
import type { MockThread } from '../../../../mocks/threads';
import LibraryPage from '../../features/library/library-page';
import { withMockServer } from '../../testing/mock-server';
import { ModalProvider } from '../modals/host';
import { createQueryClient } from '../../platform/query-client';
import { Account } from './account';

const mocks = withMockServer('signed-in');

const TITLE = 'My private question about tea';
function seedThread(owner: string): MockThread {
  const thread = {
    context_uuid: 'ctx-tea',
    thread_url_slug: 'my-private-question-about-tea',
    frontend_context_uuid: null,
    title: TITLE,
    first_query: TITLE,
    thread_access: 'owner-only',
    expiry_time: null,
    updated_datetime: new Date(Date.UTC(2026, 0, 2)).toISOString(),
    owner,
    entries: [],
  } as MockThread;
  mocks.scenario.state.threads.push(thread);
  return thread;
}

describe('sign-out', () => {
  it('clears every cached view: the previous user’s library leaves the screen', async () => {
    seedThread(mocks.scenario.state.signedInId!);
    const client = createQueryClient();
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={['/library']}>
          <ModalProvider>
            <Account compact={false} />
            <Routes>
              <Route path="/library" element={<LibraryPage />} />
            </Routes>
          </ModalProvider>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    await screen.findByText(DEMO_ACCOUNT.name);
    await within(await screen.findByRole('list', { name: 'Threads' }, { timeout: 5000 })).findByText(TITLE);

    await userEvent.setup().click(screen.getByRole('button', { name: 'Sign out' }));
    await screen.findByRole('button', { name: 'Sign in' }, { timeout: 5000 });
    await waitFor(() => expect(screen.queryByText(TITLE)).toBeNull(), { timeout: 5000 });
    // Nothing of theirs is left in the cache either.
    const cached = JSON.stringify(
      client
        .getQueryCache()
        .getAll()
        .map((q) => q.state.data),
    );
    expect(cached).not.toContain(TITLE);
    expect(cached).not.toContain(DEMO_ACCOUNT.email);
  });
});
