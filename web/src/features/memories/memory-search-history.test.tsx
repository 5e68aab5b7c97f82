// @vitest-environment happy-dom
// Memory search history against the mock API: the intro shows once on this device, then the
// search lists memories and conversations together, newest first, and a conversation opens its thread.
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { ModalProvider } from '../../app/modals/host';
import { createQueryClient } from '../../platform/query-client';
import { getSettings, updateSettings } from '../../platform/settings/store';
import { withMockServer } from '../../testing/mock-server';
import { addMemory } from '../../../../generated/react-query/memories/memories';
import type { MockThread } from '../../../../mocks/mock-thread';
import { historyItems, useOpenMemorySearch } from './memory-search-history-modal';

const mocks = withMockServer('signed-in');
afterEach(() => updateSettings({ dismissedBanners: [] }));

function Opener() {
  const openSearch = useOpenMemorySearch();
  return (
    <button type="button" onClick={openSearch}>
      Search history
    </button>
  );
}

function setup() {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <ModalProvider>
            <Opener />
          </ModalProvider>
        ),
      },
    ],
    { initialEntries: ['/'] },
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router, user: userEvent.setup() };
}

describe('memory search history', () => {
  it('merges memories and conversations, newest first', () => {
    const items = historyItems(
      [{ memory_key: 'k1', content: 'Likes tea', created_at: '2026-01-02T00:00:00Z' }],
      [{ context_uuid: 'c1', thread_url_slug: 's1', title: 'Tea history', snippet: 'Tea came…', updated_datetime: '2026-02-01T00:00:00Z' }],
    );
    expect(items.map((i) => [i.type, i.name])).toEqual([
      ['conversation_history', 'Tea history'],
      ['memory', 'Likes tea'],
    ]);
    expect(items[0]!.target).toBe('/search/s1');
  });

  it('shows the intro once, then finds a memory and a conversation; the conversation opens its thread', async () => {
    await addMemory({ content: 'Prefers green tea' });
    mocks.scenario.state.threads.push({
      context_uuid: 'ctx-tea',
      thread_url_slug: 'green-tea-history',
      frontend_context_uuid: null,
      title: 'Green tea history',
      first_query: 'Green tea history',
      thread_access: 'owner-only',
      expiry_time: null,
      updated_datetime: new Date(Date.UTC(2026, 0, 2)).toISOString(),
      owner: mocks.scenario.state.signedInId!,
      entries: [],
    } as unknown as MockThread);
    const { user, router } = setup();
    await user.click(screen.getByRole('button', { name: 'Search history' }));
    const intro = await screen.findByRole('dialog', { name: 'Search history' }, { timeout: 5000 });
    await user.click(within(intro).getByRole('button', { name: 'Search my history' }));
    expect(getSettings().dismissedBanners).toContain('memory-search-intro');
    await user.type(await screen.findByRole('searchbox', { name: 'Search memories and conversations' }, { timeout: 5000 }), 'green');
    const list = screen.getByRole('list', { name: 'History' });
    expect(await within(list).findByText('Prefers green tea', {}, { timeout: 5000 })).toBeInTheDocument();
    await user.click(await within(list).findByRole('link', { name: /Green tea history/ }, { timeout: 5000 }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/search/green-tea-history'));
  });
});
