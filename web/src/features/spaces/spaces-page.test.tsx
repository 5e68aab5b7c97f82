// @vitest-environment happy-dom
// The Spaces page against the mock API: the Bookmarks card, the user's Spaces with roles and
// invitations, creating a Space from a template, the templates' failure, and signed-out visitors.
import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { withMockServer } from '../../testing/mock-server';
import { problem } from '../../../../mocks/problem';
import { ACCESS_LEVEL } from '../../../../services/spaces/pure';
import { putSpace, renderRoutes, where } from './spaces-test-kit';
import SpacesPage, { SPACES_PAGE_SIZE } from './spaces-page';

const mocks = withMockServer('signed-in');

const setup = () =>
  renderRoutes(
    [
      { path: '/spaces', element: <SpacesPage /> },
      { path: '/spaces/:slug', element: <p>A Space</p> },
      { path: '/library', element: <p>Library</p> },
    ],
    '/spaces',
  );
const spaceList = () => screen.getByRole('list', { name: 'Spaces' });

describe('the Spaces page', () => {
  it('starts with the Bookmarks card and says when there are no Spaces yet', async () => {
    setup();
    expect(await screen.findByText('No Spaces yet', {}, { timeout: 5000 })).toBeInTheDocument();
    const bookmarks = within(spaceList()).getByRole('link', { name: /Bookmarks/ });
    expect(bookmarks.getAttribute('href')).toBe('/library?tab=bookmarks');
    expect(bookmarks.textContent).toContain('🔖');
  });

  it('creates a Space from a template and lands on it', async () => {
    const { user } = setup();
    await user.click(await screen.findByRole('button', { name: 'Start from Trip planning' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Create a Space: Trip planning' }, { timeout: 5000 });
    expect((within(dialog).getByLabelText(/^Title/) as HTMLInputElement).value).toBe('Trip planning');
    expect((within(dialog).getByLabelText(/^Instructions/) as HTMLTextAreaElement).value).toMatch(/^You are helping plan a trip/);
    expect(within(dialog).getByRole('radio', { name: 'Emoji ✈️' })).toBeChecked();
    await user.clear(within(dialog).getByLabelText(/^Title/));
    await user.type(within(dialog).getByLabelText(/^Title/), 'Lisbon in May');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(where()).toMatch(/^\/spaces\/lisbon-in-may-[A-Za-z0-9]{22}$/), { timeout: 5000 });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const created = mocks.scenario.state.spaces!.at(-1)!;
    expect(created).toMatchObject({ title: 'Lisbon in May', template_id: 'trip-planning', emoji: '2708-fe0f' });
    expect(where()).toBe(`/spaces/${created.slug}`);
  });

  it('lists the Spaces with their thread count, the caller’s role, and invitations to accept', async () => {
    const mine = putSpace(mocks, { title: 'Garden', description: 'Vegetables and herbs', emoji: '1f331' });
    const bob = { id: 'user-bob', name: 'Bob', email: 'bob@example.com' };
    const joined = putSpace(mocks, { title: 'Team notes' }, bob);
    joined.members.push({
      member_id: 'm-ada-w',
      email: 'ada@example.com',
      user_id: 'user-ada',
      name: 'Ada Lovelace',
      access: ACCESS_LEVEL.WRITER,
      invited_at: joined.created_at,
    });
    const invited = putSpace(mocks, { title: 'Book club' }, bob);
    invited.members.push({
      member_id: 'm-ada-i',
      email: 'ada@example.com',
      user_id: null,
      name: null,
      access: ACCESS_LEVEL.INVITED_READER,
      invited_at: invited.created_at,
    });
    const { user } = setup();

    const garden = await within(await screen.findByRole('list', { name: 'Spaces' })).findByRole('link', { name: /Garden/ }, { timeout: 5000 });
    expect(garden.getAttribute('href')).toBe(`/spaces/${mine.slug}`);
    expect(garden.textContent).toContain('🌱');
    expect(garden.textContent).toContain('Vegetables and herbs');
    expect(garden.textContent).toContain('0 threads');
    expect(garden.textContent).not.toContain('Owner');
    expect(within(spaceList()).getByRole('link', { name: /Team notes/ }).textContent).toContain('Writer');

    const invitation = within(spaceList()).getByRole('group', { name: 'Invitation to Book club' });
    expect(invitation.textContent).toContain('Invited');
    await user.click(within(invitation).getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(where()).toBe(`/spaces/${invited.slug}`), { timeout: 5000 });
    expect(invited.members.find((m) => m.member_id === 'm-ada-i')!.access).toBe(ACCESS_LEVEL.READER);
  });

  it('loads more Spaces a page at a time', async () => {
    for (let i = 1; i <= SPACES_PAGE_SIZE + 3; i++) putSpace(mocks, { title: `Space ${i}` });
    const { user } = setup();
    const links = () =>
      within(spaceList())
        .getAllByRole('link')
        .filter((a) => a.getAttribute('href')!.startsWith('/spaces/'));
    await waitFor(() => expect(links().length).toBe(SPACES_PAGE_SIZE), { timeout: 5000 });
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(links().length).toBe(SPACES_PAGE_SIZE + 3), { timeout: 5000 });
    expect(links().at(-1)!.textContent).toContain('Space 1');
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('says when the templates cannot be listed', async () => {
    mocks.server.use(http.get('*/rest/collections/list_space_templates', () => problem(400, 'bad_request', 'No templates.')));
    setup();
    expect((await screen.findByRole('alert', {}, { timeout: 5000 })).textContent).toBe('Failed to list space templates');
  });

  it('asks signed-out visitors to sign in, with the login modal', async () => {
    mocks.reset('anonymous');
    const { user } = setup();
    await user.click(await screen.findByRole('button', { name: 'Sign in' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign in to use Spaces' }, { timeout: 5000 });
    expect(dialog.querySelector('[data-origin="spaces"]')).toBeInTheDocument();
  });
});
