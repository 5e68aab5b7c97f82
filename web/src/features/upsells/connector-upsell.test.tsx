// @vitest-environment happy-dom
// A connector upsell's click against the mock API (seed 002 §4): the calendar's connection is
// disconnected and started again; merge auth opens the connector's enable modal; an unknown
// type is logged and said plainly.
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Upsell } from '../../../../generated/react-query/model';
import { ModalProvider } from '../../app/modals/host';
import { createQueryClient } from '../../platform/query-client';
import { Toaster } from '../../app/toaster';
import { withMockServer } from '../../testing/mock-server';
import { leavePage, startConnecting } from '../connectors/use-connectors';
import { useConnectorUpsell } from './connector-upsell';

const mocks = withMockServer('signed-in');

const upsell = (upsell_type: Upsell['upsell_type'], connector_type: string) => ({ upsell_type, connector_type }) as Upsell;

function Probe({ u }: { u: Upsell }) {
  const click = useConnectorUpsell();
  return (
    <button type="button" onClick={() => click(u)}>
      Upsell
    </button>
  );
}

function clickOf(u: Upsell) {
  const router = createMemoryRouter([{ path: '/', element: <Probe u={u} /> }]);
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ModalProvider>
        <RouterProvider router={router} />
      </ModalProvider>
      <Toaster />
    </QueryClientProvider>,
  );
  return userEvent.setup().click(screen.getByRole('button', { name: 'Upsell' }));
}

afterEach(() => vi.restoreAllMocks());

describe('a connector upsell', () => {
  it('the calendar: the connected Gmail is disconnected first, then connecting starts again', async () => {
    const leave = vi.spyOn(leavePage, 'to').mockImplementation(() => {});
    await startConnecting('gmail', 'user');
    const calls: string[] = [];
    mocks.server.events.on('request:start', ({ request }) => {
      if (request.url.includes('/rest/connectors') || request.url.includes('/rest/connections'))
        calls.push(`${request.method} ${new URL(request.url).pathname}`);
    });
    await clickOf(upsell('connector', 'google_calendar'));
    await vi.waitFor(() => expect(leave).toHaveBeenCalledTimes(2));
    expect(calls.map((c) => c.replace(/[0-9a-f-]{36}/, ':uuid'))).toEqual([
      'GET /rest/connectors',
      'GET /rest/connectors/:uuid/disconnect',
      'GET /rest/connectors/gmail/connect',
    ]);
    mocks.server.events.removeAllListeners();
  });

  it('merge auth opens the enable modal of its connector', async () => {
    await clickOf(upsell('merge_auth_connector', 'box'));
    expect(await screen.findByRole('dialog', { name: 'Connect Box' }, { timeout: 20_000 })).toBeInTheDocument();
  });

  it('a type this server does not offer is logged and said plainly', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    await clickOf(upsell('connector', 'fax'));
    expect(await screen.findByText('This server does not offer that connector.')).toBeInTheDocument();
    expect(logged).toHaveBeenCalledWith('Unhandled upsell connector type: fax');
  });
});
