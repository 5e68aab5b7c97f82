// @vitest-environment happy-dom
// The Space page against the mock API: threads and links, what a reader does not get, a link the
// server refuses, asking inside the Space, removing a thread, the upload flag and a missing Space.
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setupMocks } from '../../../../mocks/node';
import { problem } from '../../../../mocks/problem';
import { LINK_BLOCKED } from '../../../../mocks/spaces';
import { SPACE_ACCESS } from '../../../../services/spaces/pure';
import { clearQueryClients } from '../../testing/query-clients';
import { READER_ASK_NOTE } from './space-ask-box';
import { addSpace, addThread, renderApp, where } from './space-test-kit';

const mocks = setupMocks('signed-in');
beforeAll(mocks.listen);
afterEach(() => {
  cleanup();
  mocks.server.events.removeAllListeners();
  clearQueryClients();
  mocks.reset();
});
afterAll(mocks.close);

/** Counts the add-link calls from now on (afterEach removes the listener). */
function countLinkPosts() {
  let n = 0;
  mocks.server.events.on('request:start', ({ request }) => {
    if (request.method === 'POST' && request.url.endsWith('/rest/collections/focused_web_config/links')) n++;
  });
  return () => n;
}

describe('the Space page', () => {
  it('shows the Space, its threads and its links to the owner, with Settings, Instructions and the link input', async () => {
    const space = addSpace(mocks);
    addThread(mocks, 1, { collection_uuid: space.uuid });
    addThread(mocks, 2); // not in the Space
    renderApp(`/spaces/${space.slug}`);

    expect(await screen.findByRole('heading', { level: 1, name: 'Research' })).toBeInTheDocument();
    expect(screen.getByText('Papers and notes')).toBeInTheDocument();
    expect(screen.getByText('Owner')).toBeInTheDocument();

    const threads = await screen.findByRole('list', { name: 'Threads' });
    const rows = within(threads).getAllByRole('link');
    expect(rows.map((a) => a.getAttribute('href'))).toEqual(['/search/thread-1']);
    expect(rows[0]!.textContent).toContain('Question about papers 1');

    const link = within(screen.getByRole('list', { name: 'Links' })).getByRole('link');
    expect(link.getAttribute('href')).toBe('https://docs.example.com/guide');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.textContent).toContain('The guide');
    expect(link.textContent).toContain('docs.example.com');

    expect(screen.getByRole('button', { name: /Settings/ })).toBeInTheDocument();
    expect(screen.getByLabelText('Link to add')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Instructions' })).getByText('Answer in short paragraphs.')).toBeInTheDocument();
  });

  it('gives a reader no Settings, no link input and no Instructions in a Space that is not a template', async () => {
    const space = addSpace(mocks, { ownedByOther: true, access: SPACE_ACCESS.ANYONE_WITH_LINK });
    addThread(mocks, 1, { collection_uuid: space.uuid, owner: 'user-olga', thread_access: 'collection read' });
    renderApp(`/spaces/${space.slug}`);

    expect(await screen.findByRole('heading', { level: 1, name: 'Research' })).toBeInTheDocument();
    expect(screen.getByText('Reader')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: /Question about papers 1/ })).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Links' })).getByRole('link').textContent).toContain('The guide');
    expect(screen.queryByRole('button', { name: /Settings/ })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Link to add')).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Instructions' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Context/ })).toBeInTheDocument();
  });

  it('lets a reader ask in the Space, saying their threads stay their own', async () => {
    const space = addSpace(mocks, { ownedByOther: true, access: SPACE_ACCESS.ANYONE_WITH_LINK });
    const bodies: Array<Record<string, unknown>> = [];
    mocks.server.events.on('request:start', ({ request }) => {
      if (request.url.endsWith('/rest/threads/ask'))
        void request
          .clone()
          .json()
          .then((b) => bodies.push(b as Record<string, unknown>));
    });
    const { user } = renderApp(`/spaces/${space.slug}`);
    expect(await screen.findByText(READER_ASK_NOTE)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Ask in Research'), 'what does the guide say?{Enter}');
    await waitFor(() => expect(where()).toMatch(/^\/search\/what-does-the-guide-say/), { timeout: 5000 });
    expect(bodies).toHaveLength(1);
    expect(bodies[0]).toMatchObject({ query_str: 'what does the guide say?', collection_uuid: space.uuid });
    mocks.server.events.removeAllListeners();
  });

  it('shows a reader the Instructions of a template Space', async () => {
    const space = addSpace(mocks, { ownedByOther: true, access: SPACE_ACCESS.ANYONE_WITH_LINK, template_id: 'research' });
    renderApp(`/spaces/${space.slug}`);
    const section = await screen.findByRole('region', { name: 'Instructions' });
    expect(within(section).getByText('Answer in short paragraphs.')).toBeInTheDocument();
    expect(within(section).queryByRole('button')).not.toBeInTheDocument();
  });

  it('adds a link, and shows the server’s reason under the input when it refuses one', async () => {
    const space = addSpace(mocks);
    const posts = countLinkPosts();
    const { user } = renderApp(`/spaces/${space.slug}`);
    const input = await screen.findByLabelText('Link to add');

    await user.type(input, 'https://blocked.example/private');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    // A refusal is the server's answer: shown at once, not retried.
    expect((await screen.findByRole('alert', {}, { timeout: 5000 })).textContent).toBe(LINK_BLOCKED);
    expect(posts()).toBe(1);
    expect(space.focused_web_config.link_configs).toHaveLength(1);

    await user.clear(input);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.type(input, 'https://news.example.org/today');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    const links = screen.getByRole('list', { name: 'Links' });
    await waitFor(() =>
      expect(
        within(links)
          .getAllByRole('link')
          .map((a) => a.getAttribute('href')),
      ).toContain('https://news.example.org/today'),
    );
    expect((input as HTMLInputElement).value).toBe('');
  });

  it('retries adding a link once when the server fails (seeds: "1 retry"), then says so', async () => {
    const space = addSpace(mocks);
    mocks.server.use(http.post('*/rest/collections/focused_web_config/links', () => problem(500, 'server_error', 'Down')));
    const posts = countLinkPosts();
    const { user } = renderApp(`/spaces/${space.slug}`);
    await user.type(await screen.findByLabelText('Link to add'), 'https://news.example.org/today');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect((await screen.findByRole('alert', {}, { timeout: 5000 })).textContent).toBe('Down');
    expect(posts()).toBe(2);
  });

  it('removes a link at once and puts it back when the server fails', async () => {
    const space = addSpace(mocks);
    mocks.server.use(http.delete('*/rest/collections/focused_web_config/links', () => problem(500, 'server_error', 'Down')));
    const { user } = renderApp(`/spaces/${space.slug}`);
    await user.click(await screen.findByRole('button', { name: 'Remove The guide' }));
    await screen.findByText('Could not remove the link', {}, { timeout: 5000 });
    expect(within(screen.getByRole('list', { name: 'Links' })).getByRole('link').textContent).toContain('The guide');
  });

  it('takes a thread out of the Space, and brings it back when the server refuses', async () => {
    const space = addSpace(mocks);
    addThread(mocks, 1, { collection_uuid: space.uuid });
    addThread(mocks, 2, { collection_uuid: space.uuid });
    const { user } = renderApp(`/spaces/${space.slug}`);
    const list = await screen.findByRole('list', { name: 'Threads' });
    await within(list).findByRole('link', { name: /papers 2/ });

    mocks.server.use(http.delete('*/rest/collections/remove_collection_thread', () => problem(403, 'not_space_admin', 'No')));
    await user.click(screen.getByRole('button', { name: 'Remove Question about papers 2 from this Space' }));
    await screen.findByText('Could not remove the thread from this Space', {}, { timeout: 5000 });
    expect(within(list).getAllByRole('link')).toHaveLength(2);

    mocks.server.resetHandlers();
    await user.click(screen.getByRole('button', { name: 'Remove Question about papers 2 from this Space' }));
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'Threads' }))
          .getAllByRole('link')
          .map((a) => a.textContent),
      ).toEqual([expect.stringContaining('papers 1')]),
    );
    expect(mocks.scenario.state.threads.find((t) => t.context_uuid === 'ctx-2')!.collection_uuid).toBeNull();
  });

  it('asks inside the Space: the question carries the Space and the thread opens', async () => {
    const space = addSpace(mocks);
    const bodies: Array<Record<string, unknown>> = [];
    mocks.server.events.on('request:start', ({ request }) => {
      if (request.url.endsWith('/rest/threads/ask'))
        void request
          .clone()
          .json()
          .then((b) => bodies.push(b as Record<string, unknown>));
    });
    const { user } = renderApp(`/spaces/${space.slug}`);
    const input = await screen.findByLabelText('Ask in Research');
    expect(screen.queryByText(READER_ASK_NOTE)).not.toBeInTheDocument();
    await user.type(input, 'what do the papers say?{Enter}');
    await waitFor(() => expect(where()).toMatch(/^\/search\/what-do-the-papers-say/), { timeout: 5000 });
    expect(bodies).toHaveLength(1);
    expect(bodies[0]).toMatchObject({ query_str: 'what do the papers say?', collection_uuid: space.uuid });
    mocks.server.events.removeAllListeners();
  });

  it('opens the upload modal once for ?showUploadModal and takes the flag out of the address', async () => {
    const space = addSpace(mocks);
    renderApp(`/spaces/${space.slug}?showUploadModal=true`);
    expect(await screen.findByRole('dialog', { name: 'Upload files to a Space' })).toBeInTheDocument();
    await waitFor(() => expect(where()).toBe(`/spaces/${space.slug}`));
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
  });

  it('says "Space not found" for a Space the caller cannot read', async () => {
    const space = addSpace(mocks, { ownedByOther: true });
    renderApp(`/spaces/${space.slug}`);
    expect(await screen.findByRole('heading', { name: 'Space not found' })).toBeInTheDocument();
  });

  it('lets an invited person accept the invitation', async () => {
    const space = addSpace(mocks, { ownedByOther: true });
    space.members.push({ member_id: 'm-ada', email: 'ada@example.com', user_id: null, name: null, access: 12, invited_at: space.created_at });
    addThread(mocks, 1, { collection_uuid: space.uuid, owner: 'user-olga', thread_access: 'collection read' });
    const { user } = renderApp(`/spaces/${space.slug}`);
    expect(await screen.findByText('Invited as Writer')).toBeInTheDocument();
    expect(screen.getByText('Accept the invitation to see the threads of this Space.')).toBeInTheDocument();
    expect(screen.queryByLabelText('Ask in Research')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Accept invitation/ }));
    expect(await screen.findByText('Writer')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Accept invitation/ })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Ask in Research')).toBeInTheDocument();
    expect(screen.queryByText(READER_ASK_NOTE)).not.toBeInTheDocument();
    expect(await screen.findByRole('link', { name: /Question about papers 1/ })).toBeInTheDocument();
  });
});
