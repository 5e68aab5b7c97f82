// @vitest-environment happy-dom
// A member of an organisation reaches its settings from the account area; someone with none
// sees no such link (web/src/features/account/account-layout.test.tsx covers the sections).
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../../platform/query-client';
import { routes } from '../../app/routes';
import { withMockServer } from '../../testing/mock-server';

withMockServer('enterprise');

describe('the account area of an organisation member', () => {
  it('links to the organisation settings, which open on its details', async () => {
    const router = createMemoryRouter(routes, { initialEntries: ['/account/details'] });
    render(
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    const nav = await screen.findByRole('navigation', { name: 'Organisation' }, { timeout: 5000 });
    await userEvent.setup().click(within(nav).getByRole('link', { name: 'Organisation settings' }));
    expect(router.state.location.pathname).toBe('/account/org/details');
  });
});
