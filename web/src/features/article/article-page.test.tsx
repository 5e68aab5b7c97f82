// @vitest-environment happy-dom
// The article view against the mock API (the same handlers as `make dev-mocks`): loading, slug
// 'new' fetching nothing, a pending section polled to its answer, the error states, and the
// optimistic bookmark with its rollback.
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http } from 'msw';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { getListCollectionThreadsQueryKey } from '../../../../generated/react-query/collections/collections';
import { setupMocks } from '../../../../mocks/node';
import { problem } from '../../../../mocks/problem';
import { composeAnswer, type MockEntry, type MockThread } from '../../../../mocks/threads';
import { ModalProvider } from '../../app/modals/host';
import { clearQueryClients, testQueryClient } from '../../testing/query-clients';
import { Toaster } from '../../app/toaster';
import ArticlePage from './article-page';
import { ARTICLE_POLL_MS } from './article-query';
import { BOOKMARK_FAILED } from './use-bookmark';

const mocks = setupMocks('signed-in');
beforeAll(mocks.listen);
afterEach(() => {
  cleanup();
  clearQueryClients();
  mocks.reset('signed-in');
  mocks.server.events.removeAllListeners();
});
afterAll(mocks.close);

const Q1 = 'how do I share a thread?';
const Q2 = 'where is my library?';
const entry = (query: string, n: number, over: Partial<MockEntry> = {}): MockEntry => {
  const { sources, answer, related } = composeAnswer(query);
  return {
    backend_uuid: `b-${n}`,
    query_str: query,
    status: 'completed',
    answer,
    sources,
    related_questions: related,
    error: null,
    model: 'offline-extractive',
    created_at: '2026-01-01T00:00:00Z',
    plan: [],
    sent: 0,
    ...over,
  } as MockEntry;
};
function seed(entries: MockEntry[], owner = mocks.scenario.state.signedInId!, access = 'private read') {
  const thread = {
    context_uuid: 'ctx-1',
    thread_url_slug: 'how-to-share-1',
    frontend_context_uuid: null,
    title: Q1,
    first_query: Q1,
    thread_access: access,
    expiry_time: null,
    updated_datetime: '2026-01-01T00:00:00Z',
    owner,
    entries,
  } as unknown as MockThread;
  mocks.scenario.state.threads.push(thread);
  return thread;
}

function Where() {
  const l = useLocation();
  return <p data-testid="where">{l.pathname + l.search}</p>;
}
function setup(path: string, client = testQueryClient()) {
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <ModalProvider>
          <Routes>
            <Route path="/page/:slug" element={<ArticlePage />} />
            <Route path="/discover/:slug" element={<ArticlePage />} />
            <Route path="*" element={null} />
          </Routes>
          <Where />
          <Toaster />
        </ModalProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { user };
}
const articleRequests = () => {
  const urls: string[] = [];
  mocks.server.events.on('request:start', ({ request }) => void (request.url.includes('/rest/article/') && urls.push(request.url)));
  return urls;
};

describe('the article view', () => {
  it('shows the title, read time, summary and one section per entry with cited answers and sources', async () => {
    seed([entry(Q1, 1), entry(Q2, 2)]);
    setup('/page/how-to-share-1');
    expect(await screen.findByRole('heading', { level: 1, name: Q1 }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText(/1 min read|2 min read/)).toBeInTheDocument();
    expect(screen.getByText(/^Every thread starts private: only you can read it\. To share a thread/, { selector: 'header p' })).toBeInTheDocument();
    const sections = screen.getAllByRole('article');
    expect(sections.map((s) => s.getAttribute('aria-label'))).toEqual([Q1, Q2]);
    const first = within(sections[0]!);
    expect(first.getByRole('heading', { level: 2, name: Q1 })).toBeInTheDocument();
    const { sources } = composeAnswer(Q1);
    const cites = sections[0]!.querySelectorAll('a[data-citation]');
    expect(cites.length).toBeGreaterThan(0);
    for (const a of cites) expect(a.getAttribute('href')).toBe(sources[Number(a.textContent) - 1]!.url);
    expect(first.getByRole('list', { name: 'Sources' }).querySelectorAll('a')).toHaveLength(sources.length);
    expect(screen.getByRole('button', { name: 'Bookmark' }).getAttribute('aria-pressed')).toBe('false');
  });

  it('works under /discover too, by backend_uuid', async () => {
    seed([entry(Q1, 1)]);
    setup('/discover/b-1');
    expect(await screen.findByRole('heading', { level: 1, name: Q1 }, { timeout: 5000 })).toBeInTheDocument();
  });

  it("slug 'new' fetches nothing and asks with newFrontendContextUUID as the thread's context", async () => {
    const requests = articleRequests();
    const asked: unknown[] = [];
    mocks.server.events.on('request:start', async ({ request }) => {
      if (request.url.endsWith('/rest/threads/ask')) asked.push(await request.clone().json());
    });
    const ctx = '5b0c3a4e-8a53-4c39-9d0f-2f4c1a6c8e11';
    const { user } = setup(`/page/new?newFrontendContextUUID=${ctx}`);
    expect(screen.getByRole('heading', { level: 1, name: 'New page' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Page topic'), 'tea');
    await user.click(screen.getByRole('button', { name: 'Start' }));
    // The question starts its answer here; it does not travel in the address.
    expect(screen.getByTestId('where').textContent).toBe(`/search/new?streamId=${ctx}`);
    await waitFor(() => expect(asked).toEqual([expect.objectContaining({ query_str: 'tea', frontend_context_uuid: ctx })]));
    expect(requests).toEqual([]);
  });

  it('shows a skeleton for a pending section and polls until it is written', async () => {
    // The clock runs as usual, and can be moved on at once where the test waits for nothing to happen.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    onTestFinished(() => void vi.useRealTimers());
    const thread = seed([entry(Q1, 1), entry(Q2, 2, { status: 'pending', answer: '', sources: [], related_questions: [] })]);
    const requests = articleRequests();
    setup('/page/how-to-share-1');
    const pending = await screen.findByRole('article', { name: Q2 }, { timeout: 5000 });
    expect(within(pending).getByRole('status', { name: 'Writing this section' })).toBeInTheDocument();
    expect(pending.getAttribute('aria-busy')).toBe('true'); // the section streaming now
    expect(screen.getByRole('article', { name: Q1 }).getAttribute('aria-busy')).toBeNull();
    Object.assign(thread.entries[1]!, entry(Q2, 2));
    await waitFor(() => expect(within(screen.getByRole('article', { name: Q2 })).queryByRole('status')).toBeNull(), { timeout: 5000 });
    expect(screen.getByRole('article', { name: Q2 }).querySelectorAll('a[data-citation]').length).toBeGreaterThan(0);
    const count = requests.length;
    expect(count).toBeGreaterThanOrEqual(2);
    // Nothing in flight any more: no more polling, however long one waits.
    await vi.advanceTimersByTimeAsync(10 * ARTICLE_POLL_MS);
    expect(requests.length).toBe(count);
  });

  it('says "This answer is private" for 403 and "Page not found" for 404', async () => {
    seed([entry(Q1, 1)], 'someone-else');
    setup('/page/how-to-share-1');
    expect(await screen.findByRole('heading', { name: 'This answer is private' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Back' })).toBeInTheDocument();
    cleanup();
    setup('/page/nothing-here');
    expect(await screen.findByRole('heading', { name: 'Page not found' }, { timeout: 5000 })).toBeInTheDocument();
  });

  it('offers Retry after a failure, and loads on retry', async () => {
    seed([entry(Q1, 1)]);
    let fail = true;
    mocks.server.use(http.get('*/rest/article/:slug', () => (fail ? problem(409, 'broken', 'The server had a bad moment.') : undefined)));
    const requests = articleRequests();
    const { user } = setup('/page/how-to-share-1');
    expect(await screen.findByRole('heading', { name: 'Could not load this page' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('The server had a bad moment.')).toBeInTheDocument();
    expect(requests).toHaveLength(2); // one retry
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { level: 1, name: Q1 }, { timeout: 5000 })).toBeInTheDocument();
  });

  it('gives up on a fetch after 3 s, retries once, then says it took too long', async () => {
    seed([entry(Q1, 1)]);
    const signals: AbortSignal[] = [];
    mocks.server.use(
      http.get('*/rest/article/:slug', async ({ request }) => {
        signals.push(request.signal);
        await delay('infinite');
      }),
    );
    const requests = articleRequests();
    setup('/page/how-to-share-1');
    expect(await screen.findByText('The page took too long to load.', {}, { timeout: 12_000 })).toBeInTheDocument();
    expect(requests).toHaveLength(2);
    // Both tries were given up by the client (the server never answers), none is left waiting.
    expect(signals.map((s) => s.aborted)).toEqual([true, true]);
  }, 15_000);
});

describe('bookmarking', () => {
  it('is applied at once and kept when the server agrees', async () => {
    const thread = seed([entry(Q1, 1)]) as MockThread & { bookmarked_by?: string[] };
    // The server answers only once the test lets it, however slow the machine is.
    let answer!: () => void;
    const held = new Promise<void>((resolve) => (answer = resolve));
    mocks.server.use(http.post('*/rest/collections/upsert_thread_collection', async () => void (await held)));
    const { user } = setup('/page/how-to-share-1');
    await user.click(await screen.findByRole('button', { name: 'Bookmark' }, { timeout: 5000 }));
    // Optimistic: pressed before the server answers.
    expect(screen.getByRole('button', { name: 'Remove bookmark' }).getAttribute('aria-pressed')).toBe('true');
    expect(thread.bookmarked_by ?? []).toEqual([]);
    answer();
    await waitFor(() => expect(thread.bookmarked_by).toEqual(['user-ada']));
    // Settled (no longer busy) without a rollback: still pressed.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Remove bookmark' })).not.toHaveAttribute('aria-busy'));
    expect(screen.getByRole('button', { name: 'Remove bookmark' }).getAttribute('aria-pressed')).toBe('true');
    await user.click(screen.getByRole('button', { name: 'Remove bookmark' }));
    expect(await screen.findByRole('button', { name: 'Bookmark' })).toBeInTheDocument();
    await waitFor(() => expect(thread.bookmarked_by).toEqual([]));
  });

  it("marks the library's bookmarks to be read again once the bookmark has landed, not before", async () => {
    seed([entry(Q1, 1)]);
    let answer!: () => void;
    const held = new Promise<void>((resolve) => (answer = resolve));
    mocks.server.use(http.post('*/rest/collections/upsert_thread_collection', async () => void (await held)));
    const client = testQueryClient();
    // The library's first page of bookmarks as read before the bookmark: it lacks this thread.
    const bookmarks = getListCollectionThreadsQueryKey({ limit: 20, offset: 0 });
    client.setQueryData(bookmarks, { status: 200, data: { items: [], total: 0 } });
    const { user } = setup('/page/how-to-share-1', client);
    await user.click(await screen.findByRole('button', { name: 'Bookmark' }, { timeout: 5000 }));
    expect(client.getQueryState(bookmarks)?.isInvalidated).toBe(false);
    answer();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Remove bookmark' })).not.toHaveAttribute('aria-busy'));
    expect(client.getQueryState(bookmarks)?.isInvalidated).toBe(true);
  });

  it('rolls back with a toast when the server fails', async () => {
    seed([entry(Q1, 1)]);
    mocks.server.use(
      http.post('*/rest/collections/upsert_thread_collection', async () => {
        await delay(200);
        return problem(409, 'conflict', 'Try again.');
      }),
    );
    const { user } = setup('/page/how-to-share-1');
    await user.click(await screen.findByRole('button', { name: 'Bookmark' }, { timeout: 5000 }));
    expect(screen.getByRole('button', { name: 'Remove bookmark' }).getAttribute('aria-pressed')).toBe('true');
    expect(await screen.findByText(BOOKMARK_FAILED, {}, { timeout: 3000 })).toBeInTheDocument();
    // The restored cache reaches the button on React Query's next tick, the toast at once.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Bookmark' }).getAttribute('aria-pressed')).toBe('false'));
  });

  it('opens the login modal for an anonymous visitor and changes nothing', async () => {
    mocks.reset('anonymous');
    seed([entry(Q1, 1)], mocks.scenario.state.visitorId);
    const requests: string[] = [];
    mocks.server.events.on('request:start', ({ request }) => void (request.url.includes('/rest/collections/') && requests.push(request.url)));
    let sessionAnswered = false;
    mocks.server.events.on('response:mocked', ({ request }) => void (request.url.includes('/rest/session') && (sessionAnswered = true)));
    const { user } = setup('/page/how-to-share-1');
    const button = await screen.findByRole('button', { name: 'Bookmark' }, { timeout: 5000 });
    await waitFor(() => expect(screen.getByTestId('where')).toBeInTheDocument());
    await waitFor(() => expect(sessionAnswered).toBe(true)); // the session has loaded
    await user.click(button);
    expect(await screen.findByRole('dialog', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Bookmark', hidden: true }).getAttribute('aria-pressed')).toBe('false');
    expect(requests).toEqual([]);
  });
});

describe('likes, views and copies', () => {
  it("counts the reader's view once, toggles their like with its count, and makes their own copy", async () => {
    // Someone else's public thread: the signed-in reader's view counts, and they may like and copy it.
    const thread = seed([entry(Q1, 1)], 'user-grace', 'public read') as MockThread & { liked_by?: string[]; viewers?: string[] };
    const { user } = setup('/page/how-to-share-1');
    expect(await screen.findByText('1 view', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(thread.viewers).toEqual([mocks.scenario.state.signedInId]);
    const like = screen.getByRole('button', { name: 'Like' });
    expect(like).toHaveTextContent('0');
    await user.click(like);
    const unlike = await screen.findByRole('button', { name: 'Unlike' });
    expect(unlike).toHaveAttribute('aria-pressed', 'true');
    expect(unlike).toHaveTextContent('1');
    await waitFor(() => expect(thread.liked_by).toEqual([mocks.scenario.state.signedInId]));
    await user.click(screen.getByRole('button', { name: 'Make a copy' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toMatch(/^\/search\/how-to-share-[0-9a-f]{8}$/));
    expect(await screen.findByText('Your copy is in your library')).toBeInTheDocument();
  });
});
