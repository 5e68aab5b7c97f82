// @vitest-environment happy-dom
// The rewrite-answer upsell on a thread (seed 002 §4): a click while the answer is still running
// stops that entry first, then asks the same question again with the upsell's model and source
// rewrite-upsell; the click marks the upsell.
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Upsell } from '../../../../generated/react-query/model';
import { setupMocks } from '../../../../mocks/node';
import { sseResponse } from '../../../../mocks/threads';
import { ModalProvider } from '../../app/modals/host';
import { Toaster } from '../../app/toaster';
import { clearQueryClients, testQueryClient } from '../../testing/query-clients';
import NewThreadPage from '../search/new-thread-page';
import ThreadPage from '../search/thread-page';

const mocks = setupMocks('anonymous');
beforeAll(mocks.listen);
afterEach(() => {
  cleanup();
  clearQueryClients();
  mocks.reset();
});
afterAll(mocks.close);

const QUESTION = 'how do I share a thread?';
const REWRITE: Upsell = {
  name: 'auto_upgrade_to_pro',
  upsell_type: 'rewrite_answer',
  app_location: 'in_thread_bottom',
  title: 'Want a deeper answer?',
  description: null,
  cta: null,
  button_text: 'Rewrite with Pro',
  image_asset: null,
  image_asset_low_res: null,
  cta_information: {
    merge_auth_token: null,
    merge_auth_callback_uuid: null,
    model_preference: null,
    permalink: null,
    permalink_new_tab: null,
    secondary_permalink: null,
    secondary_permalink_new_tab: null,
  },
  upgrade_paywall_title: null,
  connector_type: null,
  recommended_shortcut: null,
  button_color: 'max_gold',
  icon_reference: null,
  upsell_instance_identifier: 'auto_upgrade_to_pro.abc',
  rewrite_model: 'pplx_pro',
};

function setup() {
  const router = createMemoryRouter(
    [
      {
        element: (
          <ModalProvider>
            <Outlet />
            <Toaster />
          </ModalProvider>
        ),
        children: [
          { path: '/search/new', element: <NewThreadPage /> },
          { path: '/search/:slug', element: <ThreadPage /> },
        ],
      },
    ],
    { initialEntries: [`/search/new?q=${encodeURIComponent(QUESTION)}&streamId=11111111-1111-4111-8111-111111111111`] },
  );
  render(
    <QueryClientProvider client={testQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

describe('the rewrite-answer upsell', () => {
  it('stops the running answer, then asks again with the Pro model and source rewrite-upsell, and marks the upsell', async () => {
    const asked: unknown[] = [];
    const stopped: string[] = [];
    const marked: unknown[] = [];
    mocks.server.use(
      http.get('*/rest/homepage-widgets/upsell', ({ request }) =>
        HttpResponse.json({ upsells: new URL(request.url).searchParams.get('app_location') === 'in_thread_bottom' ? [REWRITE] : [] }),
      ),
      http.post('*/rest/homepage-widgets/upsell/interacted', async ({ request }) => {
        marked.push(await request.json());
        return new Response(null, { status: 204 });
      }),
      http.post('*/rest/threads/ask', async ({ request }) => {
        asked.push(await request.json());
        const n = asked.length;
        return sseResponse(
          [
            {
              event: 'thread',
              data: {
                context_uuid: 'c-1',
                backend_uuid: `b-${n}`,
                thread_url_slug: 'streaming-slug',
                frontend_context_uuid: null,
                model: 'offline-extractive',
              },
            },
            { event: 'delta', data: { text: `Answer ${n}` } },
          ],
          { hold: true },
        );
      }),
      http.post('*/rest/threads/entries/:id/stop', ({ params }) => {
        stopped.push(String(params.id));
        return new Response(null, { status: 204 });
      }),
    );
    const user = setup();
    const article = await screen.findByRole('article', { name: QUESTION }, { timeout: 5000 });
    await within(article).findByText('Answer 1');
    const card = await screen.findByRole('region', { name: 'Want a deeper answer?' }, { timeout: 5000 });
    await user.click(within(card).getByRole('button', { name: 'Rewrite with Pro' }));

    await waitFor(() => expect(asked).toHaveLength(2));
    expect(stopped).toEqual(['b-1']);
    expect(asked[1]).toEqual({ query_str: QUESTION, context_uuid: 'c-1', model_preference: 'pplx_pro', source: 'rewrite-upsell' });
    expect(marked).toEqual([{ upsell_name: 'auto_upgrade_to_pro', upsell_instance_identifier: 'auto_upgrade_to_pro.abc' }]);
    await waitFor(() => expect(screen.getAllByRole('article', { name: QUESTION })).toHaveLength(2));
  });
});
