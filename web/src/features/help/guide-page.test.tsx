// @vitest-environment happy-dom
// The pages behind links the app shows: a guide source's /help/{page}#{section} opens that
// section of the user guide, /help lists the pages, and the login modal's privacy-policy
// link has a page.
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../../platform/query-client';
import { routes } from '../../app/routes';
import { withMockServer } from '../../testing/mock-server';
import { GUIDE_PAGES } from './guide-pages';

withMockServer('anonymous');

const open = (path: string) =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={createMemoryRouter(routes, { initialEntries: [path] })} />
    </QueryClientProvider>,
  );

describe('the user guide and the privacy policy', () => {
  it('opens the guide section a source cites, by its anchor', async () => {
    open('/help/sharing-and-privacy#how-do-i-share-a-thread');
    await screen.findByRole('heading', { level: 1, name: 'Sharing and privacy' }, { timeout: 5000 });
    const section = screen.getByRole('heading', { level: 2, name: 'How do I share a thread?' });
    expect(section.id).toBe('how-do-i-share-a-thread');
  });

  it('lists every page of the guide at /help', async () => {
    open('/help');
    const list = await screen.findByRole('list', { name: 'Guide pages' }, { timeout: 5000 });
    await within(list).findByRole('link', { name: 'Sharing and privacy' });
    expect(
      within(list)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(GUIDE_PAGES.map((name) => `/help/${name}`));
    expect(GUIDE_PAGES).toContain('keyboard-shortcuts');
  });

  it('says so for a guide page that does not exist', async () => {
    open('/help/no-such-page');
    await screen.findByRole('heading', { level: 1, name: 'Guide page not found' }, { timeout: 5000 });
  });

  it('has a privacy policy at the address the login modal links to', async () => {
    open('/privacy-policy');
    await screen.findByRole('heading', { level: 1, name: 'Privacy policy' }, { timeout: 5000 });
    expect(screen.getByRole('heading', { level: 2, name: 'Cookies and this browser' }).id).toBe('cookies-and-this-browser');
  });
});
