// @vitest-environment happy-dom
// The assistant browser's page against the mock API: download buttons with the seed's links and
// the 'Comet download started...' toast for 5 s, an invite code checked then claimed, and the
// download mail.
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../platform/query-client';
import { toast } from '../../platform/toasts';
import { withMockServer } from '../../testing/mock-server';
import BrowserPage from './browser-page';

vi.mock('../../platform/toasts', async (importOriginal) => ({ ...(await importOriginal<typeof import('../../platform/toasts')>()), toast: vi.fn() }));

withMockServer('signed-in');

function show() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={['/download?partner_code=acme']}>
        <BrowserPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

describe('the assistant browser page', () => {
  it('offers the two downloads, shows the toast for 5 s on a click and opens the download 250 ms later', async () => {
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    const timer = vi.spyOn(window, 'setTimeout');
    const user = show();
    const windows = await screen.findByRole('link', { name: 'Download for Windows' });
    expect(new URL(windows.getAttribute('href')!).search).toBe('?channel=stable&platform=win_x64&mini=1');
    const mac = screen.getByRole('link', { name: 'Download for Mac' });
    expect(new URL(mac.getAttribute('href')!).search).toBe('?channel=stable&platform=mac_arm64');
    await user.click(windows);
    expect(toast).toHaveBeenCalledWith('Comet download started...', { duration: 5_000 });
    expect(open).not.toHaveBeenCalled();
    expect(timer).toHaveBeenCalledWith(expect.any(Function), 250);
    await vi.waitFor(() => expect(open).toHaveBeenCalledWith(windows.getAttribute('href'), '_blank', 'noopener,noreferrer'));
  });

  it('checks an invite code, then claims it', async () => {
    const issued = await fetch('/rest/admin/browser-invites', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    const [{ code }] = (await issued.json()).items;
    const user = show();
    const form = await screen.findByRole('form', { name: 'Invite code' });
    await user.type(within(form).getByLabelText('Invite code'), code.toLowerCase());
    await user.click(within(form).getByRole('button', { name: 'Check code' }));
    expect(await within(form).findByRole('status')).toHaveTextContent('This invite code is valid.');
    await user.click(within(form).getByRole('button', { name: 'Claim invite' }));
    expect(await screen.findByText(`You have access to the assistant browser (invite code ${code}).`)).toBeInTheDocument();
  });

  it('says a wrong code was not accepted, and only logs the failure', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const user = show();
    const form = await screen.findByRole('form', { name: 'Invite code' });
    await user.type(within(form).getByLabelText('Invite code'), 'NOPE-NOPE');
    await user.click(within(form).getByRole('button', { name: 'Check code' }));
    expect(await within(form).findByRole('status')).toHaveTextContent('That invite code was not accepted.');
    expect(logged).toHaveBeenCalledWith('invite claim failed', expect.anything());
    logged.mockRestore();
  });

  it('mails the download link', async () => {
    const user = show();
    const form = await screen.findByRole('form', { name: 'Email me the download link' });
    const email = within(form).getByLabelText('Email');
    await user.clear(email);
    await user.type(email, 'friend@example.com');
    await user.click(within(form).getByRole('button', { name: 'Email me the download link' }));
    expect(await within(form).findByRole('status')).toHaveTextContent('Download link sent to friend@example.com.');
  });
});
