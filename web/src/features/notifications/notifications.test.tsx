// @vitest-environment happy-dom
// Notifications in the app against the mock API: the three switches on /account/notifications
// (all on by default, each saved as switched), the push section saying plainly when the browser
// cannot receive pushes, and the bell with its unread count, the centre and mark read.
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../../platform/query-client';
import { routes } from '../../app/routes';
import { firstRequestHeld } from '../../testing/first-request-held';
import { withMockServer } from '../../testing/mock-server';

const mocks = withMockServer('signed-in');

function open(path: string) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={createMemoryRouter(routes, { initialEntries: [path] })} />
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

describe('notification preferences', () => {
  it('shows the three channels on, and saves each as it is switched', async () => {
    const user = open('/account/notifications');
    const email = await screen.findByRole('switch', { name: /^Email/ }, { timeout: 5000 });
    await waitFor(() => expect(email).toBeChecked());
    expect(screen.getByRole('switch', { name: /^In-app/ })).toBeChecked();
    expect(screen.getByRole('switch', { name: /^Push/ })).toBeChecked();
    await user.click(email);
    // The form's own status: a sync toast (another role="status") may show meanwhile.
    const form = screen.getByRole('group', { name: 'How you are notified' });
    await waitFor(() => expect(within(form).getByRole('status')).toHaveTextContent('Saved.'));
    expect(email).not.toBeChecked();
    expect(mocks.scenario.state.notifications?.['user-ada']?.preferences).toEqual({
      should_send_email: false,
      should_send_in_app: true,
      should_send_push: true,
    });
    expect(screen.getByText('This browser cannot receive push notifications.')).toBeInTheDocument();
  });

  it('a switch made while a save is under way is saved after it, so both switches are kept', async () => {
    // Each save sends all three channels: were the second sent beside the first, the first
    // could land last and switch email back on.
    const held = firstRequestHeld();
    let puts = 0;
    mocks.server.use(
      http.put('*/rest/notifications/preferences', async () => {
        puts += 1;
        await held.pass();
        // Nothing returned: the scenario's own handler saves it.
      }),
    );
    const user = open('/account/notifications');
    const email = await screen.findByRole('switch', { name: /^Email/ }, { timeout: 5000 });
    await waitFor(() => expect(email).toBeEnabled());
    await user.click(email);
    await user.click(screen.getByRole('switch', { name: /^Push/ }));
    await held.release();
    const form = screen.getByRole('group', { name: 'How you are notified' });
    await waitFor(() => expect(puts).toBe(2));
    await waitFor(() => expect(within(form).getByRole('status')).toHaveTextContent('Saved.'));
    expect(mocks.scenario.state.notifications?.['user-ada']?.preferences).toEqual({
      should_send_email: false,
      should_send_in_app: true,
      should_send_push: false,
    });
    expect(email).not.toBeChecked();
    expect(screen.getByRole('switch', { name: /^Push/ })).not.toBeChecked();
  });
});

describe('the bell', () => {
  it('shows the unread count; the centre lists the newest first and marks one read', async () => {
    const user = open('/account/notifications');
    const bell = await screen.findByRole('button', { name: 'Notifications, 1 unread' }, { timeout: 5000 });
    await user.click(bell);
    const centre = await screen.findByRole('dialog', { name: 'Notification centre' });
    const items = within(centre).getAllByRole('listitem');
    expect(items.map((i) => i.textContent)).toEqual([
      expect.stringContaining('Grace Hopper invited you to the Space "Compilers"'),
      expect.stringContaining('Alan Turing asked to read "Difference engines"'),
    ]);
    await user.click(within(centre).getByRole('button', { name: 'Mark “Grace Hopper invited you to the Space "Compilers"” read' }));
    await screen.findByRole('button', { name: 'Notifications' });
    expect(within(centre).queryByRole('button', { name: /^Mark “/ })).toBeNull();
    expect(within(centre).queryByRole('button', { name: 'Mark all read' })).toBeNull();
  });
});
