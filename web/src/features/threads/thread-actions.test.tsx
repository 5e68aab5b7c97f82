// @vitest-environment happy-dom
// Renaming and deleting a thread from the library's rows and the thread page's menu, against the
// mock API: the change shows at once, goes back with a toast when the server refuses, and Delete
// asks first.
import '@testing-library/jest-dom/vitest';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { createMemoryRouter, Outlet, RouterProvider, useLocation } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setupMocks } from '../../../../mocks/node';
import { problem } from '../../../../mocks/problem';
import type { MockThread } from '../../../../mocks/threads';
import { ModalProvider } from '../../app/modals/host';
import { createQueryClient } from '../../platform/query-client';
import { Toaster } from '../../app/toaster';
import { toast } from '../../platform/toasts';
import LibraryPage from '../library/library-page';
import ThreadPage from '../search/thread-page';
import { TITLE_REQUIRED } from './rename-thread-dialog';
import { THREAD_ACTION_TEXT } from './use-thread-actions';

const mocks = setupMocks('anonymous');
beforeAll(mocks.listen);
afterEach(() => {
  cleanup();
  mocks.reset();
});
afterAll(mocks.close);
const threads = () => (mocks.scenario.state.threads ??= []);

const thread = (i: number, title: string): MockThread => ({
  context_uuid: `ctx-${i}`,
  thread_url_slug: `thread-${i}`,
  frontend_context_uuid: null,
  title,
  first_query: title,
  thread_access: 'private read',
  expiry_time: null,
  updated_datetime: new Date(Date.UTC(2026, 0, 1 + i)).toISOString(),
  owner: mocks.scenario.state.visitorId,
  entries: [
    {
      backend_uuid: `b-${i}`,
      query_str: title,
      status: 'completed',
      answer: `Answer number ${i}`,
      sources: [],
      related_questions: [],
      error: null,
      model: 'offline-extractive',
      created_at: '2026-01-01T00:00:00Z',
      plan: [],
      sent: 0,
    },
  ],
});

beforeEach(() => {
  // Toasts live in sonner's module state: none of an earlier test's may stand for this one's.
  toast.dismiss();
  threads().push(thread(1, 'How do Spaces work?'), thread(2, 'What is a thread?'));
});

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}
function setup(path: string) {
  const user = userEvent.setup();
  const router = createMemoryRouter(
    [
      {
        element: (
          <ModalProvider>
            <Outlet />
            <Where />
            <Toaster />
          </ModalProvider>
        ),
        children: [
          { path: '/library', element: <LibraryPage /> },
          { path: '/search/:slug', element: <ThreadPage /> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { user };
}
const list = () => screen.getByRole('list', { name: 'Threads' });
const titles = () =>
  within(list())
    .getAllByRole('link')
    .map((l) => l.querySelector('span')?.textContent);
const menuOf = (title: string) => screen.findByRole('button', { name: `Thread actions: ${title}` });

/** A request that waits until the test lets it through, to see what shows before the server answers. */
function held(method: 'put' | 'delete', answer: () => Response) {
  let release = () => {};
  const gate = new Promise<void>((r) => (release = r));
  mocks.server.use(
    http[method]('*/rest/thread/:key', async () => {
      await gate;
      return answer();
    }),
  );
  return release;
}

describe('renaming', () => {
  it('from a library row: the dialog starts from the title, the new one shows at once and is kept', async () => {
    const { user } = setup('/library');
    await user.click(await menuOf('How do Spaces work?'));
    await user.click(await screen.findByRole('menuitem', { name: 'Rename…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename thread' });
    const field = within(dialog).getByLabelText('Title');
    expect(field).toHaveValue('How do Spaces work?');
    expect(field).toHaveFocus();
    expect(within(dialog).getByText('19/100')).toBeInTheDocument();
    await user.clear(field);
    await user.type(field, '  Spaces, explained  ');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await screen.findByText(THREAD_ACTION_TEXT.renamed)).toBeInTheDocument();
    expect(titles()).toContain('Spaces, explained');
    expect(threads().find((t) => t.context_uuid === 'ctx-1')?.title).toBe('Spaces, explained');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Thread actions: Spaces, explained' })).toHaveFocus());
  });

  it('shows the new title before the server answers, and puts the old one back with the reason when it refuses', async () => {
    const release = held('put', () => problem(403, 'not_thread_owner', 'Only the owner of this thread can rename it.'));
    const { user } = setup('/library');
    await user.click(await menuOf('What is a thread?'));
    await user.click(await screen.findByRole('menuitem', { name: 'Rename…' }));
    const field = await screen.findByLabelText('Title');
    await user.clear(field);
    await user.type(field, 'Threads{Enter}');
    await waitFor(() => expect(titles()).toContain('Threads'));
    release();
    expect(await screen.findByText('Only the owner of this thread can rename it.')).toBeInTheDocument();
    await waitFor(() => expect(titles()).toContain('What is a thread?'));
    expect(titles()).not.toContain('Threads');
  });

  it('a blank title is refused in the dialog, and nothing is sent', async () => {
    let sent = 0;
    mocks.server.events.on('request:start', ({ request }) => void (request.method === 'PUT' && sent++));
    const { user } = setup('/library');
    await user.click(await menuOf('What is a thread?'));
    await user.click(await screen.findByRole('menuitem', { name: 'Rename…' }));
    const field = await screen.findByLabelText('Title');
    await user.clear(field);
    await user.type(field, '   {Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(TITLE_REQUIRED);
    expect(field).toHaveAttribute('aria-invalid', 'true');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(sent).toBe(0);
    mocks.server.events.removeAllListeners();
  });
});

describe('deleting', () => {
  it('asks first: Cancel keeps the thread and gives focus back to its menu button', async () => {
    const { user } = setup('/library');
    await user.click(await menuOf('How do Spaces work?'));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete…' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete this thread?' });
    expect(confirm).toHaveTextContent('“How do Spaces work?” and all its answers will be deleted for everyone.');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(titles()).toEqual(['What is a thread?', 'How do Spaces work?']);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Thread actions: How do Spaces work?' })).toHaveFocus());
  });

  it('the row leaves at once; the server confirms with a toast', async () => {
    const release = held('delete', () => new Response(null, { status: 204 }));
    const { user } = setup('/library');
    await user.click(await menuOf('How do Spaces work?'));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete…' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(titles()).toEqual(['What is a thread?']));
    release();
    expect(await screen.findByText(THREAD_ACTION_TEXT.deleted)).toBeInTheDocument();
  });

  it('comes back with the reason when the server refuses', async () => {
    mocks.server.use(http.delete('*/rest/thread/:key', () => problem(403, 'not_thread_owner', 'Only the owner of this thread can delete it.')));
    const { user } = setup('/library');
    await user.click(await menuOf('How do Spaces work?'));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete…' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Only the owner of this thread can delete it.')).toBeInTheDocument();
    await waitFor(() => expect(titles()).toEqual(['What is a thread?', 'How do Spaces work?']));
  });

  it("from the thread page's menu: the thread is deleted and the owner lands in the library, not asked to keep it", async () => {
    const { user } = setup('/search/thread-1');
    await user.click(await menuOf('How do Spaces work?'));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete…' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/library'));
    expect(await screen.findByText(THREAD_ACTION_TEXT.deleted)).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Lose your answer?' })).not.toBeInTheDocument();
    expect(threads().map((t) => t.context_uuid)).toEqual(['ctx-2']);
    await waitFor(() => expect(titles()).toEqual(['What is a thread?']));
  });

  it('a thread page of someone else has no such menu', async () => {
    threads()[0].owner = 'user-someone-else';
    threads()[0].thread_access = 'public read';
    setup('/search/thread-1');
    await screen.findByRole('article', { name: 'How do Spaces work?' });
    expect(screen.queryByRole('button', { name: /^Thread actions/ })).not.toBeInTheDocument();
  });
});
