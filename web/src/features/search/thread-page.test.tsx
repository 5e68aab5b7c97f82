// @vitest-environment happy-dom
// Asking and the thread page against the mock API (the same handlers as `make dev-mocks`):
// streaming, completed with its actions, failed, stopped, resumed, private and not found.
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { createMemoryRouter, Outlet, RouterProvider, useLocation } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setupMocks } from '../../../../mocks/node';
import { problem } from '../../../../mocks/problem';
import { composeAnswer, sseResponse, type MockEntry } from '../../../../mocks/threads';
import { REWRITE_UNCHANGED } from '../../../../services/threads/pure';
import { ModalProvider } from '../../app/modals/host';
import { Toaster } from '../../app/toaster';
import { clearQueryClients, testQueryClient } from '../../testing/query-clients';
import HomePage from '../home/home-page';
import NewThreadPage from './new-thread-page';
import { QUESTION_TOO_LONG } from '../ask/question-limit';
import SearchRedirect from './search-redirect';
import ThreadPage from './thread-page';

const mocks = setupMocks('anonymous');
beforeAll(mocks.listen);
afterEach(() => {
  cleanup();
  clearQueryClients();
  mocks.reset();
});
afterAll(mocks.close);

function Where() {
  const l = useLocation();
  return <p data-testid="where">{l.pathname}</p>;
}
let current: ReturnType<typeof createMemoryRouter>;
// A data router, like the app's, so the thread page can stop a visitor leaving an answer.
const router = (path: string) =>
  createMemoryRouter(
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
          { path: '/', element: <HomePage /> },
          { path: '/search', element: <SearchRedirect /> },
          { path: '/search/new', element: <NewThreadPage /> },
          { path: '/search/:slug', element: <ThreadPage /> },
          { path: '/library', element: <p>Library</p> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
function setup(path: string) {
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={testQueryClient()}>
      <RouterProvider router={(current = router(path))} />
    </QueryClientProvider>,
  );
  return { user };
}
const where = () => screen.getByTestId('where').textContent;
/** Every address the router has shown since setup, path and query. */
const visited = () => {
  const seen = [`${current.state.location.pathname}${current.state.location.search}`];
  current.subscribe((state) => seen.push(`${state.location.pathname}${state.location.search}`));
  return seen;
};
const QUESTION = 'how do I share a thread?';
const ask = (q = QUESTION) => `/search/new?q=${encodeURIComponent(q)}&streamId=11111111-1111-4111-8111-111111111111`;
const articles = () => screen.getAllByRole('article');

describe('the ask box', () => {
  it('hands the started answer to the thread page through the query cache; the question never enters the address', async () => {
    let asks = 0;
    mocks.server.events.on('request:start', ({ request }) => void (request.url.endsWith('/rest/threads/ask') && asks++));
    const { user } = setup('/');
    const seen = visited();
    await user.type(screen.getByLabelText('Ask anything'), `${QUESTION}{Enter}`);
    await waitFor(() => expect(where()).toMatch(/^\/search\/how-do-i-share-a-thread-/), { timeout: 5000 });
    const article = await screen.findByRole('article', { name: QUESTION });
    await within(article).findByText('Answered offline from the user guide', {}, { timeout: 5000 });
    expect(seen.some((url) => /^\/search\/new\?streamId=[0-9a-f-]{36}$/.test(url))).toBe(true);
    expect(seen.filter((url) => /share|q=/.test(url.split('?')[1] ?? ''))).toEqual([]);
    expect(asks).toBe(1);
    mocks.server.events.removeAllListeners();
  });

  it('counts characters and refuses a question over 2,000 characters (after trimming) in its own words', async () => {
    let asks = 0;
    mocks.server.events.on('request:start', ({ request }) => void (request.url.endsWith('/rest/threads/ask') && asks++));
    const { user } = setup('/');
    const box = screen.getByLabelText('Ask anything') as HTMLTextAreaElement;
    const ask = screen.getByRole('button', { name: 'Ask' }) as HTMLButtonElement;
    await user.click(box);
    await user.paste(`  ${'a'.repeat(2000)}  `);
    expect(screen.getByText('0 characters left')).toBeInstanceOf(HTMLElement);
    expect(ask.disabled).toBe(false);
    await user.type(box, 'b');
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(box.getAttribute('aria-describedby')!)?.textContent).toContain(QUESTION_TOO_LONG);
    expect(ask.disabled).toBe(true);
    await user.type(box, '{Enter}');
    expect(where()).toBe('/');
    expect(asks).toBe(0);
    mocks.server.events.removeAllListeners();
  });

  it('rewrites /search?q= to /search/new with a generated streamId, as seed 003 says, and asks once', async () => {
    let asks = 0;
    mocks.server.events.on('request:start', ({ request }) => void (request.url.endsWith('/rest/threads/ask') && asks++));
    setup(`/search?q=${encodeURIComponent(QUESTION)}`);
    const seen = visited();
    await waitFor(() => expect(where()).toMatch(/^\/search\/how-do-i-share-a-thread-/), { timeout: 5000 });
    const rewritten = new URL(seen.find((u) => u.startsWith('/search/new'))!, 'http://app.test');
    expect(rewritten.searchParams.get('q')).toBe(QUESTION);
    expect(rewritten.searchParams.get('streamId')).toMatch(/^[0-9a-f-]{36}$/);
    await screen.findByText('Answered offline from the user guide', {}, { timeout: 5000 });
    expect(asks).toBe(1);
    mocks.server.events.removeAllListeners();
  });

  it('refuses /search?q= with a question over the limit in the same words, asking nothing', async () => {
    let asks = 0;
    mocks.server.events.on('request:start', ({ request }) => void (request.url.endsWith('/rest/threads/ask') && asks++));
    setup(`/search?q=${'a'.repeat(2001)}`);
    expect((await screen.findByRole('alert')).textContent).toBe(QUESTION_TOO_LONG);
    expect(where()).toBe('/search/new');
    expect(asks).toBe(0);
    mocks.server.events.removeAllListeners();
  });

  it('resumes a dropped answer after its last event, sending Last-Event-ID', async () => {
    const { sources } = composeAnswer(QUESTION);
    const events = [
      {
        event: 'thread',
        data: { context_uuid: 'c-9', backend_uuid: 'b-9', thread_url_slug: 'dropped-slug', frontend_context_uuid: null, model: 'offline-extractive' },
      },
      { event: 'sources', data: { sources } },
      { event: 'delta', data: { text: 'First half, ' } },
      { event: 'delta', data: { text: 'second half.' } },
      { event: 'completed', data: { backend_uuid: 'b-9', status: 'completed' } },
    ];
    const resumedAfter: (string | null)[] = [];
    mocks.server.use(
      // The connection drops after the first delta (id 2), before the answer ends.
      http.post('*/rest/threads/ask', () => sseResponse(events.slice(0, 3))),
      http.get('*/rest/threads/entries/:id/events', ({ request }) => {
        const last = request.headers.get('last-event-id');
        resumedAfter.push(last);
        return sseResponse(events, { from: last === null ? 0 : Number(last) + 1 });
      }),
      http.get('*/rest/thread/:slug', () => problem(404, 'not_found', 'No such thread.')),
    );
    setup(ask());
    await waitFor(() => expect(where()).toBe('/search/dropped-slug'), { timeout: 5000 });
    const article = await screen.findByRole('article', { name: QUESTION });
    await waitFor(() => expect(article.getAttribute('data-status')).toBe('completed'), { timeout: 5000 });
    expect(resumedAfter).toEqual(['2']);
    expect(article.querySelector('.answer-prose')?.textContent).toBe('First half, second half.');
  });
});

describe('asking and the thread page', () => {
  it('asks once, streams a cited answer, moves to /search/{slug} and ends with its actions', async () => {
    let asks = 0;
    mocks.server.events.on('request:start', ({ request }) => void (request.url.endsWith('/rest/threads/ask') && asks++));
    setup(ask());
    expect(screen.getByRole('heading', { level: 1, name: QUESTION })).toBeInTheDocument();
    await waitFor(() => expect(where()).toMatch(/^\/search\/how-do-i-share-a-thread-/), { timeout: 5000 });
    const article = await screen.findByRole('article', { name: QUESTION });
    await within(article).findByText('Answered offline from the user guide', {}, { timeout: 5000 });
    // Sources: cards with the domain and a new-tab link; citations link to them.
    const cards = within(within(article).getByRole('list', { name: 'Sources' })).getAllByRole('link');
    const { sources } = composeAnswer(QUESTION);
    expect(cards.map((a) => a.getAttribute('href'))).toEqual(sources.map((s) => s.url));
    expect(cards[0]!.getAttribute('target')).toBe('_blank');
    expect(cards[0]!.textContent).toContain('help');
    const cites = article.querySelectorAll('a[data-citation]');
    expect(cites.length).toBeGreaterThan(0);
    for (const a of cites) expect(a.getAttribute('href')).toBe(sources[Number(a.textContent) - 1]!.url);
    expect(article.querySelector('table')).toBeInTheDocument();
    expect(within(article).queryByRole('button', { name: /Stop/ })).not.toBeInTheDocument();
    expect(within(article).getByRole('button', { name: 'Rewrite' })).toBeInTheDocument();
    expect(asks).toBe(1); // StrictMode-style re-renders and the move to /search/{slug} never ask again
    mocks.server.events.removeAllListeners();
  });

  it('copies the answer with a toast, is told a rewrite would be the same, and asks a related question as a follow-up', async () => {
    const { user } = setup(ask());
    await waitFor(() => expect(where()).not.toBe('/search/new'), { timeout: 15_000 });
    const article = await screen.findByRole('article', { name: QUESTION });
    await within(article).findByText('Answered offline from the user guide', {}, { timeout: 15_000 });
    const written: string[] = [];
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText: async (t: string) => void written.push(t) } });
    await user.click(within(article).getByRole('button', { name: 'Copy' }));
    await screen.findByText('Copied to clipboard', {}, { timeout: 15_000 });
    expect(written[0]).toBe(composeAnswer(QUESTION).answer);

    // The offline model would write the same words again: Rewrite says so and adds no copy.
    await user.click(within(article).getByRole('button', { name: 'Rewrite' }));
    await screen.findByText(REWRITE_UNCHANGED, {}, { timeout: 15_000 });
    expect(articles().length).toBe(1);
    expect(mocks.scenario.state.threads[0]!.entries).toHaveLength(1);

    const related = within(articles()[0]!).getAllByRole('button', { name: /^Tell me more/ })[0]!;
    const followUp = related.textContent!.replace(/\+$/, '');
    await user.click(related);
    await waitFor(() => expect(articles().length).toBe(2), { timeout: 15_000 });
    expect(within(articles()[1]!).getByRole('heading', { level: 2 }).textContent).toBe(followUp);
    await waitFor(() => expect(articles()[1]!.getAttribute('data-status')).toBe('completed'), { timeout: 15_000 });
  });

  it('asks a follow-up from the box at the bottom, continuing the same thread', async () => {
    const { user } = setup(ask());
    await screen.findByText('Answered offline from the user guide', {}, { timeout: 5000 });
    await user.type(await screen.findByLabelText('Ask a follow-up', {}, { timeout: 5000 }), 'what about my library?{Enter}');
    await screen.findByRole('heading', { level: 2, name: 'what about my library?' });
    await waitFor(() => expect(screen.getAllByText('Answered offline from the user guide').length).toBe(2), { timeout: 5000 });
    const [thread] = mocks.scenario.state.threads;
    expect(thread!.entries.map((e) => e.query_str)).toEqual([QUESTION, 'what about my library?']);
  });

  it('while streaming shows the cursor status and Stop; Stop calls stopEntry and keeps the text', async () => {
    const stopped: string[] = [];
    const sources = composeAnswer(QUESTION).sources;
    mocks.server.use(
      http.post('*/rest/threads/ask', () =>
        sseResponse(
          [
            {
              event: 'thread',
              data: { context_uuid: 'c-1', backend_uuid: 'b-1', thread_url_slug: 'streaming-slug', frontend_context_uuid: null, model: 'offline-extractive' },
            },
            { event: 'sources', data: { sources } },
            { event: 'delta', data: { text: 'Open the thread and choose Share [1]' } },
          ],
          { hold: true },
        ),
      ),
      http.post('*/rest/threads/entries/:id/stop', ({ params }) => {
        stopped.push(String(params.id));
        return new Response(null, { status: 204 });
      }),
    );
    const { user } = setup(ask());
    await waitFor(() => expect(where()).toBe('/search/streaming-slug'), { timeout: 5000 });
    const article = await screen.findByRole('article', { name: QUESTION });
    await within(article).findByText(/Open the thread and choose Share/);
    expect(within(article).getByRole('status').textContent).toBe('Answering…');
    expect(article.querySelector('.streaming')).toBeInTheDocument();
    expect(article.querySelector('a[data-citation="1"]')?.getAttribute('href')).toBe(sources[0]!.url);
    await user.click(within(article).getByRole('button', { name: 'Stop' }));
    await within(article).findByText('Stopped.');
    expect(stopped).toEqual(['b-1']);
    expect(article.querySelector('.streaming')).toBeNull();
    expect(within(article).getByText(/Open the thread and choose Share/)).toBeInTheDocument();
  });

  it('while a web answer has no text yet shows what the engine is doing, from its status events', async () => {
    mocks.server.use(
      http.post('*/rest/threads/ask', () =>
        sseResponse(
          [
            {
              event: 'thread',
              data: { context_uuid: 'c-2', backend_uuid: 'b-2', thread_url_slug: 'reading-slug', frontend_context_uuid: null, model: 'offline-extractive' },
            },
            { event: 'status', data: { step: 'searching', text: 'Searching the web' } },
            { event: 'status', data: { step: 'reading', text: 'Reading 6 sources', sources_read: 6 } },
          ],
          { hold: true },
        ),
      ),
    );
    setup(ask());
    await waitFor(() => expect(where()).toBe('/search/reading-slug'), { timeout: 5000 });
    const article = await screen.findByRole('article', { name: QUESTION });
    await waitFor(() => expect(within(article).getByRole('status').textContent).toBe('Reading 6 sources…'));
  });

  it('on a failed answer shows the partial text, the error line and Rewrite', async () => {
    const q = 'show me a stream error';
    setup(ask(q));
    await waitFor(() => expect(where()).toMatch(/^\/search\/show-me-a-stream-error/), { timeout: 5000 });
    await waitFor(() => expect(within(screen.getByRole('alert')).getByRole('button', { name: 'Rewrite' })).toBeInTheDocument(), { timeout: 5000 });
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Something went wrong while answering. Try again.');
    const article = screen.getByRole('article', { name: q });
    expect(article.querySelector('.answer-prose')?.textContent?.length).toBeGreaterThan(10);
    expect(within(alert).getByRole('button', { name: 'Rewrite' })).toBeInTheDocument();
  });

  it('resumes a pending entry loaded from the server (a reload mid-answer)', async () => {
    // Ask, read only the first events, then open the thread as after a reload.
    const res = await fetch('/rest/threads/ask', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query_str: QUESTION }),
    });
    const reader = res.body!.getReader();
    await reader.read();
    await reader.cancel();
    const thread = mocks.scenario.state.threads[0]!;
    const entry = thread.entries[0] as MockEntry;
    entry.stop = false;
    setup(`/search/${thread.thread_url_slug}`);
    const article = await screen.findByRole('article', { name: QUESTION });
    await within(article).findByText('Answered offline from the user guide', {}, { timeout: 5000 });
    expect(article.querySelectorAll('a[data-citation]').length).toBeGreaterThan(0);
    // Replayed from the first event: the text is the answer once, not twice.
    expect(article.querySelector('.answer-prose')?.textContent?.match(/Every thread starts private/g)?.length).toBe(1);
  });

  it('shows "This answer is private" with a Back button for a 403 thread_private', async () => {
    mocks.server.use(http.get('*/rest/thread/:slug', () => problem(403, 'thread_private', 'This answer is private.')));
    setup('/search/someone-elses');
    expect(await screen.findByRole('heading', { name: 'This answer is private' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Back' })).toBeInTheDocument();
    // Anonymous: Request access asks to sign in first.
    await userEvent.setup().click(screen.getByRole('button', { name: 'Request access' }));
    expect(await screen.findByText('Sign in to request access', {}, { timeout: 5000 })).toBeInTheDocument();
  });

  it('a signed-in stranger requests access: "Access request sent"', async () => {
    mocks.reset('signed-in');
    mocks.server.use(
      http.get('*/rest/thread/:slug', () => problem(403, 'thread_private', 'This answer is private')),
      http.post('*/rest/thread/:slug/access-requests', () =>
        HttpResponse.json(
          {
            request_id: '22222222-2222-4222-8222-222222222222',
            status: 'requested',
            requested_at: new Date().toISOString(),
          },
          { status: 202 },
        ),
      ),
    );
    const { user } = setup('/search/someone-elses');
    await user.click(await screen.findByRole('button', { name: 'Request access' }, { timeout: 5000 }));
    expect(await screen.findByText('Access request sent', {}, { timeout: 5000 })).toBeInTheDocument();
    expect((screen.getByRole('button', { name: 'Request sent' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('the signed-in owner opens Share and makes the thread readable by anyone with the link', async () => {
    mocks.reset('signed-in');
    const { user } = setup(ask());
    await screen.findByText('Answered offline from the user guide', {}, { timeout: 5000 });
    await user.click(await screen.findByRole('button', { name: 'Share' }, { timeout: 5000 }));
    const options = await screen.findByRole('group', { name: 'Who can see this answer' });
    const option = (name: RegExp) => within(options).getByRole('menuitemradio', { name });
    expect(option(/^Private/).getAttribute('aria-checked')).toBe('true');
    expect(option(/^Organisation/).getAttribute('aria-disabled')).toBe('true');
    await user.click(option(/^Anyone with the link/));
    await waitFor(() => expect(option(/^Anyone with the link/).getAttribute('aria-checked')).toBe('true'), { timeout: 5000 });
    expect(mocks.scenario.state.threads[0]!.thread_access).toBe('public read');
  });

  it('the share menu works from the keyboard: arrows move past what is unavailable, Enter picks, Escape returns focus', async () => {
    mocks.reset('signed-in');
    const { user } = setup(ask());
    await screen.findByText('Answered offline from the user guide', {}, { timeout: 5000 });
    const share = await screen.findByRole('button', { name: 'Share' }, { timeout: 5000 });
    share.focus();
    await user.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    const focused = () =>
      (document.activeElement?.textContent ?? '').trim().replace(/(Only me|Private|Space|Organisation|Anyone with the link|Copy link).*/, '$1');
    // The menu opens on its first choice; Space and Organisation are not available here.
    await waitFor(() => expect(focused()).toBe('Only me'));
    await user.keyboard('{ArrowDown}');
    await waitFor(() => expect(focused()).toBe('Private'));
    await user.keyboard('{ArrowDown}');
    await waitFor(() => expect(focused()).toBe('Anyone with the link'));
    await user.keyboard('{Enter}');
    await waitFor(() => expect(mocks.scenario.state.threads[0]!.thread_access).toBe('public read'), { timeout: 5000 });
    // Someone in no organisation is offered to create one, under the choices.
    await user.keyboard('{ArrowDown}');
    await waitFor(() => expect(focused()).toBe('Create an organisation'));
    await user.keyboard('{ArrowDown}');
    await waitFor(() => expect(focused()).toBe('Copy link'));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(menu.isConnected).toBe(false));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Share' }));
  });

  it('asks an anonymous visitor leaving an answer "Lose your answer?" once, then lets them go', async () => {
    const { user } = setup(ask());
    await screen.findByText('Answered offline from the user guide', {}, { timeout: 5000 });
    await act(async () => {}); // let the page's effects register its blocker
    // A blocked navigation's promise never settles, so it is not awaited.
    act(() => void current.navigate('/library'));
    expect(await screen.findByText('To save this answer, sign up or log in.', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign up or log in' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Log in to save this answer' })).toBeInTheDocument();
    expect(where()).toMatch(/^\/search\//);
    await user.click(screen.getByRole('button', { name: 'Leave without saving' }));
    await waitFor(() => expect(where()).toBe('/library'));
  });

  it('shows a not-found message for an unknown thread', async () => {
    setup('/search/no-such-thread');
    expect(await screen.findByRole('heading', { name: 'Thread not found' })).toBeInTheDocument();
  });
});
