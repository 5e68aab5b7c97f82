// @vitest-environment happy-dom
// The account links: Imports (/account/files) for signed-in users, Organization files
// (/account/org/files) for Enterprise members only, nothing for visitors.
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { withMockServer } from '../../testing/mock-server';
import { createQueryClient } from '../../platform/query-client';
import { useSession } from '../../platform/session';
import { AccountNav } from './account-nav';

function SessionState() {
  const { user, isLoading } = useSession();
  return <p>{isLoading ? 'loading' : user ? 'signed in' : 'visitor'}</p>;
}

const mocks = withMockServer('signed-in');

const setup = () =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <AccountNav open />
        <SessionState />
      </MemoryRouter>
    </QueryClientProvider>,
  );

describe('account navigation', () => {
  it('offers Imports to a signed-in user, without organization files', async () => {
    setup();
    expect((await screen.findByRole('link', { name: 'Imports' }, { timeout: 5000 })).getAttribute('href')).toBe('/account/files');
    expect(screen.queryByRole('link', { name: 'Organization files' })).not.toBeInTheDocument();
  });

  it('adds Organization files for an Enterprise member', async () => {
    mocks.reset('enterprise');
    setup();
    expect((await screen.findByRole('link', { name: 'Organization files' }, { timeout: 5000 })).getAttribute('href')).toBe('/account/org/files');
    expect(screen.getByRole('link', { name: 'Imports' })).toBeInTheDocument();
  });

  it('shows nothing to visitors', async () => {
    mocks.reset('anonymous');
    setup();
    await screen.findByText('visitor', {}, { timeout: 5000 });
    expect(screen.queryByRole('navigation', { name: 'Account' })).not.toBeInTheDocument();
  });
});
