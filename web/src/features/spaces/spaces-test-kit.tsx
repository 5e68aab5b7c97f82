// Shared set-up of the Spaces component tests: the app's providers around a data router, and
// Spaces put straight into the mock state.
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createMemoryRouter, Outlet, RouterProvider, useLocation, type RouteObject } from 'react-router';
import type { setupMocks } from '../../../../mocks/node';
import type { MockSpace } from '../../../../mocks/spaces';
import { ACCESS_LEVEL } from '../../../../services/spaces/pure';
import { ModalProvider } from '../../app/modals/host';
import { createQueryClient } from '../../platform/query-client';
import { Toaster } from '../../app/toaster';

function Where() {
  const l = useLocation();
  return <p data-testid="where">{`${l.pathname}${l.search}`}</p>;
}

export function renderRoutes(children: RouteObject[], path: string, extra?: ReactNode) {
  const user = userEvent.setup();
  const queryClient: QueryClient = createQueryClient();
  const router = createMemoryRouter(
    [
      {
        element: (
          <ModalProvider>
            <Outlet />
            {extra}
            <Where />
            <Toaster />
          </ModalProvider>
        ),
        children,
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { user, queryClient, router };
}

export const where = () => screen.getByTestId('where').textContent;

let n = 0;
/** A Space in the mock state; owned by `owner` (the demo account unless said), with extra members. */
export function putSpace(
  mocks: ReturnType<typeof setupMocks>,
  over: Partial<MockSpace> & { title: string },
  owner = { id: 'user-ada', name: 'Ada Lovelace', email: 'ada@example.com' },
): MockSpace {
  n++;
  const key = `k${String(n).padStart(21, '0')}`;
  const at = new Date(Date.UTC(2026, 0, 1, 0, n)).toISOString();
  const space: MockSpace = {
    uuid: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    key,
    slug: `${over.title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${key}`,
    description: '',
    instructions: '',
    emoji: '',
    access: 1,
    enable_web_by_default: true,
    template_id: null,
    focused_web_config: { link_configs: [] },
    owner: { id: owner.id, name: owner.name },
    created_at: at,
    updated_at: at,
    members: [{ member_id: `m-${n}`, email: owner.email, user_id: owner.id, name: owner.name, access: ACCESS_LEVEL.OWNER, invited_at: at }],
    ...over,
  };
  (mocks.scenario.state.spaces ??= []).push(space);
  return space;
}
