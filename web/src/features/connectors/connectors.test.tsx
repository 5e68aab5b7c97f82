// @vitest-environment happy-dom
// The connectors pages against the mock API (the server's rules): every connector with its state,
// the ones the server cannot connect saying why; the enable modal's bullets and Connect, which
// sends the browser to the provider; the return from the provider said in a toast; disconnect
// applied at once.
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ModalProvider } from '../../app/modals/host';
import { routes } from '../../app/routes';
import { createQueryClient } from '../../platform/query-client';
import { withMockServer } from '../../testing/mock-server';
import { leavePage } from './use-connectors';

const mocks = withMockServer('signed-in');
// The first render loads the route's modules: on a loaded machine that took over 5 s.
const FIRST_RENDER_MS = 20_000;

function at(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ModalProvider>
        <RouterProvider router={router} />
      </ModalProvider>
    </QueryClientProvider>,
  );
  return { user: userEvent.setup(), router };
}

afterEach(() => vi.restoreAllMocks());

describe('the connectors page', () => {
  it('lists file sources and apps; one this server cannot connect says why and cannot be started', async () => {
    at('/account/connectors');
    const files = await screen.findByRole('region', { name: 'Files' }, { timeout: FIRST_RENDER_MS });
    expect(
      within(files)
        .getAllByRole('listitem')
        .map((li) => li.getAttribute('aria-label')),
    ).toEqual(['Google Drive', 'OneDrive', 'SharePoint', 'Dropbox', 'Box']);
    const asana = within(screen.getByRole('region', { name: 'Apps' })).getByRole('listitem', { name: 'Asana' });
    expect(within(asana).getByText('Asana is not set up by the administrator of this server.')).toBeInTheDocument();
    expect(within(asana).getByRole('button', { name: 'Connect' })).toBeDisabled();
    const sharepoint = within(files).getByRole('listitem', { name: 'SharePoint' });
    expect(within(sharepoint).getByText('SharePoint is available to members of an Enterprise organisation.')).toBeInTheDocument();
  });

  it('Connect opens the enable modal with its bullets; connecting sends the browser on, and the return says so', async () => {
    const assign = vi.spyOn(leavePage, 'to').mockImplementation(() => {});
    const { user } = at('/account/connectors');
    const drive = await screen.findByRole('listitem', { name: 'Google Drive' }, { timeout: FIRST_RENDER_MS });
    await user.click(within(drive).getByRole('button', { name: 'Connect' }));
    const modal = await screen.findByRole('dialog', { name: 'Connect Google Drive' });
    expect(within(modal).getByText('Ask about your Drive files, shared drives included and get answers that cite it.')).toBeInTheDocument();
    await user.click(within(modal).getByRole('button', { name: 'Connect' }));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('/account/connectors?connected=google_drive'));
  });

  it('coming back connected says so and shows the account; disconnect takes it away at once', async () => {
    const assign = vi.spyOn(leavePage, 'to').mockImplementation(() => {});
    const first = at('/account/connectors');
    await first.user.click(within(await screen.findByRole('listitem', { name: 'Box' }, { timeout: FIRST_RENDER_MS })).getByRole('button', { name: 'Connect' }));
    await first.user.click(within(await screen.findByRole('dialog', { name: 'Connect Box' })).getByRole('button', { name: 'Connect' }));
    await vi.waitFor(() => expect(assign).toHaveBeenCalled());
    first.router.dispose();
    cleanup();

    const { user } = at('/account/connectors?connected=box');
    expect(await screen.findByText('Box connected', {}, { timeout: FIRST_RENDER_MS })).toBeInTheDocument();
    const box = await screen.findByRole('listitem', { name: 'Box' });
    expect(await within(box).findByText(/^Connected as /)).toBeInTheDocument();
    await user.click(within(box).getByRole('button', { name: 'Disconnect' }));
    expect(await screen.findByText('Box disconnected')).toBeInTheDocument();
    expect(await within(box).findByText('Not connected')).toBeInTheDocument();
    expect(
      Object.values(mocks.scenario.state.connections ?? {})
        .flat()
        .map((e) => e.type),
    ).toEqual(['ConnectionEstablished', 'ConnectionDisconnected']);
  });

  it('a cancel at the provider shows nothing', async () => {
    const back = at('/account/connectors?connection_cancelled=box');
    await screen.findByRole('listitem', { name: 'Box' }, { timeout: FIRST_RENDER_MS });
    // The outcome is read and taken off the address, and nothing is said.
    await vi.waitFor(() => expect(back.router.state.location.search).toBe(''));
    expect(screen.queryByText('Unable to start connection.')).toBeNull();
  });

  it('a failed start at the provider shows the seed’s words', async () => {
    at('/account/connectors?connection_error=connection_start_failed');
    expect(await screen.findByText('Unable to start connection.', {}, { timeout: FIRST_RENDER_MS })).toBeInTheDocument();
  });
});
