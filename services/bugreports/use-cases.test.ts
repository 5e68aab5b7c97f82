// Filing a report, with a stub tracker: nothing is filed or shared without a tracker; the thread is
// shared only once the issue is filed, so a refusal changes nothing; a sharing failure after the
// issue is filed still answers the address.
import { describe, expect, test, vi } from 'vitest';
import { actorOfFacts } from '../shared/actor-without-request.js';
import { submitBugReport, type BugReportDeps } from './use-cases.js';

const visitor = actorOfFacts({ user_id: null, visitor_ids: ['v1'] });
const PAGE = 'https://answers.example/search/my-thread-abc';
const quiet = { warn: () => {}, info: () => {} };
const deps = (over: Partial<BugReportDeps> = {}): BugReportDeps => ({
  tracker: vi.fn(async () => ({ url: 'https://tracker.example/1' })),
  origins: ['https://answers.example'],
  shareThread: vi.fn(async () => 'shared' as const),
  logger: quiet,
  ...over,
});

describe('submitBugReport', () => {
  test("files the issue, then shares the page's thread", async () => {
    const d = deps();
    expect(await submitBugReport(d, visitor, { bug_text: 'Broken', url: PAGE })).toEqual({ status: 'success', linear_url: 'https://tracker.example/1' });
    expect(d.tracker).toHaveBeenCalledOnce();
    expect(d.shareThread).toHaveBeenCalledWith(visitor, 'my-thread-abc');
  });

  test('no tracker: 503 bug_reports_not_configured, nothing shared', async () => {
    const d = deps({ tracker: null });
    await expect(submitBugReport(d, visitor, { bug_text: 'Broken', url: PAGE })).rejects.toMatchObject({ code: 'bug_reports_not_configured' });
    expect(d.shareThread).not.toHaveBeenCalled();
  });

  test('a blank text is refused before the tracker hears of it', async () => {
    const d = deps();
    await expect(submitBugReport(d, visitor, { bug_text: ' ' })).rejects.toMatchObject({ code: 'bug_text_required' });
    expect(d.tracker).not.toHaveBeenCalled();
  });

  test('the tracker refusing: tracker_failed, and the thread is not touched', async () => {
    const d = deps({
      tracker: async () => {
        throw new Error('Linear answered 500');
      },
    });
    await expect(submitBugReport(d, visitor, { bug_text: 'Broken', url: PAGE })).rejects.toMatchObject({ code: 'tracker_failed', kind: 'unavailable' });
    expect(d.shareThread).not.toHaveBeenCalled();
  });

  test('sharing failing after the issue is filed still answers its address', async () => {
    const d = deps({
      shareThread: async () => {
        throw new Error('database went away');
      },
    });
    expect((await submitBugReport(d, visitor, { bug_text: 'Broken', url: PAGE })).linear_url).toBe('https://tracker.example/1');
  });
});
