// @vitest-environment happy-dom
// preloadPage: the code an entry asks for as it starts is the opened page's, with its layouts,
// the very modules its route renders; home (in the app's first script) asks for none.
import { describe, expect, it } from 'vitest';
import AccountLayout from '../features/account/account-layout';
import DetailsPage from '../features/account/details-page';
import NotFoundPage from '../features/pages/not-found-page';
import ThreadPage from '../features/search/thread-page';
import { preloadPage } from './pages';

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
