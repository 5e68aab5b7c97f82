// @vitest-environment happy-dom
// The Add files menu (seed 001 §2): 'Local files' alone today; with connectors, the connected
// ones (Box's as a submenu of 'Upload files' and 'Upload folders') and an 'Add connectors' submenu
// that phones do not get.
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MY_FILES } from '../file-keys';
import { AddFilesMenu, WIDE_SCREEN_QUERY, type MenuConnector } from './add-files-menu';
import { createFilesBackend, newClient, Providers } from './upload-test-kit';

// The session call the upload modal makes answers here, not from the network.
const backend = createFilesBackend();
beforeAll(backend.listen);
afterAll(backend.close);
const realMatchMedia = window.matchMedia;
afterEach(() => {
  cleanup();
  backend.reset();
  window.matchMedia = realMatchMedia;
});

/** The screen is wide, or a phone's. */
function screenWidth(wide: boolean) {
  window.matchMedia = ((query: string) => ({
    matches: query === WIDE_SCREEN_QUERY ? wide : false,
    media: query,
    addEventListener() {},
    removeEventListener() {},
  })) as unknown as typeof window.matchMedia;
}

const connector = (name: string, connected: boolean, onSelect = () => {}): MenuConnector => ({ name, label: name, connected, onSelect });

async function openMenu(ui: ReactNode) {
  const user = userEvent.setup();
  render(<Providers client={newClient()}>{ui}</Providers>);
  await user.click(screen.getByRole('button', { name: 'Add files' }));
  return { user, menu: await screen.findByRole('menu') };
}

describe('AddFilesMenu', () => {
  it("holds just 'Local files' without connectors, which opens the upload modal", async () => {
    screenWidth(true);
    const { user, menu } = await openMenu(<AddFilesMenu repository={MY_FILES} />);
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((i) => i.textContent?.trim()),
    ).toEqual(['Local files']);
    await user.click(within(menu).getByRole('menuitem', { name: 'Local files' }));
    expect(await screen.findByRole('dialog', { name: 'Upload files' })).toBeInTheDocument();
  });

  it('calls onLocalFiles instead when given (e.g. to open the file picker)', async () => {
    screenWidth(true);
    const onLocalFiles = vi.fn();
    const { user, menu } = await openMenu(<AddFilesMenu repository={MY_FILES} onLocalFiles={onLocalFiles} />);
    await user.click(within(menu).getByRole('menuitem', { name: 'Local files' }));
    expect(onLocalFiles).toHaveBeenCalledOnce();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("lists connected connectors and an 'Add connectors' submenu of the others on a wide screen", async () => {
    screenWidth(true);
    const pickDrive = vi.fn();
    const { user, menu } = await openMenu(
      <AddFilesMenu repository={MY_FILES} connectors={[connector('Google Drive', true, pickDrive), connector('Box', false)]} />,
    );
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((i) => i.textContent?.trim()),
    ).toEqual(['Local files', 'Google Drive', 'Add connectors']);
    await user.click(within(menu).getByRole('menuitem', { name: 'Google Drive' }));
    expect(pickDrive).toHaveBeenCalledOnce();
  });

  it("leaves the 'Add connectors' submenu out on a phone", async () => {
    screenWidth(false);
    const { menu } = await openMenu(<AddFilesMenu repository={MY_FILES} connectors={[connector('Google Drive', true), connector('Box', false)]} />);
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((i) => i.textContent?.trim()),
    ).toEqual(['Local files', 'Google Drive']);
  });

  it("opens a connected connector's own submenu (Box's 'Upload files' and 'Upload folders')", async () => {
    screenWidth(true);
    const files = vi.fn();
    const folders = vi.fn();
    const box: MenuConnector = {
      ...connector('Box', true),
      entries: [
        { label: 'Upload files', onSelect: files },
        { label: 'Upload folders', onSelect: folders },
      ],
    };
    const { user, menu } = await openMenu(<AddFilesMenu repository={MY_FILES} connectors={[box]} />);
    await user.click(within(menu).getByRole('menuitem', { name: 'Box' }));
    const sub = (await screen.findAllByRole('menu')).at(-1) as HTMLElement;
    expect(
      within(sub)
        .getAllByRole('menuitem')
        .map((i) => i.textContent?.trim()),
    ).toEqual(['Upload files', 'Upload folders']);
    // By keyboard, as the pointer's path between menus is not a browser's here.
    within(sub).getByRole('menuitem', { name: 'Upload folders' }).focus();
    await user.keyboard('{Enter}');
    expect(folders).toHaveBeenCalledOnce();
    expect(files).not.toHaveBeenCalled();
  });
});
