// The bug tool's call for `make dev-mocks` and component tests, by the server's own rules
// (services/bugreports/decide.ts): the hook of MOCK_FEATURES, a blank text refused with the
// seed's words, and each report "filed" in a list the mock keeps, answered with a tracker-like
// address; then the reporter's thread is shared as the server shares it (mocks/threads.ts).
// `mode: 'off'` answers as a server without a tracker; 'failing' as a tracker that refuses.
import type { RequestHandler } from 'msw';
import { getSubmitBugReportMockHandler } from '../generated/msw/bug-report/bug-report.msw';
import type { BugReportRequest } from '../generated/react-query/model';
import { bugReportErrors, decideBugReport } from '../services/bugreports/pure';
import { refuse, ruled } from './problem';

export type MockBugReports = 'on' | 'off' | 'failing';
export const MOCK_BUG_REPORT_HOOK = 'mock-bug-report-hook';

export function bugReportHandlers(opts: {
  mode?: MockBugReports;
  user: () => { name: string; email: string } | null;
  /** The thread a report came from, shared by the server's rule (mocks/threads.ts). */
  shareThread: (key: string) => void;
  filed?: BugReportRequest[];
}): RequestHandler[] {
  const filed = opts.filed ?? [];
  return [
    getSubmitBugReportMockHandler(async ({ params, request }) => {
      if (opts.mode === 'off') refuse(bugReportErrors.notConfigured());
      if (params.debuggerHook !== MOCK_BUG_REPORT_HOOK) refuse(bugReportErrors.noSuchHook(String(params.debuggerHook)));
      const body = (await request.json()) as BugReportRequest;
      const { threadKey } = ruled(() => decideBugReport(body, { reporter: opts.user(), origins: [new URL(request.url).origin] }));
      if (opts.mode === 'failing') refuse(bugReportErrors.trackerFailed());
      filed.push(body);
      if (threadKey) opts.shareThread(threadKey);
      return { status: 'success', linear_url: `https://linear.app/mock/issue/BUG-${filed.length}` };
    }),
  ];
}
