// Files bug reports as GitHub issues (REST: POST /repos/{owner}/{repo}/issues) with a token that
// may create issues in the repository; the answer's `html_url` is the issue's page. GitHub knows
// people by login, not address, so an assignee's address is written in the body only.
import { TRACKER_TIMEOUT_MS, type Tracker, TrackerError } from './tracker.js';

export function githubTracker(opts: { apiUrl: string; repo: string; token: string; timeoutMs?: number }): Tracker {
  const endpoint = `${opts.apiUrl}/repos/${opts.repo}/issues`;
  return async (issue) => {
    const res = await fetch(endpoint, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/vnd.github+json',
        authorization: `Bearer ${opts.token}`,
        'x-github-api-version': '2022-11-28',
        'user-agent': 'answer-engine-bug-report',
      },
      body: JSON.stringify({ title: issue.title, body: issue.description }),
      signal: AbortSignal.timeout(opts.timeoutMs ?? TRACKER_TIMEOUT_MS),
    });
    const body = (await res.json().catch(() => ({}))) as { html_url?: unknown; message?: unknown };
    if (res.status !== 201 || typeof body.html_url !== 'string') throw new TrackerError('GitHub', res.status, body.message);
    return { url: body.html_url };
  };
}
