// @vitest-environment happy-dom
// Gmail with Calendar's permission modals against the mock API (the server's views): Connect says
// first what Google will ask (the extra-permission modal) and Continue leaves for Google; coming
// back without the calendar (or mail) scope opens the failed-permissions modal, which names what
// is lost and reconnects; the row says so and offers to fix it; everything granted opens nothing.
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CALENDAR_READONLY, GMAIL_READONLY } from '../../../../services/connectors/pure';
import { ModalProvider } from '../../app/modals/host';
import { routes } from '../../app/routes';
import { createQueryClient } from '../../platform/query-client';
import { withMockServer } from '../../testing/mock-server';
import { leavePage } from './use-connectors';

const mocks = withMockServer('signed-in');
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

/** Connects Gmail with Calendar through both modals, Google granting `scope`, and comes back. */
async function connectGmail(scope: string) {
  mocks.scenario.state.connectorGrantedScopes = { gmail: scope };
  const assign = vi.spyOn(leavePage, 'to').mockImplementation(() => {});
  const first = at('/account/connectors');
  const gmail = await screen.findByRole('listitem', { name: 'Gmail with Calendar' }, { timeout: FIRST_RENDER_MS });
  await first.user.click(within(gmail).getByRole('button', { name: 'Connect' }));
  await first.user.click(within(await screen.findByRole('dialog', { name: 'Connect Gmail with Calendar' })).getByRole('button', { name: 'Connect' }));
  const ask = await screen.findByRole('dialog', { name: 'Allow mail and calendar access' });
  expect(within(ask).getByText('View your email messages and settings')).toBeInTheDocument();
  expect(within(ask).getByText('See and download any calendar you can access using your Google Calendar')).toBeInTheDocument();
  expect(screen.queryByRole('dialog', { name: 'Connect Gmail with Calendar' })).toBeNull();
  await first.user.click(within(ask).getByRole('button', { name: 'Continue' }));
  await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('/account/connectors?connected=gmail'));
  first.router.dispose();
  cleanup();
  assign.mockClear();
  return { assign, back: at('/account/connectors?connected=gmail') };
}

describe("Gmail with Calendar's permissions", () => {
  it('coming back without the calendar opens the failed-permissions modal, which reconnects', async () => {
    const { assign, back } = await connectGmail(`openid email ${GMAIL_READONLY}`);
    const failed = await screen.findByRole('dialog', { name: 'Permissions missing' }, { timeout: FIRST_RENDER_MS });
    expect(within(failed).getByText(/without it, your events cannot be searched\./)).toBeInTheDocument();
    expect(within(failed).queryByText(/your mail cannot be searched/)).toBeNull();
    await back.user.click(within(failed).getByRole('button', { name: 'Not now' }));
    const row = screen.getByRole('listitem', { name: 'Gmail with Calendar' });
    expect(await within(row).findByText(/Calendar not allowed$/)).toBeInTheDocument();
    await back.user.click(within(row).getByRole('button', { name: 'Fix permissions' }));
    await back.user.click(within(await screen.findByRole('dialog', { name: 'Permissions missing' })).getByRole('button', { name: 'Reconnect' }));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('/account/connectors?connected=gmail'));
  });

  it('everything granted opens nothing and offers nothing to fix', async () => {
    await connectGmail(`openid email ${GMAIL_READONLY} ${CALENDAR_READONLY}`);
    const row = await screen.findByRole('listitem', { name: 'Gmail with Calendar' }, { timeout: FIRST_RENDER_MS });
    expect(await within(row).findByText(/^Connected as [^·]+$/)).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Permissions missing' })).toBeNull();
    expect(within(row).queryByRole('button', { name: 'Fix permissions' })).toBeNull();
  });
});
