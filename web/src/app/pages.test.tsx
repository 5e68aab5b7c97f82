// @vitest-environment happy-dom
// preloadPage: the code an entry asks for as it starts is the opened page's, with its layouts,
// the very modules its route renders; home (in the app's first script) asks for none. A page
// whose code is in renders at once; one whose code is not suspends until it is.
import { act, cleanup, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import AccountLayout from '../features/account/account-layout';
import DetailsPage from '../features/account/details-page';
import NotFoundPage from '../features/pages/not-found-page';
import ThreadPage from '../features/search/thread-page';
import { pageRoutes, preloadPage } from './pages';

afterEach(cleanup);

const loaded = async (pathname: string) => (await preloadPage(pathname)).map((m) => m.default);

describe('preloadPage', () => {
  it("loads a thread's page for its address, with or without an entry", async () => {
    expect(await loaded('/search/a-thread')).toEqual([ThreadPage]);
    expect(await loaded('/search/a-thread/an-entry')).toEqual([ThreadPage]);
  });

  it('loads a nested page with the layout around it, outermost first', async () => {
    expect(await loaded('/account/details')).toEqual([AccountLayout, DetailsPage]);
  });

  it('loads nothing for home, and the not-found page for an unknown address', async () => {
    expect(await loaded('/')).toEqual([]);
    expect(await loaded('/no/such/page')).toEqual([NotFoundPage]);
  });
});

describe('a page', () => {
  const renderAt = (pathname: string) =>
    render(
      <Suspense fallback={<p>Loading the page</p>}>
        <RouterProvider router={createMemoryRouter(pageRoutes, { initialEntries: [pathname] })} />
      </Suspense>,
    );

  it('renders in the first commit when its code was preloaded, never suspending', async () => {
    await preloadPage('/join/no-such-link');
    renderAt('/join/no-such-link');
    expect(screen.getByRole('heading', { level: 1, name: 'This link is not valid' })).toBeTruthy();
    expect(screen.queryByText('Loading the page')).toBeNull();
  });

  it('gives way to the next page on a move, also when both were preloaded', async () => {
    await Promise.all([preloadPage('/join/no-such-link'), preloadPage('/privacy-policy')]);
    const router = createMemoryRouter(pageRoutes, { initialEntries: ['/join/no-such-link'] });
    render(<RouterProvider router={router} />);
    expect(screen.getByRole('heading', { level: 1, name: 'This link is not valid' })).toBeTruthy();
    await act(() => router.navigate('/privacy-policy'));
    expect(screen.getByRole('heading', { level: 1, name: 'Privacy policy' })).toBeTruthy();
    expect(screen.queryByRole('heading', { level: 1, name: 'This link is not valid' })).toBeNull();
  });

  it('suspends while its code loads when it was not preloaded, then renders', async () => {
    renderAt('/discover/no/such/page');
    expect(screen.getByText('Loading the page')).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
    expect(screen.queryByText('Loading the page')).toBeNull();
  });
});
