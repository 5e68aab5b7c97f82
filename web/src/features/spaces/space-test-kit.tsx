// Shared set-up of the Spaces component tests: a data router with the modal host and toasts,
// and Spaces and threads put straight into the mock scenario's state.
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Outlet, RouterProvider, useLocation } from 'react-router';
import type { setupMocks } from '../../../../mocks/node';
import type { MockSpace } from '../../../../mocks/spaces';
import type { MockThread } from '../../../../mocks/threads';
import { ACCESS_LEVEL, SPACE_ACCESS } from '../../../../services/spaces/pure';
import { ModalProvider } from '../../app/modals/host';
import { testQueryClient } from '../../testing/query-clients';
import { Toaster } from '../../app/toaster';
import ArticlePage from '../article/article-page';
import NewThreadPage from '../search/new-thread-page';
import ThreadPage from '../search/thread-page';
import SpacePage from './space-page';

type Mocks = ReturnType<typeof setupMocks>;

function Where() {
  const l = useLocation();
  return <p data-testid="where">{l.pathname + l.search}</p>;
}
export const where = () => screen.getByTestId('where').textContent;

export function renderApp(path: string) {
  const user = userEvent.setup();
  const router = createMemoryRouter(
    [
      {
        element: (
          <ModalProvider>
            <Outlet />
            <Where />
            <Toaster />
          </ModalProvider>
        ),
        children: [
          { path: '/spaces', element: <p>All Spaces</p> },
          { path: '/spaces/:slug', element: <SpacePage /> },
          { path: '/search/new', element: <NewThreadPage /> },
          { path: '/search/:slug', element: <ThreadPage /> },
          { path: '/page/:slug', element: <ArticlePage /> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={testQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { user, router };
}

const KEY = 'AbCdEfGhIjKlMnOpQrStUv';
const OTHER = { id: 'user-olga', name: 'Olga Owner', email: 'olga@example.com' };

/** A Space in the scenario; by default owned by the signed-in demo account. */
export function addSpace(mocks: Mocks, overrides: Partial<MockSpace> & { ownedByOther?: boolean } = {}): MockSpace {
  const { ownedByOther, ...rest } = overrides;
  const owner = ownedByOther ? OTHER : { id: mocks.scenario.state.signedInId!, name: 'Ada Lovelace', email: 'ada@example.com' };
  const at = '2026-01-01T00:00:00.000Z';
  const space: MockSpace = {
    uuid: crypto.randomUUID(),
    key: KEY,
    slug: `research-${KEY}`,
    title: 'Research',
    description: 'Papers and notes',
    instructions: 'Answer in short paragraphs.',
    emoji: '1f4da',
    access: SPACE_ACCESS.PRIVATE,
    enable_web_by_default: true,
    template_id: null,
    focused_web_config: { link_configs: [{ link: 'https://docs.example.com/guide', title: 'The guide', added_at: at }] },
    owner: { id: owner.id, name: owner.name },
    created_at: at,
    updated_at: at,
    members: [{ member_id: `m-${owner.id}`, email: owner.email, user_id: owner.id, name: owner.name, access: ACCESS_LEVEL.OWNER, invited_at: at }],
    ...rest,
  };
  (mocks.scenario.state.spaces ??= []).push(space);
  return space;
}

/** A completed thread of the signed-in user, optionally in a Space. */
export function addThread(mocks: Mocks, i: number, overrides: Partial<MockThread> = {}): MockThread {
  const thread: MockThread = {
    context_uuid: `ctx-${i}`,
    thread_url_slug: `thread-${i}`,
    frontend_context_uuid: null,
    title: `Question about papers ${i}`,
    first_query: `Question about papers ${i}`,
    thread_access: 'owner-only',
    expiry_time: null,
    updated_datetime: new Date(Date.UTC(2026, 0, 1 + i)).toISOString(),
    owner: mocks.scenario.state.signedInId!,
    entries: [
      {
        backend_uuid: `b-${i}`,
        query_str: `Question about papers ${i}`,
        status: 'completed',
        answer: `Answer number ${i}`,
        sources: [],
        related_questions: [],
        error: null,
        model: 'offline-extractive',
        created_at: '2026-01-01T00:00:00Z',
        plan: [],
        sent: 0,
      },
    ],
    ...overrides,
  };
  mocks.scenario.state.threads.push(thread);
  return thread;
}
