// @vitest-environment happy-dom
// The sidebar collapses and pins, with both states kept in settings; it offers sign-in to
// visitors and sign-out to signed-in users (mock API, signed-in scenario).
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setupMocks } from '../../../../mocks/node';
import { DEMO_ACCOUNT } from '../../../../mocks/scenarios';
import { ModalProvider } from '../modals/host';
import { createQueryClient } from '../../platform/query-client';
import { getSettings, reloadSettings } from '../../platform/settings/store';
import { Sidebar } from './sidebar';

const mocks = setupMocks('signed-in');
beforeAll(mocks.listen);
beforeEach(() => {
  localStorage.clear();
  reloadSettings();
});
afterEach(() => {
  cleanup();
  mocks.reset();
});
afterAll(mocks.close);

async function setup() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <ModalProvider>
          <Sidebar onNewThread={() => {}} newThreadKeys={['Ctrl', 'I']} />
        </ModalProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  await screen.findByText(DEMO_ACCOUNT.name); // the session has loaded
  return { user: userEvent.setup(), sidebar: () => screen.getByRole('complementary', { name: 'Sidebar' }) };
}

describe('sidebar', () => {
  it('collapses to a rail and expands again, kept in settings', async () => {
    const { user, sidebar } = await setup();
    expect(sidebar().dataset.state).toBe('open');
    await user.click(screen.getByRole('button', { name: 'Collapse sidebar' }));
    expect(sidebar().dataset.state).toBe('collapsed');
    expect(getSettings().sidebarCollapsed).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Expand sidebar' }));
    expect(sidebar().dataset.state).toBe('open');
    expect(getSettings().sidebarCollapsed).toBe(false);
  });

  it('unpinned, it is a rail that opens while hovered', async () => {
    const { sidebar } = await setup();
    fireEvent.click(screen.getByRole('button', { name: 'Unpin sidebar' }));
    expect(getSettings().sidebarPinned).toBe(false);
    fireEvent.mouseLeave(sidebar());
    expect(sidebar().dataset.state).toBe('collapsed');
    fireEvent.mouseEnter(sidebar());
    expect(sidebar().dataset.state).toBe('open');
    fireEvent.click(screen.getByRole('button', { name: 'Pin sidebar' }));
    expect(getSettings().sidebarPinned).toBe(true);
  });

  it('opens the automation modal from Automations (issue 36: a way to it besides upsells)', async () => {
    const { user } = await setup();
    await user.click(screen.getByRole('button', { name: 'Automations' }));
    expect(await screen.findByRole('dialog', { name: 'Automation' }, { timeout: 5000 })).toBeInTheDocument();
  });

  it('shows who is signed in and signs out', async () => {
    const { user } = await setup();
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(mocks.scenario.state.signedInId).toBeNull();
  });
});
