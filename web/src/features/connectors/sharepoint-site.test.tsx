// @vitest-environment happy-dom
// SharePoint's site selector and Box's pickers on My Files against the mock API (seed 001 §2, §4):
// the sites a page at a time (the next page when the list's end comes into view), 'Search sites'
// only once there are more than 11, 'No results', Next disabled until a site is chosen, then the
// picker on that site's library; Box's 'Upload files' picks files only, after asking for a picker
// key when the one held has expired; and the sync toast of a pick ending in 'Ready to search'.
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ModalProvider } from '../../app/modals/host';
import { routes } from '../../app/routes';
import { createQueryClient } from '../../platform/query-client';
import { withMockServer } from '../../testing/mock-server';
import { boxKeyQueryKey, ensureBoxPickerKey } from './box-picker-key';
import { leavePage } from './use-connectors';

withMockServer('enterprise');
const FIRST_RENDER_MS = 20_000;

/** The list's end in view: what the browser's IntersectionObserver would say, said when the test asks. */
const observers: { fire: () => void }[] = [];
class FakeIntersectionObserver {
  constructor(private readonly callback: IntersectionObserverCallback) {
    observers.push({ fire: () => this.callback([{ isIntersecting: true } as IntersectionObserverEntry], this as unknown as IntersectionObserver) });
  }
  observe() {}
  disconnect() {}
}
afterEach(() => {
  observers.length = 0;
  vi.unstubAllGlobals();
});

function at(path: string, client = createQueryClient()) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <QueryClientProvider client={client}>
      <ModalProvider>
        <RouterProvider router={router} />
      </ModalProvider>
    </QueryClientProvider>,
  );
  return { user: userEvent.setup(), router, client };
}

async function connect(label: string) {
  vi.spyOn(leavePage, 'to').mockImplementation(() => {});
  const { user } = at('/account/connectors');
  await user.click(within(await screen.findByRole('listitem', { name: label }, { timeout: FIRST_RENDER_MS })).getByRole('button', { name: 'Connect' }));
  await user.click(within(await screen.findByRole('dialog', { name: `Connect ${label}` })).getByRole('button', { name: 'Connect' }));
  await vi.waitFor(() => expect(leavePage.to).toHaveBeenCalled());
  cleanup();
}

describe('the SharePoint site selector', () => {
  it('pages sites in as the list scrolls, searches once there are more than 11, and opens the picker on the chosen site', async () => {
    vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
    await connect('SharePoint');
    const { user } = at('/account/files');
    await user.click((await screen.findAllByRole('button', { name: 'Add files' }, { timeout: FIRST_RENDER_MS }))[0]);
    await user.click(await screen.findByRole('menuitem', { name: 'SharePoint' }));
    const modal = await screen.findByRole('dialog', { name: 'Choose a SharePoint site' });
    const list = within(modal).getByRole('list', { name: 'SharePoint sites' });
    await within(list).findByText('Handbook');
    // A first page of 10: not more than 11 sites yet, so no search box; Next waits for a choice.
    expect(within(list).getAllByRole('radio')).toHaveLength(10);
    expect(within(modal).queryByRole('searchbox', { name: 'Search sites' })).toBeNull();
    expect(within(modal).getByRole('button', { name: 'Next' })).toBeDisabled();
    // The list's end comes into view: the second page, and now the search.
    await vi.waitFor(() => expect(observers.length).toBeGreaterThan(0));
    observers.at(-1)?.fire();
    await vi.waitFor(() => expect(within(list).getAllByRole('radio')).toHaveLength(14));
    const search = within(modal).getByRole('searchbox', { name: 'Search sites' });
    await user.type(search, 'nothing like it');
    expect(await within(list).findByText('No results')).toBeInTheDocument();
    await user.clear(search);
    await user.type(search, 'hand');
    await vi.waitFor(() => expect(within(list).getAllByRole('radio')).toHaveLength(1));
    await user.click(within(list).getByRole('radio', { name: /Handbook/ }));
    await user.click(within(modal).getByRole('button', { name: 'Next' }));

    const picker = await screen.findByRole('dialog', { name: 'Add from SharePoint: Handbook' });
    const items = await within(picker).findByRole('list', { name: 'SharePoint items' });
    await user.click(await within(items).findByRole('button', { name: 'Documents' }));
    await user.click(await within(items).findByRole('checkbox', { name: 'Pick meeting notes.txt' }));
    await user.click(within(picker).getByRole('button', { name: 'Sync 1 item' }));
    expect(await screen.findByText("You'll receive an email when the sync is complete")).toBeInTheDocument();
    // The sync toast follows the pick to its end.
    expect(await screen.findByText('1 file synced', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByText('Ready to search')).toBeInTheDocument();
  });
});

describe("Box's pickers", () => {
  it("'Upload files' picks files only", async () => {
    await connect('Box');
    const { user } = at('/account/files');
    await user.click((await screen.findAllByRole('button', { name: 'Add files' }, { timeout: FIRST_RENDER_MS }))[0]);
    await user.click(await screen.findByRole('menuitem', { name: 'Box' }));
    const sub = (await screen.findAllByRole('menu')).at(-1) as HTMLElement;
    within(sub).getByRole('menuitem', { name: 'Upload files' }).focus();
    await user.keyboard('{Enter}');
    const picker = await screen.findByRole('dialog', { name: 'Add from Box' });
    const items = await within(picker).findByRole('list', { name: 'Box items' });
    expect(await within(items).findByRole('checkbox', { name: 'Pick Projects' })).toBeDisabled();
    expect(within(items).getByRole('checkbox', { name: 'Pick meeting notes.txt' })).toBeEnabled();
  });

  it('asks for a new picker key when the one held has expired, keeps a fresh one, and opens with one whose expiry does not parse', async () => {
    await connect('Box');
    const { client } = at('/account/files');
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const fresh = { api_key: 'fresh-key', expires_at: new Date(Date.now() + 60_000).toISOString() };
    client.setQueryData(boxKeyQueryKey('USER'), fresh);
    expect(await ensureBoxPickerKey(client, 'USER')).toEqual(fresh);
    client.setQueryData(boxKeyQueryKey('USER'), { api_key: 'old-key', expires_at: new Date(Date.now() - 1000).toISOString() });
    const renewed = await ensureBoxPickerKey(client, 'USER');
    expect(renewed.api_key).toMatch(/^mock-picker-/);
    expect(Date.parse(renewed.expires_at)).toBeGreaterThan(Date.now());
    client.setQueryData(boxKeyQueryKey('USER'), { api_key: 'odd-key', expires_at: 'soon' });
    expect((await ensureBoxPickerKey(client, 'USER')).api_key).toBe('odd-key');
    expect(error).toHaveBeenCalledWith(expect.stringContaining('does not parse'));
  });
});
