// @vitest-environment happy-dom
// The library's Bookmarks tab against the mock API: driven by ?tab=bookmarks, listing the
// signed-in user's bookmarked threads in the threads' row look, with an empty state.
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { withMockServer } from '../../testing/mock-server';
import type { MockThread } from '../../../../mocks/threads';
import { ModalProvider } from '../../app/modals/host';
import { createQueryClient } from '../../platform/query-client';
import LibraryPage from './library-page';

const mocks = withMockServer('signed-in');

const thread = (i: number, bookmarkedBy: string[] = []): MockThread & { bookmarked_by: string[] } => ({
  context_uuid: `ctx-${i}`,
  thread_url_slug: `thread-${i}`,
  frontend_context_uuid: null,
  title: `Question ${i}`,
  first_query: `Question ${i}`,
  thread_access: 'owner-only',
  expiry_time: null,
  updated_datetime: new Date(Date.UTC(2026, 0, 1 + i)).toISOString(),
  owner: 'user-ada',
  entries: [
    {
      backend_uuid: `b-${i}`,
      query_str: `Question ${i}`,
      status: 'completed',
      answer: `Answer number ${i} [1]`,
      sources: [],
      related_questions: [],
      error: null,
      model: 'offline-extractive',
      created_at: '2026-01-01T00:00:00Z',
      plan: [],
      sent: 0,
    },
  ],
  bookmarked_by: bookmarkedBy,
});

function setup(path: string) {
  const user = userEvent.setup();
  const router = createMemoryRouter(
    [
      {
        path: '/library',
        element: (
          <ModalProvider>
            <LibraryPage />
          </ModalProvider>
        ),
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { user, router };
}

describe('library bookmarks', () => {
  it('opens on ?tab=bookmarks and lists the bookmarked threads, each linking to it', async () => {
    mocks.scenario.state.threads.push(thread(1, ['user-ada']), thread(2), thread(3, ['user-ada', 'someone-else']));
    setup('/library?tab=bookmarks');
    expect(screen.getByRole('tab', { name: 'Bookmarks' }).getAttribute('aria-selected')).toBe('true');
    const list = await screen.findByRole('list', { name: 'Bookmarks' }, { timeout: 5000 });
    const rows = within(list).getAllByRole('link');
    expect(rows.map((r) => r.getAttribute('href'))).toEqual(['/search/thread-3', '/search/thread-1']);
    expect(rows[0]!.textContent).toContain('Question 3');
    expect(rows[0]!.textContent).toContain('Answer number 3');
    expect(rows[0]!.textContent).not.toContain('[1]');
    expect(screen.queryByLabelText('Search your threads')).not.toBeInTheDocument();
  });

  it('switches between the tabs through the address', async () => {
    mocks.scenario.state.threads.push(thread(1));
    const { user, router } = setup('/library');
    await screen.findByRole('list', { name: 'Threads' }, { timeout: 5000 });
    await user.click(screen.getByRole('tab', { name: 'Bookmarks' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=bookmarks'));
    expect(await screen.findByText('No bookmarks yet', {}, { timeout: 5000 })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Threads' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await screen.findByRole('list', { name: 'Threads' })).toBeInTheDocument();
  });

  it('asks anonymous visitors to sign in to see bookmarks', async () => {
    mocks.reset('anonymous');
    setup('/library?tab=bookmarks');
    expect(await screen.findByText('Sign in to see your bookmarks', {}, { timeout: 5000 })).toBeInTheDocument();
  });
});
