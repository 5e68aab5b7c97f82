// @vitest-environment happy-dom
// The app's router set-up: the first load renders the shell and the page with no
// HydrateFallback warning (react-router warns when an initial route is `lazy` and nothing
// renders meanwhile), and pages still load on demand.
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { withMockServer } from '../testing/mock-server';
import { createQueryClient } from '../platform/query-client';
import { routes } from './routes';

withMockServer('anonymous');
afterEach(() => vi.restoreAllMocks());

describe('the router', () => {
  it('loads the first page without a HydrateFallback warning', async () => {
    const warnings: string[] = [];
    vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => void warnings.push(args.map(String).join(' ')));
    render(
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider router={createMemoryRouter(routes, { initialEntries: ['/'] })} />
      </QueryClientProvider>,
    );
    await screen.findByRole('heading', { level: 1, name: 'What do you want to know?' }, { timeout: 5000 });
    expect(screen.getByRole('complementary', { name: 'Sidebar' }).tagName).toBe('ASIDE');
    expect(warnings.filter((w) => w.includes('HydrateFallback'))).toEqual([]);
  });

  it('offers a skip link first, which moves focus past the navigation to the page', async () => {
    render(
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider router={createMemoryRouter(routes, { initialEntries: ['/'] })} />
      </QueryClientProvider>,
    );
    await screen.findByRole('heading', { level: 1, name: 'What do you want to know?' }, { timeout: 5000 });
    const user = userEvent.setup();
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Skip to content' }));
    await user.keyboard('{Enter}');
    expect(document.activeElement).toBe(screen.getByRole('main'));
    await user.tab();
    expect(screen.getByRole('complementary', { name: 'Sidebar' }).contains(document.activeElement)).toBe(false);
  });
});
