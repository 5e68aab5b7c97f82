// @vitest-environment happy-dom
// The bug report modal against the mock API (mocks/bug-report.ts, the server's own rules): Submit
// stays disabled while the description is blank ("Please describe the bug"); a report goes with
// the page's address, its category and assignee, and the issue opens in a new tab; a failure says
// the seed's words; a server without a tracker says bug reports are not set up. All by keyboard.
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { getGetServerFeaturesMockHandler } from '../../../../generated/msw/system/system.msw';
import { setupMocks } from '../../../../mocks/node';
import { MOCK_BUG_REPORT_HOOK } from '../../../../mocks/bug-report';
import { MOCK_FEATURES } from '../../../../mocks/server-features';
import { ModalProvider } from '../../app/modals/host';
import { Toaster } from '../../app/toaster';
import { clearQueryClients, testQueryClient } from '../../testing/query-clients';
import { BUG_REPORT_FAILED, BUG_REPORTS_OFF } from './bug-report-modal';
import { ReportBugButton } from './report-bug-button';

const mocks = setupMocks('signed-in');
beforeAll(mocks.listen);
afterEach(() => {
  cleanup();
  clearQueryClients();
  mocks.reset();
  vi.restoreAllMocks();
});
afterAll(mocks.close);

async function setup() {
  const user = userEvent.setup();
  const opened = vi.spyOn(window, 'open').mockImplementation(() => null);
  render(
    <QueryClientProvider client={testQueryClient()}>
      <MemoryRouter>
        <ModalProvider>
          <ReportBugButton open />
          <Toaster />
        </ModalProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  // By keyboard: the sidebar's button is reached with Tab and pressed with Enter.
  await user.tab();
  expect(screen.getByRole('button', { name: 'Report a bug' })).toHaveFocus();
  await user.keyboard('{Enter}');
  const dialog = await screen.findByRole('dialog', { name: 'Report a bug' }, { timeout: 5000 });
  return { user, dialog, opened };
}

describe('the bug report modal', () => {
  it('keeps Submit disabled while blank, then files the report with the page, category and assignee and opens the issue', async () => {
    let sent: { hook: string; body: unknown } | null = null;
    mocks.server.events.on('request:start', async ({ request }) => {
      const m = /\/webhooks\/([^/]+)\/web$/.exec(new URL(request.url).pathname);
      if (m) sent = { hook: m[1]!, body: await request.clone().json() };
    });
    const { user, dialog, opened } = await setup();
    const text = await within(dialog).findByRole('textbox', { name: 'What went wrong?' });
    const submit = within(dialog).getByRole('button', { name: 'Submit' });
    expect(text).toHaveFocus();
    expect(submit).toBeDisabled();
    expect(within(dialog).getByText('Please describe the bug')).toBeInTheDocument();
    await user.keyboard('   ');
    expect(submit).toBeDisabled();

    await user.keyboard('The answer stops halfway');
    expect(submit).toBeEnabled();
    // Tab order: the text, the category, the assignee, Cancel, Submit.
    await user.tab();
    const category = within(dialog).getByRole('combobox', { name: 'Category (optional)' });
    expect(category).toHaveFocus();
    expect(
      within(category)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['No category', 'AGENT', 'BROWSER', 'PRODUCT', 'AI', 'ENTERPRISE', 'PLATFORM', 'MOBILE', 'SEARCH', 'WEB']);
    await user.selectOptions(category, 'SEARCH');
    await user.tab();
    expect(within(dialog).getByRole('textbox', { name: 'Assignee email (optional)' })).toHaveFocus();
    await user.keyboard('triager@example.com');
    await user.tab();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.tab();
    expect(submit).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(opened).toHaveBeenCalledWith('https://linear.app/mock/issue/BUG-1', '_blank', 'noopener,noreferrer');
    expect(await screen.findByText('Bug report submitted.')).toBeInTheDocument();
    expect(sent).toEqual({
      hook: MOCK_BUG_REPORT_HOOK,
      body: { bug_text: '   The answer stops halfway', url: window.location.href, email: 'triager@example.com', category: 'SEARCH' },
    });
  });

  it("a failure says the seed's words and keeps the report to try again", async () => {
    mocks.server.use(
      http.post('*/webhooks/:hook/web', () => HttpResponse.json({ status: 503, code: 'tracker_failed', title: 'x', type: 'about:blank' }, { status: 503 })),
    );
    const { user, dialog, opened } = await setup();
    await user.keyboard('Broken{Tab}{Tab}{Tab}{Tab}{Enter}');
    expect((await screen.findAllByText(BUG_REPORT_FAILED))[0]).toBeInTheDocument();
    expect(opened).not.toHaveBeenCalled();
    expect(within(dialog).getByRole('textbox', { name: 'What went wrong?' })).toHaveValue('Broken');
  });

  it('Escape closes it', async () => {
    const { user, dialog } = await setup();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
  });

  it('a server without a tracker says bug reports are not set up', async () => {
    mocks.server.use(getGetServerFeaturesMockHandler({ ...MOCK_FEATURES, bug_reports: false, bug_report_hook: null }));
    const { dialog } = await setup();
    expect(await within(dialog).findByText(new RegExp(BUG_REPORTS_OFF))).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Submit' })).not.toBeInTheDocument();
  });
});
