// @vitest-environment happy-dom
// Places in the web app against the mock API (the same handlers as `make dev-mocks`): a question
// about places shows place cards (the mocks have no tile server, so the map says tiles are not
// configured and the places are still listed); a card opens the place modal; a restaurant's
// "Book a table" hands over to its own website and keeps the record, which /account/reservations
// lists and its details modal removes; a venue without a website says so; "near me" asks for the
// position through the location permission modal, and says plainly when the browser refuses.
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { setupMocks } from '../../../../mocks/node';
import { ModalProvider } from '../../app/modals/host';
import { clearQueryClients, testQueryClient } from '../../testing/query-clients';
import HomePage from '../home/home-page';
import NewThreadPage from '../search/new-thread-page';
import ThreadPage from '../search/thread-page';
import { setPosition } from './position-store';
import ReservationsPage, { NO_RESERVATIONS } from './reservations-page';
import { TILES_NOT_CONFIGURED } from './lazy-map';

const mocks = setupMocks('signed-in');
beforeAll(mocks.listen);
afterEach(() => {
  cleanup();
  clearQueryClients();
  mocks.reset();
  setPosition(null);
  vi.unstubAllGlobals();
});
afterAll(mocks.close);

// A link's own navigation (a venue's site in a new tab) is the browser's: the test keeps it from
// leaving, while the app's click handler still runs.
const stayHere = (e: Event) => {
  if ((e.target as Element | null)?.closest?.('a[target="_blank"]')) e.preventDefault();
};

function setup(start = '/') {
  const user = userEvent.setup();
  const router = createMemoryRouter(
    [
      {
        element: (
          <ModalProvider>
            <Outlet />
          </ModalProvider>
        ),
        children: [
          { path: '/', element: <HomePage /> },
          { path: '/search/new', element: <NewThreadPage /> },
          { path: '/search/:slug', element: <ThreadPage /> },
          { path: '/account/reservations', element: <ReservationsPage /> },
        ],
      },
    ],
    { initialEntries: [start] },
  );
  render(
    <QueryClientProvider client={testQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { user, router };
}

async function ask(user: ReturnType<typeof userEvent.setup>, question: string) {
  await user.type(screen.getByLabelText('Ask anything'), `${question}{Enter}`);
  const entry = () => within(screen.getByRole('article', { name: question }));
  await waitFor(() => entry().getByRole('button', { name: 'Copy' }), { timeout: 10_000 });
  return entry;
}

describe('places in an answer', () => {
  it('shows the places with the map’s notice; a card opens the place; a table is handed over to the restaurant’s site and kept', async () => {
    const { user, router } = setup();
    const entry = await ask(user, 'best italian restaurant in Lisbon');
    const places = await waitFor(() => entry().getByRole('region', { name: 'Places' }), { timeout: 5000 });
    expect(within(places).getByTestId('map-not-configured').textContent).toBe(TILES_NOT_CONFIGURED);
    const cards = within(places).getAllByTestId('place-card');
    expect(cards.map((c) => c.getAttribute('aria-label'))).toEqual([
      'Trattoria Roma, Restaurant, Rua Garrett 5, Lisbon, Portugal',
      'Tasca sem Site, Restaurant, Rua Nova, Lisbon, Portugal',
    ]);

    await user.click(cards[0]!);
    const place = await screen.findByRole('dialog', { name: 'Trattoria Roma' });
    expect(within(place).getByText('Tu-Su 12:00-23:00')).toBeInstanceOf(HTMLElement);
    expect(
      within(place)
        .getByRole('link', { name: /trattoria-roma\.example/ })
        .getAttribute('href'),
    ).toBe('https://trattoria-roma.example/');
    await user.click(within(place).getByRole('button', { name: 'Book a table' }));
    const booking = await screen.findByRole('dialog', { name: 'Book a table' });
    expect(within(booking).getByTestId('hand-over-note').textContent).toMatch(/^This server does not book\. The restaurant’s own website takes the booking/);
    await user.clear(within(booking).getByLabelText('People'));
    await user.type(within(booking).getByLabelText('People'), '4');
    const go = within(booking).getByRole('link', { name: /Continue on trattoria-roma\.example/ });
    expect([go.getAttribute('href'), go.getAttribute('target'), go.getAttribute('rel')]).toEqual([
      'https://trattoria-roma.example/',
      '_blank',
      'noopener noreferrer',
    ]);
    document.addEventListener('click', stayHere, true);
    try {
      await user.click(go);
    } finally {
      document.removeEventListener('click', stayHere, true);
    }
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Book a table' })).toBeNull());
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await router.navigate('/account/reservations');
    const row = await screen.findByTestId('reservation-row');
    expect(row.textContent).toMatch(/Trattoria Roma/);
    expect(row.textContent).toMatch(/Table for 4/);
    await user.click(within(row).getByRole('button', { name: 'Details' }));
    const details = await screen.findByRole('dialog', { name: 'Reservation details' });
    expect(within(details).getByText(/The booking, and its confirmation, are made with the venue/)).toBeInstanceOf(HTMLElement);
    await user.click(within(details).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.getByText(NO_RESERVATIONS)).toBeInstanceOf(HTMLElement));
  });

  it('a venue without a website says there is no booking page', async () => {
    const { user } = setup();
    const entry = await ask(user, 'restaurant in Lisbon');
    const places = await waitFor(() => entry().getByRole('region', { name: 'Places' }), { timeout: 5000 });
    await user.click(within(places).getByRole('button', { name: /^Tasca sem Site/ }));
    const place = await screen.findByRole('dialog', { name: 'Tasca sem Site' });
    await user.click(within(place).getByRole('button', { name: 'Book a table' }));
    const booking = await screen.findByRole('dialog', { name: 'Book a table' });
    expect(within(booking).getByTestId('no-booking-link').textContent).toMatch(/gives no website in OpenStreetMap, so there is no booking page/);
    expect(within(booking).queryByRole('link', { name: /Continue on/ })).toBeNull();
  });

  it('"near me" asks for the position; once given, the places around it show', async () => {
    vi.stubGlobal('navigator', {
      ...navigator,
      geolocation: { getCurrentPosition: (ok: PositionCallback) => ok({ coords: { latitude: 38.71, longitude: -9.14 } } as GeolocationPosition) },
    });
    const { user } = setup();
    const entry = await ask(user, 'restaurant near me');
    const ask_ = await waitFor(() => entry().getByRole('region', { name: 'Places' }), { timeout: 5000 });
    expect(ask_.textContent).toMatch(/Places near you need your location/);
    await user.click(within(ask_).getByRole('button', { name: 'Share my location' }));
    const dialog = await screen.findByRole('dialog', { name: 'Use your location' });
    await user.click(within(dialog).getByRole('button', { name: 'Share my location' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(entry().getAllByTestId('place-card').length).toBe(2), { timeout: 5000 });
  });

  it('says plainly when the browser refuses the position', async () => {
    vi.stubGlobal('navigator', {
      ...navigator,
      geolocation: {
        getCurrentPosition: (_ok: PositionCallback, fail: PositionErrorCallback) => fail({ code: 1, message: 'denied' } as GeolocationPositionError),
      },
    });
    const { user } = setup();
    const entry = await ask(user, 'coffee nearby');
    const ask_ = await waitFor(() => entry().getByRole('region', { name: 'Places' }), { timeout: 5000 });
    await user.click(within(ask_).getByRole('button', { name: 'Share my location' }));
    const dialog = await screen.findByRole('dialog', { name: 'Use your location' });
    await user.click(within(dialog).getByRole('button', { name: 'Share my location' }));
    expect((await within(dialog).findByRole('alert')).textContent).toMatch(/^Location access was refused\./);
  });

  it('a question about something else shows no places, once the search has answered', async () => {
    const answered: unknown[] = [];
    const listener = async ({ request, response }: { request: Request; response: Response }) => {
      if (request.url.endsWith('/rest/places/search-places-for-entry')) answered.push(await response.clone().json());
    };
    mocks.server.events.on('response:mocked', listener);
    try {
      const { user } = setup();
      const entry = await ask(user, 'how do I share a thread?');
      await waitFor(() => expect(answered).toEqual([{ places: [], needs_location: false }]), { timeout: 5000 });
      expect(entry().queryByRole('region', { name: 'Places' })).toBeNull();
    } finally {
      mocks.server.events.removeListener('response:mocked', listener);
    }
  });

  it('a hotel’s room details hand over to the hotel’s site with the stay, and refuse a stay that ends before it starts', async () => {
    const { user } = setup();
    const entry = await ask(user, 'hotel in Lisbon');
    const places = await waitFor(() => entry().getByRole('region', { name: 'Places' }), { timeout: 5000 });
    await user.click(within(places).getByRole('button', { name: /^Hotel Tejo/ }));
    const place = await screen.findByRole('dialog', { name: 'Hotel Tejo' });
    await user.click(within(place).getByRole('button', { name: 'Room details' }));
    const rooms = await screen.findByRole('dialog', { name: 'Room details' });
    expect(
      within(rooms)
        .getByRole('link', { name: /Continue on hotel-tejo\.example/ })
        .getAttribute('href'),
    ).toBe('https://hotel-tejo.example/rooms');
    const checkIn = within(rooms).getByLabelText('Check-in') as HTMLInputElement;
    await user.clear(within(rooms).getByLabelText('Check-out'));
    await user.type(within(rooms).getByLabelText('Check-out'), checkIn.value);
    expect(within(rooms).getByRole('alert').textContent).toBe('Check-out must be after check-in.');
    expect(within(rooms).queryByRole('link', { name: /Continue on/ })).toBeNull();
  });
});
