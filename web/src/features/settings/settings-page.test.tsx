// @vitest-environment happy-dom
// The colour scheme on the settings page: a radio group (Tab to it, arrows to move), saved on
// this device as soon as one is chosen.
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '../../platform/query-client';
import { routes } from '../../app/routes';
import { getSettings, reloadSettings } from '../../platform/settings/store';
import { withMockServer } from '../../testing/mock-server';

withMockServer('anonymous');
beforeEach(() => {
  localStorage.clear();
  reloadSettings();
});

const open = () =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={createMemoryRouter(routes, { initialEntries: ['/settings'] })} />
    </QueryClientProvider>,
  );

describe('the colour scheme setting', () => {
  it('offers Light, Dark and System with the saved one checked, and saves a click', async () => {
    const user = userEvent.setup();
    open();
    // The file's first test loads the lazy settings page: over a second in a full run on a loaded machine.
    const group = await screen.findByRole('radiogroup', { name: 'Colour scheme' }, { timeout: 10_000 });
    expect(
      within(group)
        .getAllByRole('radio')
        .map((r) => r.closest('label')?.textContent?.trim()),
    ).toEqual(['Light', 'Dark', 'System']);
    expect(within(group).getByRole('radio', { name: 'System' })).toBeChecked();

    await user.click(within(group).getByRole('radio', { name: 'Dark' }));
    expect(getSettings().colourScheme).toBe('dark');
    expect(within(group).getByRole('radio', { name: 'Dark' })).toBeChecked();
    expect(within(group).getByRole('radio', { name: 'System' })).not.toBeChecked();
  });

  it('moves the choice with the arrow keys', async () => {
    const user = userEvent.setup();
    open();
    const group = await screen.findByRole('radiogroup', { name: 'Colour scheme' });
    await user.click(within(group).getByRole('radio', { name: 'Light' }));
    await user.keyboard('{ArrowRight}');
    expect(getSettings().colourScheme).toBe('dark');
    expect(within(group).getByRole('radio', { name: 'Dark' })).toHaveFocus();
  });
});
