// @vitest-environment happy-dom
// The account area through the app's own routes, against the mock API: its fourteen sections in
// the seed's order and labels with Enterprise as a lock marker, /account opening Details, and
// Reservations with its honest empty state.
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../../platform/query-client';
import { routes } from '../../app/routes';
import { withMockServer } from '../../testing/mock-server';

withMockServer('signed-in');

function at(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('the account area', () => {
  it('lists the fourteen sections in order, then Enterprise with only a lock; /account opens Details', async () => {
    const router = at('/account');
    const nav = await screen.findByRole('navigation', { name: 'Account sections' }, { timeout: 5000 });
    // Ada belongs to no organisation: the organisation navigation offers to create one.
    const org = await screen.findByRole('navigation', { name: 'Organisation' }, { timeout: 5000 });
    expect(within(org).getByRole('link').textContent).toBe('Create an organisation');
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual([
      'Details',
      'Pro perks',
      'Preferences',
      'Personalize',
      'Assistant',
      'Connectors',
      'Imports',
      'Products',
      'API',
      'Reservations',
      'Notifications',
      'Tasks',
      'Shortcuts',
      'Site instructions',
    ]);
    expect(within(nav).getByLabelText('Locked').closest('li')).toHaveTextContent('Enterprise');
    await screen.findByRole('heading', { level: 1, name: 'Account details' }, { timeout: 5000 });
    expect(router.state.location.pathname).toBe('/account/details');
  });

  it('leads someone in no organisation to the form that creates one', async () => {
    const router = at('/account/details');
    const nav = await screen.findByRole('navigation', { name: 'Organisation' }, { timeout: 5000 });
    await userEvent.setup().click(within(nav).getByRole('link', { name: 'Create an organisation' }));
    expect(router.state.location.pathname).toBe('/account/org/details');
    expect(await screen.findByRole('form', { name: 'Start an organization' }, { timeout: 5000 })).toBeInTheDocument();
  });

  it('opens Reservations, which says plainly that there are none yet (issue 36: no section is a placeholder any more)', async () => {
    at('/account/details');
    const nav = await screen.findByRole('navigation', { name: 'Account sections' }, { timeout: 5000 });
    await userEvent.setup().click(within(nav).getByRole('link', { name: 'Reservations' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Reservations' })).toBeInTheDocument();
    expect(
      await screen.findByText(/^No reservations yet\. When an answer about a hotel or a restaurant hands you over/, {}, { timeout: 5000 }),
    ).toBeInTheDocument();
  });
});
