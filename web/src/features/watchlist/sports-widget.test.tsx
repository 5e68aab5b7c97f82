// @vitest-environment happy-dom
// The home sports widget against the mock API (the server's rules): a team followed from the
// watchlist modal, found by its name, shows its game with the score; a server without a sports
// source says so in its own words, in the widget and in the modal, and offers no search.
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { WATCHLIST_SPORTS_NOT_CONFIGURED } from '../../../../services/watchlist/pure';
import { routes } from '../../app/routes';
import { createQueryClient } from '../../platform/query-client';
import { withMockServer } from '../../testing/mock-server';

const mocks = withMockServer('signed-in');

function atHome() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={createMemoryRouter(routes, { initialEntries: ['/'] })} />
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

describe('the sports widget', () => {
  it('follows a team from the modal and shows its game with the score', async () => {
    const user = atHome();
    const widget = await screen.findByRole('region', { name: 'Sports' }, { timeout: 5000 });
    expect(await within(widget).findByText('No games of your teams on today’s scoreboards.')).toBeInTheDocument();
    await user.click(within(widget).getByRole('button', { name: 'Follow teams' }));
    const dialog = await screen.findByRole('dialog', { name: 'Watchlist' });
    await user.type(within(dialog).getByRole('searchbox', { name: 'Search' }), 'lakers');
    await user.click(await within(dialog).findByRole('button', { name: 'Add Los Angeles Lakers' }, { timeout: 5000 }));
    await user.keyboard('{Escape}');
    const games = await within(widget).findByRole('list', { name: 'Games of your teams' }, { timeout: 5000 });
    expect(games.textContent).toMatch(/NBAFinal.*Boston Celtics104.*Los Angeles Lakers \(followed\) \(won\)112/);
  });

  it('without a sports source the widget and the modal say so', async () => {
    mocks.server.use(
      http.get('*/rest/homepage-widgets/sports/scores', () =>
        HttpResponse.json(
          { type: 'about:blank', title: 'Unprocessable', status: 422, code: 'sports_data_not_configured', detail: WATCHLIST_SPORTS_NOT_CONFIGURED },
          { status: 422, headers: { 'content-type': 'application/problem+json' } },
        ),
      ),
    );
    const user = atHome();
    const widget = await screen.findByRole('region', { name: 'Sports' }, { timeout: 5000 });
    expect(within(widget).getByText(WATCHLIST_SPORTS_NOT_CONFIGURED)).toBeInTheDocument();
    expect(within(widget).queryByRole('button')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Edit watchlist' }));
    const dialog = await screen.findByRole('dialog', { name: 'Watchlist' });
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Widget' }), 'sports');
    expect(await within(dialog).findByText(WATCHLIST_SPORTS_NOT_CONFIGURED)).toBeInTheDocument();
    expect(within(dialog).queryByRole('searchbox')).not.toBeInTheDocument();
  });
});
