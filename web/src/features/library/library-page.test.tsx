// @vitest-environment happy-dom
// The library against the mock API: the visitor's own threads, newest first, a debounced search,
// pages, and the empty states.
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { withMockServer } from '../../testing/mock-server';
import type { MockThread } from '../../../../mocks/threads';
import { createQueryClient } from '../../platform/query-client';
import LibraryPage, { PAGE_SIZE } from './library-page';

const mocks = withMockServer('anonymous');

const thread = (i: number, owner = mocks.scenario.state.visitorId): MockThread => ({
  context_uuid: `ctx-${i}`,
  thread_url_slug: `thread-${i}`,
  frontend_context_uuid: null,
  title: i % 2 ? `Question about sharing ${i}` : `Question about spaces ${i}`,
  first_query: `Question ${i}`,
  thread_access: 'owner-only',
  expiry_time: null,
  updated_datetime: new Date(Date.UTC(2026, 0, 1 + i)).toISOString(),
  owner,
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
});

function setup() {
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <LibraryPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { user };
}
const rows = () => within(screen.getByRole('list', { name: 'Threads' })).getAllByRole('link');

describe('library', () => {
  it('shows open requests to see the signed-in owner’s threads; granting one takes it off the list', async () => {
    mocks.reset('signed-in');
    const mine = thread(1, mocks.scenario.state.signedInId!);
    mine.access_requests = [
      {
        request_id: '0b0b0b0b-0000-4000-8000-000000000001', // a uuid, as the spec's request_id is
        context_uuid: mine.context_uuid,
        thread_url_slug: mine.thread_url_slug,
        thread_title: mine.title,
        requester: { id: 'u-2', name: 'Rhys Reader', email: 'rhys@example.com' },
        status: 'requested',
        requested_at: '2026-01-02T00:00:00Z',
      },
    ];
    mocks.scenario.state.threads.push(mine);
    const { user } = setup();
    const card = await screen.findByRole('region', { name: 'Requests to see your answers' }, { timeout: 5000 });
    expect(within(card).getByText(`wants to see “${mine.title}”`)).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Grant' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Requests to see your answers' })).not.toBeInTheDocument(), { timeout: 5000 });
    expect(mine.access_requests[0]!.status).toBe('granted');
  });

  it('shows the empty state for a visitor with no threads', async () => {
    mocks.scenario.state.threads.push(thread(1, 'someone-else'));
    setup();
    expect(await screen.findByText('No threads yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ask a question' }).getAttribute('href')).toBe('/');
  });

  it('lists the visitor’s threads newest first, with title, snippet without markers, and date', async () => {
    mocks.scenario.state.threads.push(thread(1), thread(2), thread(3, 'someone-else'));
    setup();
    await screen.findByRole('list', { name: 'Threads' });
    expect(rows().map((r) => r.getAttribute('href'))).toEqual(['/search/thread-2', '/search/thread-1']);
    expect(rows()[0]!.textContent).toContain('Question about spaces 2');
    expect(rows()[0]!.textContent).toContain('Answer number 2');
    expect(rows()[0]!.textContent).not.toContain('[1]');
    expect(rows()[0]!.querySelector('time')?.getAttribute('dateTime')).toBe('2026-01-03T00:00:00.000Z');
  });

  it('searches after a pause in typing, and says when nothing matches', async () => {
    mocks.scenario.state.threads.push(thread(1), thread(2), thread(3));
    const { user } = setup();
    await screen.findByRole('list', { name: 'Threads' });
    await user.type(screen.getByLabelText('Search your threads'), 'sharing');
    await waitFor(() => expect(rows().length).toBe(2));
    expect(rows().every((r) => r.textContent!.includes('sharing'))).toBe(true);
    await user.clear(screen.getByLabelText('Search your threads'));
    await user.type(screen.getByLabelText('Search your threads'), 'zebra');
    expect(await screen.findByText('No threads match “zebra”')).toBeInTheDocument();
  });

  it('pages through more threads than fit on one page', async () => {
    for (let i = 1; i <= PAGE_SIZE + 5; i++) mocks.scenario.state.threads.push(thread(i));
    const { user } = setup();
    await screen.findByRole('list', { name: 'Threads' });
    expect(rows().length).toBe(PAGE_SIZE);
    expect(screen.getByText(`1–${PAGE_SIZE} of ${PAGE_SIZE + 5}`)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Older/ }));
    await waitFor(() => expect(rows().length).toBe(5));
    expect(rows()[4]!.getAttribute('href')).toBe('/search/thread-1');
    expect((screen.getByRole('button', { name: /Older/ }) as HTMLButtonElement).disabled).toBe(true);
  });
});
