// @vitest-environment happy-dom
// Check sources and the citation list from an answer's toolbar, against the mock API: the sheet's
// states and verdicts, the list's title, selection and removal.
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { Source, SourcesCheck } from '../../../../generated/react-query/model';
import { withMockServer } from '../../testing/mock-server';
import { problem } from '../../../../mocks/problem';
import { MOCK_FEATURES } from '../../../../mocks/server-features';
import { getGetServerFeaturesMockHandler } from '../../../../generated/msw/system/system.msw';
import { withoutSources } from '../../../../mocks/sources';
import { ModalProvider } from '../../app/modals/host';
import { createQueryClient } from '../../platform/query-client';
import { Toaster } from '../../app/toaster';
import { EntryView, type ViewEntry } from '../search/entry-view';

const mocks = withMockServer('anonymous');

const BACKEND = '6f1c2a4e-8a53-4c39-9d0f-2f4c1a6c8e11';
const src = (n: number): Source => ({
  url: `https://example.org/page-${n}`,
  name: `Page ${n}`,
  snippet: `Snippet of page ${n}.`,
  meta_data: { domain_name: 'example.org' },
});
// A source whose words a sentence of the answer repeats, on the question's subject (the overlap rule calls it supported).
const SHARING: Source = { ...src(1), snippet: 'Threads are shared from the Share menu with a public link.' };
const entry = (sources: Source[]): ViewEntry => ({
  key: BACKEND,
  backend_uuid: BACKEND,
  query_str: 'how do I share a thread?',
  status: 'completed',
  answer: 'Use the Share menu [1]. Copy the link [2].',
  sources,
  related_questions: [],
  model: 'offline-extractive',
});
const CHECK = `*/rest/threads/entries/${BACKEND}/sources/check`;
const REMOVE = `*/rest/threads/entries/${BACKEND}/sources/remove`;

function setup(view: ViewEntry, opts: { isOwner?: boolean; queryClient?: QueryClient } = {}) {
  const user = userEvent.setup();
  const queryClient = opts.queryClient ?? createQueryClient();
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <ModalProvider>
          <EntryView entry={view} first isOwner={opts.isOwner} />
          <Toaster />
        </ModalProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { user, queryClient };
}
const sheet = () => screen.findByRole('dialog', { name: 'Check sources' }, { timeout: 5000 });
const result = (r: Omit<SourcesCheck, 'backend_uuid'>) => HttpResponse.json({ backend_uuid: BACKEND, ...r });

describe('check sources sheet', () => {
  it('shows "Checking..." while the server checks, then "N sources" with a verdict per cited sentence', async () => {
    let release!: () => void;
    const waited = new Promise<void>((r) => (release = r));
    mocks.server.use(
      http.post(CHECK, async () => {
        await waited;
        return result({
          sources_count: 2,
          checked_with: 'llm',
          checks: [
            { sentence: 'Use the Share menu.', citations: [1], verdict: 'supported', score: 1, reason: 'The page names the Share menu.' },
            { sentence: 'Copy the link.', citations: [1, 2], verdict: 'weak', score: 0.5 },
            { sentence: 'Bananas are blue.', citations: [2], verdict: 'unsupported', score: 0 },
          ],
        });
      }),
    );
    const { user } = setup(entry([src(1), src(2)]));
    await user.click(screen.getByRole('button', { name: 'Check sources' }));
    const dialog = await sheet();
    expect(await within(dialog).findByText('Checking...')).toBeInTheDocument();
    release();
    expect(await within(dialog).findByRole('heading', { name: '2 sources' })).toBeInTheDocument();
    const rows = within(within(dialog).getByRole('list', { name: 'Cited sentences' })).getAllByRole('listitem');
    expect(rows.map((r) => r.getAttribute('aria-label'))).toEqual(['Use the Share menu.', 'Copy the link.', 'Bananas are blue.']);
    // Each verdict is a word and an icon, not colour alone.
    expect(within(rows[0]).getByText('Supported').closest('[data-verdict]')!.querySelector('svg')).toBeInTheDocument();
    expect(within(rows[1]).getByText('Weak')).toBeInTheDocument();
    expect(within(rows[2]).getByText('Unsupported')).toBeInTheDocument();
    expect(within(rows[1]).getByText('Source 1')).toBeInTheDocument();
    expect(within(rows[1]).getByText('Source 2')).toBeInTheDocument();
    expect(within(rows[0]).getByText('The page names the Share menu.')).toBeInTheDocument();
    expect(dialog.getAttribute('data-sheet')).toMatch(/^(right|bottom)$/);
  });

  it('says "No sources" when the answer cites none', async () => {
    mocks.server.use(http.post(CHECK, () => result({ sources_count: 0, checked_with: 'overlap', checks: [] })));
    const { user } = setup(entry([]));
    await user.click(screen.getByRole('button', { name: 'Check sources' }));
    const dialog = await sheet();
    expect(await within(dialog).findByRole('heading', { name: 'No sources' })).toBeInTheDocument();
    expect(within(dialog).getByText('This answer has no cited sentences to check.')).toBeInTheDocument();
  });

  it('shows an error with Retry, and Retry checks again', async () => {
    let calls = 0;
    mocks.server.use(
      http.post(CHECK, () => {
        calls++;
        if (calls === 1) return problem(409, 'entry_not_finished', 'This answer is still being written.');
        return result({
          sources_count: 1,
          checked_with: 'overlap',
          checks: [{ sentence: 'Use the Share menu.', citations: [1], verdict: 'supported', score: 1 }],
        });
      }),
    );
    const { user } = setup(entry([src(1)]));
    await user.click(screen.getByRole('button', { name: 'Check sources' }));
    const dialog = await sheet();
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain('Could not check the sources.');
    expect(alert.textContent).toContain('This answer is still being written.');
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await within(dialog).findByRole('heading', { name: '1 source' })).toBeInTheDocument();
    expect(calls).toBe(2);
  });

  it.each([
    { wide: true, side: 'right' },
    { wide: false, side: 'bottom' },
  ])('is a side sheet on desktop and a bottom sheet on mobile (wide: $wide)', async ({ wide, side }) => {
    const original = window.matchMedia;
    window.matchMedia = ((query: string) => ({
      matches: query === '(min-width: 640px)' ? wide : original(query).matches,
      media: query,
      addEventListener() {},
      removeEventListener() {},
    })) as unknown as typeof window.matchMedia;
    try {
      mocks.server.use(http.post(CHECK, () => result({ sources_count: 0, checked_with: 'overlap', checks: [] })));
      const { user } = setup(entry([]));
      await user.click(screen.getByRole('button', { name: 'Check sources' }));
      expect((await sheet()).getAttribute('data-sheet')).toBe(side);
    } finally {
      window.matchMedia = original;
    }
  });

  it('is not offered while the answer is being written', () => {
    setup({ ...entry([src(1)]), status: 'pending' });
    expect(screen.queryByRole('button', { name: 'Check sources' })).not.toBeInTheDocument();
  });
});

describe('citation list modal', () => {
  const openList = async (user: ReturnType<typeof userEvent.setup>, title: string) => {
    await user.click(screen.getByRole('button', { name: `${title}, open the citation list` }));
    // The dialog is named by its title once the lazily loaded body is in.
    return screen.findByRole('dialog', { name: title }, { timeout: 5000 });
  };

  it.each([
    { sources: [], title: 'No sources' },
    { sources: [src(1)], title: '1 source' },
    { sources: [src(1), src(2), src(3)], title: '3 sources' },
  ])('titles the list "$title"', async ({ sources, title }) => {
    const { user } = setup(entry([...sources]), { isOwner: true });
    const dialog = await openList(user, title);
    expect(within(dialog).getByRole('heading', { name: title })).toBeInTheDocument();
    expect(within(dialog).queryAllByRole('listitem')).toHaveLength(sources.length);
  });

  it('rows show name, domain, snippet and a link; Remove is disabled until a source is selected', async () => {
    const { user } = setup(entry([src(1), src(2), src(3)]), { isOwner: true });
    const dialog = await openList(user, '3 sources');
    const link = within(dialog).getByRole('link', { name: 'Page 2' });
    expect(link.getAttribute('href')).toBe('https://example.org/page-2');
    expect(within(dialog).getByText('Snippet of page 2.')).toBeInTheDocument();
    expect(within(dialog).getAllByText('example.org')).toHaveLength(3);
    const remove = within(dialog).getByRole('button', { name: 'Remove sources' }) as HTMLButtonElement;
    expect(remove.disabled).toBe(true);
    await user.click(within(dialog).getByRole('checkbox', { name: 'Select Page 1' }));
    expect((within(dialog).getByRole('button', { name: 'Remove 1 source' }) as HTMLButtonElement).disabled).toBe(false);
    await user.click(within(dialog).getByRole('checkbox', { name: 'Select Page 3' }));
    expect(within(dialog).getByRole('button', { name: 'Remove 2 sources' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Select Page 1' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Select Page 3' }));
    expect((within(dialog).getByRole('button', { name: 'Remove sources' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('removes the selected sources: sends their urls, closes, toasts and refetches the thread', async () => {
    let sent: unknown;
    mocks.server.use(
      http.post(REMOVE, async ({ request }) => {
        sent = await request.json();
        const { sources: _s, ...rest } = entry([src(2)]);
        return HttpResponse.json({
          ...rest,
          backend_uuid: BACKEND,
          sources: [src(2)],
          related_questions: [],
          error: null,
          created_at: new Date().toISOString(),
        });
      }),
    );
    const queryClient = createQueryClient();
    queryClient.setQueryData(['/rest/thread/some-slug'], { data: {} });
    queryClient.setQueryData(['/rest/other'], { data: {} });
    const { user } = setup(entry([src(1), src(2), src(3)]), { isOwner: true, queryClient });
    const dialog = await openList(user, '3 sources');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Select Page 1' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Select Page 3' }));
    await user.click(within(dialog).getByRole('button', { name: 'Remove 2 sources' }));
    expect(await screen.findByText('Removed 2 sources')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent).toEqual({ urls: ['https://example.org/page-1', 'https://example.org/page-3'] });
    expect(queryClient.getQueryState(['/rest/thread/some-slug'])!.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(['/rest/other'])!.isInvalidated).toBe(false);
  });

  it('a failed removal says so and keeps the modal and the selection', async () => {
    mocks.server.use(http.post(REMOVE, () => problem(403, 'not_thread_owner', 'Only the owner can remove sources.')));
    const { user } = setup(entry([src(1), src(2)]), { isOwner: true });
    const dialog = await openList(user, '2 sources');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Select Page 2' }));
    await user.click(within(dialog).getByRole('button', { name: 'Remove 1 source' }));
    expect(await screen.findByText('Could not remove the sources: Only the owner can remove sources.')).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect((within(dialog).getByRole('checkbox', { name: 'Select Page 2' }) as HTMLInputElement).checked).toBe(true);
  });

  it('an owner who is not signed in is offered the login modal', async () => {
    mocks.server.use(http.post(REMOVE, () => problem(401, 'login_required', 'Sign in to change who can see this answer.')));
    const { user } = setup(entry([src(1)]), { isOwner: true });
    const dialog = await openList(user, '1 source');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Select Page 1' }));
    await user.click(within(dialog).getByRole('button', { name: 'Remove 1 source' }));
    expect(await screen.findByRole('dialog', { name: 'Welcome' }, { timeout: 5000 })).toBeInTheDocument();
  });

  it('someone who does not own the thread sees the list without selection or Remove', async () => {
    const { user } = setup(entry([src(1), src(2)]));
    const dialog = await openList(user, '2 sources');
    expect(within(dialog).getAllByRole('listitem')).toHaveLength(2);
    expect(within(dialog).queryByRole('checkbox')).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: /^Remove/ })).not.toBeInTheDocument();
  });
});

describe('mock removal', () => {
  it('drops the markers of removed sources and renumbers the rest', () => {
    // The server's own removeCitations (services/threads/citations.ts): a run of markers keeps its
    // leading space while one of them stays.
    expect(withoutSources('A [1]. B [2][3]. C [3].', 3, new Set([2]))).toBe('A [1]. B [2]. C [2].');
  });
});

describe('the dev-mocks scenario', () => {
  const seed = () => {
    const thread = {
      context_uuid: 'c0ffee00-0000-4000-8000-000000000001',
      thread_url_slug: 'share-c0ffee',
      frontend_context_uuid: null,
      title: 'how do I share a thread?',
      first_query: 'how do I share a thread?',
      thread_access: 'owner-only',
      expiry_time: null,
      updated_datetime: new Date().toISOString(),
      owner: mocks.scenario.state.visitorId,
      entries: [
        {
          ...entry([SHARING, src(2)]),
          answer: 'Threads are shared from the Share menu with a public link [1]. Bananas are blue [2].',
          related_questions: [],
          error: null,
          created_at: new Date().toISOString(),
          plan: [],
          sent: 0,
        },
      ],
    };
    (mocks.scenario.state.threads ??= []).push(thread as never);
    return thread;
  };

  it('checks with the overlap rule and removes sources, renumbering the markers', async () => {
    const thread = seed();
    const check = await (await fetch(`/rest/threads/entries/${BACKEND}/sources/check`, { method: 'POST' })).json();
    expect(check).toMatchObject({
      sources_count: 2,
      checked_with: 'overlap',
      checks: [
        { citations: [1], verdict: 'supported' },
        { citations: [2], verdict: 'unsupported' },
      ],
    });
    const removed = await fetch(`/rest/threads/entries/${BACKEND}/sources/remove`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ urls: ['https://example.org/page-1'] }),
    });
    expect(removed.status).toBe(200);
    expect(await removed.json()).toMatchObject({
      answer: 'Threads are shared from the Share menu with a public link. Bananas are blue [1].',
      sources: [src(2)],
    });
    expect(thread.entries[0].sources).toEqual([src(2)]);
  });
});

describe('a source not available to the reader', () => {
  // A connector's item the reader of a shared thread may not read at its source (issue 32).
  const hidden: Source = { url: '', name: 'Source not available to you', snippet: '', meta_data: { connection_type: 'slack' }, is_unavailable: true };

  it('keeps its number, with nothing to open: no card link, no citation link, no checkbox in the list', async () => {
    const { user } = setup(entry([src(1), hidden]), { isOwner: true });
    const cards = screen.getByRole('list', { name: 'Sources' });
    expect(within(cards).getByText('Source not available to you')).toBeInTheDocument();
    expect(within(cards).getByText('slack')).toBeInTheDocument();
    expect(within(cards).getAllByRole('link')).toHaveLength(1);
    const markers = [...document.querySelectorAll('[data-citation]')];
    expect(markers.map((m) => [m.textContent, m.tagName])).toEqual([
      ['1', 'A'],
      ['2', 'SPAN'],
    ]);
    await user.click(screen.getByRole('button', { name: '2 sources, open the citation list' }));
    const dialog = await screen.findByRole('dialog', { name: '2 sources' }, { timeout: 5000 });
    expect(within(dialog).getByText('Source not available to you')).toBeInTheDocument();
    expect(within(dialog).getAllByRole('link')).toHaveLength(1);
    expect(within(dialog).getAllByRole('checkbox')).toHaveLength(1);
  });
});

describe('what an answer offers, from what the server can do', () => {
  it('offers Translate only where the server translates (TRANSLATE_URL), and labels the offline answer by its sources', async () => {
    setup(entry([src(1), src(2)]));
    // The mock server translates by default.
    expect(await screen.findByRole('button', { name: 'Translate' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('Answered offline from your sources')).toBeInTheDocument();
  });

  it('offers no Translate where the server has no translation', async () => {
    mocks.server.use(getGetServerFeaturesMockHandler({ ...MOCK_FEATURES, translation: false }));
    const { queryClient } = setup(entry([src(1)]));
    await waitFor(() => expect(queryClient.getQueryState(['/rest/server/features'])?.status).toBe('success'));
    expect(screen.getByRole('button', { name: 'Copy' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Translate' })).toBeNull();
  });
});
