// @vitest-environment happy-dom
// Syncing from a connected source on My Files against the mock API: the Add files menu offers the
// connected connector, its picker browses folders and searches, picks a folder and a file, says a
// mail comes when the sync is done, and the synced files appear in the connector files table
// (Source, Name, Date, Status) with the 'All' breadcrumb leading into the folder.
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { ModalProvider } from '../../app/modals/host';
import { routes } from '../../app/routes';
import { createQueryClient } from '../../platform/query-client';
import { withMockServer } from '../../testing/mock-server';
import { leavePage } from './use-connectors';

withMockServer('signed-in');
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

describe('syncing from a connected source', () => {
  it('picks a folder and a file in the picker, and the table shows them Ready, folder by folder', async () => {
    vi.spyOn(leavePage, 'to').mockImplementation(() => {});
    const { user } = at('/account/connectors');
    await user.click(within(await screen.findByRole('listitem', { name: 'Dropbox' }, { timeout: FIRST_RENDER_MS })).getByRole('button', { name: 'Connect' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Connect Dropbox' })).getByRole('button', { name: 'Connect' }));
    await vi.waitFor(() => expect(leavePage.to).toHaveBeenCalled());
    cleanup();

    const files = at('/account/files');
    // Before anything is synced the table says where synced files go.
    expect(await screen.findByText('Files that you sync will be found here', {}, { timeout: FIRST_RENDER_MS })).toBeInTheDocument();
    await files.user.click(screen.getAllByRole('button', { name: 'Add files' })[0]);
    await files.user.click(await screen.findByRole('menuitem', { name: 'Dropbox' }));
    const picker = await screen.findByRole('dialog', { name: 'Add from Dropbox' });
    const list = await within(picker).findByRole('list', { name: 'Dropbox items' });
    // A file the sync cannot read cannot be picked.
    expect(await within(list).findByRole('checkbox', { name: 'Pick team photo.gif' })).toBeDisabled();
    // Into a folder and back to All.
    await files.user.click(within(list).getByRole('button', { name: 'Projects' }));
    expect(await within(list).findByText('roadmap.md')).toBeInTheDocument();
    await files.user.click(within(picker).getByRole('button', { name: 'All' }));
    await files.user.click(await within(list).findByRole('checkbox', { name: 'Pick Projects' }));
    await files.user.type(within(picker).getByRole('searchbox', { name: 'Search files' }), 'meeting');
    await files.user.click(await within(list).findByRole('checkbox', { name: 'Pick meeting notes.txt' }));
    await files.user.click(within(picker).getByRole('button', { name: 'Sync 2 items' }));
    expect(await screen.findByText("You'll receive an email when the sync is complete")).toBeInTheDocument();

    const table = await screen.findByRole('region', { name: 'Synced files' });
    const projects = await within(table).findByRole('button', { name: 'Projects' }, { timeout: 10_000 });
    const row = projects.closest('tr') as HTMLElement;
    expect(within(row).getByText('Dropbox')).toBeInTheDocument();
    expect(within(row).getByText('Ready')).toBeInTheDocument();
    expect(within(table).getByText('meeting notes.txt')).toBeInTheDocument();
    await files.user.click(projects);
    expect(await within(table).findByText('roadmap.md')).toBeInTheDocument();
    expect(within(table).getByText('budget.csv')).toBeInTheDocument();
    expect(within(table).queryByText('meeting notes.txt')).toBeNull();
  });
});
