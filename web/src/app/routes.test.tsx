// @vitest-environment happy-dom
// The app's router set-up: the first load renders the shell and the page with no
// HydrateFallback warning (react-router warns when an initial route is `lazy` and nothing
// renders meanwhile), and pages still load on demand.
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { withMockServer } from '../testing/mock-server';
import { createQueryClient } from '../platform/query-client';
import { routes } from './routes';

withMockServer('anonymous');
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

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

describe('addresses of what this server does not run, and broken links', () => {
  const at = async (path: string) => {
    const router = createMemoryRouter(routes, { initialEntries: [path] });
    render(
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    return router;
  };

  it.each([
    ['/auth/windows-app', 'There is no Windows app for this server', 'Sign in'],
    ['/b/home', 'The assistant browser’s home', 'Add the browser extension'],
    ['/b/mission-control', 'Mission control', 'Add the browser extension'],
    ['/join/nothing-here', 'This link is not valid', 'Home'],
    ['/discover/no/such/page', 'Page not found', 'Home'],
    ['/no/such/address', 'Page not found', 'Home'],
  ])('%s says what it is and offers what the server does', async (path, heading, action) => {
    await at(path);
    expect(await screen.findByRole('heading', { level: 1, name: heading }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('main').querySelector('button, a')).not.toBeNull();
    expect(screen.getAllByRole(action === 'Home' ? 'link' : 'button', { name: action }).length).toBeGreaterThan(0);
  });

  it('an upsell connector flow returning to /b/assistants goes on to the connectors', async () => {
    const router = await at('/b/assistants?handle_upsell=true');
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/account/connectors'), { timeout: 5000 });
  });

  it('/search/render with a question starts a new thread that asks it', async () => {
    const router = await at('/search/render?q=why%20is%20the%20sky%20blue');
    // /search/new asks it, then moves on to the thread's own address once it has one.
    await vi.waitFor(() => expect(router.state.location.pathname).toMatch(/^\/search\/(new$|why-is-the-sky-blue-)/), { timeout: 5000 });
  });
});
