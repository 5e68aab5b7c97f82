// @vitest-environment happy-dom
// Space settings and "Add to Space" against the mock API: inviting a member who shows as
// Invited, access and web search with their rollback, leaving, the context sheet, and moving a
// thread into a Space from the thread page.
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setupMocks } from '../../../../mocks/node';
import { problem } from '../../../../mocks/problem';
import { MOCK_FEATURES } from '../../../../mocks/server-features';
import { getGetServerFeaturesMockHandler } from '../../../../generated/msw/system/system.msw';
import { ACCESS_LEVEL, SPACE_ACCESS } from '../../../../services/spaces/pure';
import { clearQueryClients } from '../../testing/query-clients';
import { addSpace, addThread, renderApp, where } from './space-test-kit';

// A server that searches the web (SEARXNG_URL), so the Space's web switch can be turned.
const mocks = setupMocks('signed-in', { features: { web_search: true } });
beforeAll(mocks.listen);
afterEach(() => {
  cleanup();
  clearQueryClients();
  mocks.reset();
});
afterAll(mocks.close);

async function openSettings(path: string) {
  const app = renderApp(path);
  await app.user.click(await screen.findByRole('button', { name: /Settings/ }, { timeout: 5000 }));
  // The first opening loads the modal's module: under a full run's load that took over the default second.
  const dialog = await screen.findByRole('dialog', { name: 'Space settings' }, { timeout: 5000 });
  return { ...app, dialog };
}

describe('Space settings', () => {
  it('invites a member by email with a role; the invitation shows as Invited', async () => {
    const space = addSpace(mocks);
    const { user, dialog } = await openSettings(`/spaces/${space.slug}`);
    const members = await within(dialog).findByRole('list', { name: 'Members' });
    expect(within(members).getAllByRole('listitem')).toHaveLength(1);

    await user.type(within(dialog).getByLabelText('Email to invite'), 'grace@example.com');
    await user.selectOptions(within(dialog).getByLabelText('Role to invite as'), 'WRITER');
    await user.click(within(dialog).getByRole('button', { name: 'Invite' }));

    const row = await within(members).findByRole('listitem', { name: 'grace@example.com' });
    expect(within(row).getByText('Invited')).toBeInTheDocument();
    expect((within(row).getByLabelText('Role of grace@example.com') as HTMLSelectElement).value).toBe('WRITER');
    expect(space.members.find((m) => m.email === 'grace@example.com')!.access).toBe(ACCESS_LEVEL.INVITED_WRITER);
    expect((within(dialog).getByLabelText('Email to invite') as HTMLInputElement).value).toBe('');
  });

  it('changes a role and withdraws an invitation', async () => {
    const space = addSpace(mocks);
    space.members.push({
      member_id: '0a0a0a0a-0000-4000-8000-00000000000a', // a uuid, as the spec's member_id is
      email: 'grace@example.com',
      user_id: null,
      name: 'Grace',
      access: ACCESS_LEVEL.INVITED_READER,
      invited_at: space.created_at,
    });
    const { user, dialog } = await openSettings(`/spaces/${space.slug}`);
    await user.selectOptions(await within(dialog).findByLabelText('Role of Grace'), 'ADMIN');
    await waitFor(() => expect(space.members[1]!.access).toBe(ACCESS_LEVEL.INVITED_ADMIN));
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw the invitation of Grace' }));
    await waitFor(() => expect(within(within(dialog).getByRole('list', { name: 'Members' })).getAllByRole('listitem')).toHaveLength(1));
  });

  it('changes access at once, offers the organisation only to organisation members, and rolls back on failure', async () => {
    const space = addSpace(mocks);
    const { user, dialog } = await openSettings(`/spaces/${space.slug}`);
    const group = within(dialog).getByRole('radiogroup', { name: 'Who can see this Space' });
    expect(
      within(group)
        .getAllByRole('radio')
        .map((r) => r.closest('label')?.textContent),
    ).toEqual([expect.stringContaining('Private'), expect.stringContaining('Anyone with the link')]);

    await user.click(within(group).getByRole('radio', { name: /Anyone with the link/ }));
    await waitFor(() => expect(space.access).toBe(SPACE_ACCESS.ANYONE_WITH_LINK));
    expect(within(group).getByRole('radio', { name: /Anyone with the link/ })).toBeChecked();

    mocks.server.use(http.put('*/rest/collections/:uuid/access', () => problem(500, 'server_error', 'Down')));
    await user.click(within(group).getByRole('radio', { name: /Private/ }));
    await screen.findByText('Failed to edit collection', {}, { timeout: 5000 });
    await waitFor(() => expect(within(group).getByRole('radio', { name: /Anyone with the link/ })).toBeChecked());
  });

  it('switches web search by default, and puts the switch back when the edit fails', async () => {
    const space = addSpace(mocks);
    const { user, dialog } = await openSettings(`/spaces/${space.slug}`);
    const toggle = within(dialog).getByRole('switch', { name: /Search the web by default/ });
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('true'));
    await user.click(toggle);
    await waitFor(() => expect(space.enable_web_by_default).toBe(false));

    mocks.server.use(http.post('*/rest/collections/edit_collection/:uuid', () => problem(500, 'server_error', 'Down')));
    await user.click(toggle);
    await screen.findByText('Failed to edit collection', {}, { timeout: 5000 });
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('false'));
  });

  it('shows the web switch off and disabled, with the reason, where the server has no web search', async () => {
    mocks.server.use(getGetServerFeaturesMockHandler({ ...MOCK_FEATURES, web_search: false }));
    const space = addSpace(mocks);
    const { dialog } = await openSettings(`/spaces/${space.slug}`);
    const toggle = within(dialog).getByRole('switch', { name: /Search the web by default/ });
    await waitFor(() => expect(toggle).toBeDisabled());
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    expect(toggle).toHaveAccessibleDescription("Web search is off on this server: answers use this Space's links and files.");
  });

  it('lets a writer leave the Space, without access, member management or Delete', async () => {
    const space = addSpace(mocks, { ownedByOther: true });
    space.members.push({
      member_id: '0a0a0a0a-0000-4000-8000-00000000000b',
      email: 'ada@example.com',
      user_id: 'user-ada',
      name: 'Ada Lovelace',
      access: ACCESS_LEVEL.WRITER,
      invited_at: space.created_at,
    });
    const { user, dialog } = await openSettings(`/spaces/${space.slug}`);
    expect(
      within(dialog)
        .getAllByRole('radio')
        .every((r) => (r as HTMLInputElement).disabled),
    ).toBe(true);
    expect(within(dialog).queryByLabelText('Email to invite')).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: /Delete Space/ })).not.toBeInTheDocument();
    await user.click(await within(dialog).findByRole('button', { name: /Leave Space/ }));
    await waitFor(() => expect(where()).toBe('/spaces'));
    expect(space.members.some((m) => m.email === 'ada@example.com')).toBe(false);
  });

  it('offers the owner Delete Space with a confirmation', async () => {
    const space = addSpace(mocks);
    const { user, dialog } = await openSettings(`/spaces/${space.slug}`);
    await user.click(within(dialog).getByRole('button', { name: /Delete Space/ }));
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(where()).toBe('/spaces'));
    expect(mocks.scenario.state.spaces).toHaveLength(0);
  });
});

describe('the Space context sheet', () => {
  it('has Instructions, Files and Links, and adds a link there', async () => {
    const space = addSpace(mocks);
    const { user } = renderApp(`/spaces/${space.slug}`);
    await user.click(await screen.findByRole('button', { name: /Context/ }));
    const sheet = await screen.findByRole('dialog', { name: 'Research context' });
    expect(within(sheet).getByRole('region', { name: 'Instructions' }).textContent).toContain('Answer in short paragraphs.');
    expect(
      await within(within(sheet).getByRole('region', { name: 'Files' })).findByText('Add files the answers in this Space should use.'),
    ).toBeInTheDocument();
    const links = within(sheet).getByRole('region', { name: 'Links' });
    await user.type(within(links).getByLabelText('Link to add'), 'https://news.example.org/');
    await user.click(within(links).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(within(links).getAllByRole('link')).toHaveLength(2));
  });
});

describe('Add to Space', () => {
  it('moves a thread into a Space from the thread page; the chip then links to the Space', async () => {
    const space = addSpace(mocks);
    addSpace(mocks, {
      uuid: crypto.randomUUID(),
      key: 'ZzCdEfGhIjKlMnOpQrStUv',
      slug: 'reading-ZzCdEfGhIjKlMnOpQrStUv',
      title: 'Reading only',
      ownedByOther: true,
      access: SPACE_ACCESS.ANYONE_WITH_LINK,
    });
    mocks.scenario.state.spaces!.at(-1)!.members.push({
      member_id: '0a0a0a0a-0000-4000-8000-00000000000b',
      email: 'ada@example.com',
      user_id: 'user-ada',
      name: 'Ada',
      access: ACCESS_LEVEL.READER,
      invited_at: space.created_at,
    });
    const thread = addThread(mocks, 1);
    const { user } = renderApp(`/search/${thread.thread_url_slug}`);

    await user.click(await screen.findByRole('button', { name: /Add to Space/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Add to a Space' });
    const choices = await within(dialog).findByRole('list', { name: 'Your Spaces' });
    // Only Spaces the user can add threads to.
    const items = within(choices).getAllByRole('listitem');
    expect(items).toHaveLength(1);
    expect(items[0]!.textContent).toContain('Research');
    await user.click(within(choices).getByRole('button', { name: /Research/ }));

    await screen.findByText('Added to Research', {}, { timeout: 5000 });
    const chip = await screen.findByRole('link', { name: 'In Space Research' });
    expect(chip.getAttribute('href')).toBe(`/spaces/${space.slug}`);
    expect(thread.collection_uuid).toBe(space.uuid);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Move/ })).toBeInTheDocument();
  });

  it('marks the current Space, removes the thread from it, and rolls back a failed move', async () => {
    const space = addSpace(mocks);
    const other = addSpace(mocks, { uuid: crypto.randomUUID(), key: 'ZzCdEfGhIjKlMnOpQrStUv', slug: 'notes-ZzCdEfGhIjKlMnOpQrStUv', title: 'Notes' });
    const thread = addThread(mocks, 1, { collection_uuid: space.uuid });
    const { user } = renderApp(`/search/${thread.thread_url_slug}`);
    expect(await screen.findByRole('link', { name: 'In Space Research' })).toBeInTheDocument();

    mocks.server.use(
      http.post('*/rest/collections/upsert_thread_collection', () => problem(403, 'not_space_writer', 'Only writers of this Space can add threads to it.')),
    );
    await user.click(screen.getByRole('button', { name: /Move/ }));
    let dialog = await screen.findByRole('dialog', { name: 'Move to a Space' });
    const current = await within(dialog).findByRole('button', { name: /Research/ });
    expect(current.getAttribute('aria-current')).toBe('true');
    await user.click(within(dialog).getByRole('button', { name: /Notes/ }));
    await screen.findByText('Only writers of this Space can add threads to it.', {}, { timeout: 5000 });
    // Behind the still open modal, the chip is back on the Space the thread is in.
    await waitFor(() => expect(screen.getByRole('link', { name: 'In Space Research', hidden: true })).toBeInTheDocument());
    expect(thread.collection_uuid).toBe(space.uuid);
    expect(other.uuid).not.toBe(space.uuid);

    mocks.server.resetHandlers();
    dialog = screen.getByRole('dialog', { name: 'Move to a Space' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove from Space' }));
    await screen.findByText('Removed from Research', {}, { timeout: 5000 });
    await waitFor(() => expect(screen.queryByRole('link', { name: 'In Space Research' })).not.toBeInTheDocument());
    expect(thread.collection_uuid).toBeNull();
  });

  it('adds the thread from its article view, in article mode', async () => {
    const space = addSpace(mocks);
    const thread = addThread(mocks, 1);
    const bodies: Array<Record<string, unknown>> = [];
    mocks.server.events.on('request:start', ({ request }) => {
      if (request.url.endsWith('/upsert_thread_collection'))
        void request
          .clone()
          .json()
          .then((b) => bodies.push(b as Record<string, unknown>));
    });
    const { user } = renderApp(`/page/${thread.thread_url_slug}`);
    await user.click(await screen.findByRole('button', { name: /Add to Space/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Add to a Space' });
    await user.click(await within(dialog).findByRole('button', { name: /Research/ }));
    expect((await screen.findByRole('link', { name: 'In Space Research' }, { timeout: 5000 })).getAttribute('href')).toBe(`/spaces/${space.slug}`);
    expect(bodies[0]).toMatchObject({ entry_uuid: 'b-1', new_collection_uuid: space.uuid, return_collection: true, article_mode: true });
    mocks.server.events.removeAllListeners();
  });

  it('creates a Space with the thread from "Create a Space"', async () => {
    const thread = addThread(mocks, 1);
    const { user } = renderApp(`/search/${thread.thread_url_slug}`);
    await user.click(await screen.findByRole('button', { name: /Add to Space/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Add to a Space' });
    await within(dialog).findByText('You have no Spaces you can add threads to yet.');
    await user.click(within(dialog).getByRole('button', { name: /Create a Space/ }));
    const form = await screen.findByRole('dialog', { name: 'Create a Space' });
    expect(screen.queryByRole('dialog', { name: 'Add to a Space' })).not.toBeInTheDocument();
    await user.type(within(form).getByLabelText(/Title/), 'Fresh');
    await user.click(within(form).getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(where()).toMatch(/^\/spaces\/fresh-/));
    expect(thread.collection_uuid).toBe(mocks.scenario.state.spaces![0]!.uuid);
  });
});
