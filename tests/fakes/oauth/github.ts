// GitHub REST API's slice the GitHub adapter uses, on the GitHub OAuth fake (provider.ts): the
// person's repositories, a repository's issues and pull requests (state=all, since, sort=updated)
// and its README (raw), paged by `Link` headers, with ETags and If-None-Match (a 304 is counted
// apart: GitHub does not charge it). Its clock never runs behind the real one and its `Date`
// header tells it, as GitHub's does. `rateLimitNext` answers the next N calls with 429 and
// Retry-After, `hourlyLimitNext` with 403 and the hourly limit's reset time; `foreignLinks`
// points the paging links at another origin.
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FakeApi } from './provider.js';

export type FakeIssue = {
  number: number;
  title: string;
  body: string | null;
  state: 'open' | 'closed';
  user: string;
  pull?: boolean;
  labels?: string[];
  updated_at: string;
};
/** `collaborators`: the account ids of the people with access (GET /repos/{o}/{r}/collaborators). */
export type FakeRepo = { full: string; private: boolean; readme?: string; issues: FakeIssue[]; collaborators: string[] };

export function createFakeGitHub() {
  const repos = new Map<string, FakeRepo>();
  let last = 0;
  const state = { rateLimitNext: 0, hourlyLimitNext: 0, retryAfterSeconds: 0, foreignLinks: false, calls: { charged: 0, notModified: 0 } };
  const now = () => Math.max(Math.floor(Date.now() / 1000) * 1000, last + 1000);
  const touch = () => new Date((last = now())).toISOString().replace(/\.\d{3}Z$/, 'Z');

  const github = {
    state,
    repos,
    repo(full: string, opts: { private?: boolean; readme?: string; collaborators?: string[] } = {}) {
      repos.set(full, { full, private: opts.private ?? true, readme: opts.readme, issues: [], collaborators: opts.collaborators ?? [] });
    },
    issue(full: string, issue: Omit<FakeIssue, 'updated_at' | 'state' | 'user'> & Partial<Pick<FakeIssue, 'state' | 'user'>>) {
      const repo = repos.get(full);
      if (!repo) throw new Error(`no fake repository ${full}`);
      repo.issues = [...repo.issues.filter((i) => i.number !== issue.number), { state: 'open', user: 'octocat', ...issue, updated_at: touch() }];
    },
    edit(full: string, number: number, change: Partial<FakeIssue>) {
      const repo = repos.get(full);
      const issue = repo?.issues.find((i) => i.number === number);
      if (!repo || !issue) throw new Error(`no fake issue ${full}#${number}`);
      Object.assign(issue, change, { updated_at: touch() });
    },
    /** Deleted at the source, as GitHub deletes one: gone from every listing, `since` included, with no trace. */
    deleteIssue(full: string, number: number) {
      const repo = repos.get(full);
      if (!repo?.issues.some((i) => i.number === number)) throw new Error(`no fake issue ${full}#${number}`);
      repo.issues = repo.issues.filter((i) => i.number !== number);
    },
  };

  function send(req: IncomingMessage, res: ServerResponse, url: URL, all: unknown[] | string, contentType = 'application/json') {
    let items = all;
    const headers: Record<string, string> = { 'content-type': contentType, date: new Date(now()).toUTCString() };
    if (Array.isArray(all)) {
      const size = Number(url.searchParams.get('per_page') ?? 30);
      const page = Number(url.searchParams.get('page') ?? 1);
      items = all.slice((page - 1) * size, page * size);
      if (page * size < all.length) {
        const link = new URL(url.pathname + url.search, state.foreignLinks ? 'https://evil.example' : `http://${req.headers.host}`);
        link.searchParams.set('page', String(page + 1));
        headers.link = `<${link}>; rel="next"`;
      }
    }
    const body = typeof items === 'string' ? items : JSON.stringify(items);
    const etag = `W/"${createHash('sha1')
      .update(body)
      .update(headers.link ?? '')
      .digest('hex')}"`;
    if (req.headers['if-none-match'] === etag) {
      state.calls.notModified++;
      res.writeHead(304, { etag, date: headers.date });
      res.end();
      return true;
    }
    state.calls.charged++;
    res.writeHead(200, { ...headers, etag });
    res.end(body);
    return true;
  }
  const notFound = (res: ServerResponse) => {
    state.calls.charged++;
    res.writeHead(404, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ message: 'Not Found' }));
    return true;
  };
  const repoView = (r: FakeRepo) => ({ id: r.full.length, full_name: r.full, private: r.private, html_url: `https://github.com/${r.full}` });
  const issueView = (r: FakeRepo, i: FakeIssue) => ({
    id: i.number * 1000 + r.full.length,
    number: i.number,
    title: i.title,
    body: i.body,
    state: i.state,
    html_url: `https://github.com/${r.full}/${i.pull ? 'pull' : 'issues'}/${i.number}`,
    updated_at: i.updated_at,
    user: { login: i.user },
    labels: (i.labels ?? []).map((name) => ({ name })),
    ...(i.pull ? { pull_request: { url: 'x' } } : {}),
  });

  const api: FakeApi = (req, res, path, url) => {
    if (state.rateLimitNext > 0) {
      state.rateLimitNext--;
      res.writeHead(429, { 'content-type': 'application/json', 'retry-after': String(state.retryAfterSeconds) });
      res.end(JSON.stringify({ message: 'You have exceeded a secondary rate limit.' }));
      return true;
    }
    if (state.hourlyLimitNext > 0) {
      state.hourlyLimitNext--;
      // The hourly limit: 403, nothing remaining, and the epoch second it resets at (now, here).
      res.writeHead(403, { 'content-type': 'application/json', 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(Math.floor(Date.now() / 1000)) });
      res.end(JSON.stringify({ message: 'API rate limit exceeded' }));
      return true;
    }
    if (path === '/user/repos') return send(req, res, url, [...repos.values()].sort((a, b) => a.full.localeCompare(b.full)).map(repoView));
    const m = /^\/repos\/([^/]+)\/([^/]+)\/(issues|readme|collaborators)$/.exec(path);
    const repo = m && repos.get(`${decodeURIComponent(m[1])}/${decodeURIComponent(m[2])}`);
    if (!m) return false;
    if (!repo) return notFound(res);
    if (m[3] === 'collaborators')
      return send(
        req,
        res,
        url,
        repo.collaborators.map((id) => ({ id: /^\d+$/.test(id) ? Number(id) : id, login: `user-${id}` })),
      );
    if (m[3] === 'readme') {
      if (repo.readme === undefined || req.headers.accept !== 'application/vnd.github.raw+json') return notFound(res);
      return send(req, res, url, repo.readme, 'text/plain; charset=utf-8');
    }
    const since = url.searchParams.get('since');
    const issues = repo.issues
      .filter((i) => !since || Date.parse(i.updated_at) >= Date.parse(since))
      .sort((a, b) => a.updated_at.localeCompare(b.updated_at) || a.number - b.number);
    return send(
      req,
      res,
      url,
      issues.map((i) => issueView(repo, i)),
    );
  };
  return { ...github, api };
}
