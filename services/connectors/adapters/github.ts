// GitHub (REST API 2022-11-28): the person's repositories (`GET /user/repos`), each one's README
// (raw) and its issues and pull requests (`GET /repos/{o}/{r}/issues?state=all`), paged by the
// `Link` header (same-origin links only). The delta asks each repository for what was updated
// `since` its last time, with `If-None-Match`: a 304 costs nothing against GitHub's rate limit,
// so the ETags live in the cursor. `since` is inclusive, so the newest issue seen comes once
// more before its ETag settles; a README has no `since` and comes once in the first round, to
// learn its ETag. A repository without a README is asked again each round (a 404 has no ETag). A private repository's documents are read by the repository's
// people (resolved by repository access); a public one's by anyone. An issue deleted at the source
// never shows in `since` (nor in any listing GitHub offers of what changed), so its deletion is
// found by the periodic walk (`deltaMissesRemovals`, app-sync.ts).
import { capText } from './app-text.js';
import type { AppChange, AppDocument, AppReaders, AppSourceAdapter } from './app-types.js';
import type { GitHubIssue, GitHubRepo } from './github-types.js';
import { nextLinkPath } from './link-header.js';
import { type Init, jsonOf, MAX_JSON_BYTES, ProviderHttpError, type ProviderCallDeps, providerAnswer } from '../provider-call.js';

const PAGE_SIZE = 100;
const MAX_README_BYTES = 1024 * 1024;
/** Pages of repositories read in one delta's refresh of the list (100 each). */
const MAX_REPO_PAGES = 50;
const JSON_TYPE = 'application/vnd.github+json';
const RAW_TYPE = 'application/vnd.github.raw+json';

type RepoRef = { full: string; private: boolean; url: string };
/** The walk's place: the repository list's next page, then each repository's README and issue pages. */
type Walk = { repos: string | null; reposDone: boolean; queue: RepoRef[]; step: 'readme' | 'issues'; issues: string | null };
type RepoCursor = RepoRef & { since: string | null; issuesEtag?: string; readmeEtag?: string };
/** The delta: every repository's `since` and ETags, the repositories left in this round, and the page being read. */
type Cursor = { repos: Record<string, RepoCursor>; reposEtag?: string; queue: string[]; page: { repo: string; path: string; newest: string | null } | null };

const segments = (full: string) => full.split('/').map(encodeURIComponent).join('/');
const refOf = (r: GitHubRepo): RepoRef => ({ full: r.full_name, private: r.private, url: r.html_url });
const readersOf = (repo: RepoRef): AppReaders =>
  repo.private ? { group: { kind: 'github_repository', key: repo.full } } : { emails: [], domains: [], anyone: true };
const latest = (a: string | null, b: string) => (a && Date.parse(a) >= Date.parse(b) ? a : b);

export function issueDocument(repo: RepoRef, issue: GitHubIssue): AppDocument {
  const labels = (issue.labels ?? []).map((l) => (typeof l === 'string' ? l : (l.name ?? ''))).filter(Boolean);
  const head = [`State: ${issue.state}`, ...(labels.length ? [`Labels: ${labels.join(', ')}`] : [])].join('\n');
  return {
    remoteId: `${repo.full}#${issue.number}`,
    kind: issue.pull_request ? 'PULL_REQUEST' : 'ISSUE',
    title: `#${issue.number} ${issue.title}`,
    ...capText(issue.body ? `${head}\n\n${issue.body}` : head),
    url: issue.html_url,
    updatedAt: issue.updated_at,
    authors: issue.user ? [issue.user.login] : [],
    container: repo.full,
    readers: readersOf(repo),
    parentRemoteId: null,
  };
}

function readmeDocument(repo: RepoRef, text: string): AppDocument {
  return {
    remoteId: `${repo.full}#readme`,
    kind: 'README',
    title: `${repo.full} README`,
    ...capText(text),
    url: `${repo.url}#readme`,
    updatedAt: null,
    authors: [],
    container: repo.full,
    readers: readersOf(repo),
    parentRemoteId: null,
  };
}

export function githubAdapter(call: ProviderCallDeps, opts: { pageSize?: number } = {}): AppSourceAdapter {
  const pageSize = opts.pageSize ?? PAGE_SIZE;
  const headers = { accept: JSON_TYPE, 'x-github-api-version': '2022-11-28' };
  const answer = (path: string, init: Init = {}, maxBytes = MAX_JSON_BYTES) =>
    providerAnswer(call, path, maxBytes, { ...init, headers: { ...headers, ...init.headers } });
  const next = (res: { headers: Headers }) => nextLinkPath(res.headers.get('link'), call.apiBase);
  const reposPath = `/user/repos?per_page=${pageSize}&sort=full_name`;
  const issuesPath = (full: string, since: string | null) =>
    `/repos/${segments(full)}/issues?state=all&sort=updated&direction=asc&per_page=${pageSize}${since ? `&since=${encodeURIComponent(since)}` : ''}`;

  /** The README as text; null when the repository has none (or one over MAX_README_BYTES). A 304 answers `unchanged`. */
  async function readme(full: string, etag?: string) {
    try {
      const res = await answer(`/repos/${segments(full)}/readme`, { headers: { accept: RAW_TYPE }, ifNoneMatch: etag }, MAX_README_BYTES);
      return res.status === 304 ? 'unchanged' : { text: res.bytes.toString('utf8'), etag: res.headers.get('etag') ?? undefined };
    } catch (err) {
      // None, or one larger than a README is read (a generated file, most likely): no document.
      if (err instanceof ProviderHttpError && (err.status === 404 || err.status === 413)) return null;
      throw err;
    }
  }

  async function allRepos(etag?: string) {
    const first = await answer(reposPath, { ifNoneMatch: etag });
    if (first.status === 304) return 'unchanged' as const;
    const repos = jsonOf<GitHubRepo[]>(first.bytes).map(refOf);
    let path = next(first);
    for (let pages = 1; path && pages < MAX_REPO_PAGES; pages++) {
      const res = await answer(path);
      repos.push(...jsonOf<GitHubRepo[]>(res.bytes).map(refOf));
      path = next(res);
    }
    // The first page's ETag stands for the whole list only when there is one page.
    // GitHub's clock (its Date header), not ours, says when the list was read.
    const at = new Date(first.headers.get('date') ?? Date.now()).toISOString().replace(/\.\d{3}Z$/, 'Z');
    return { repos, at, etag: next(first) ? undefined : (first.headers.get('etag') ?? undefined) };
  }

  /** One step of a delta round on its first repository: its README, then its issues' first page (or the page being read). */
  async function deltaRepo(c: Cursor): Promise<{ changes: AppChange[]; cursor: Cursor }> {
    const full = c.page?.repo ?? c.queue[0];
    const repo = c.repos[full];
    const changes: AppChange[] = [];
    let updated: RepoCursor = { ...repo };
    if (!c.page) {
      const r = await readme(full, repo.readmeEtag);
      if (r === null && repo.readmeEtag) changes.push({ remoteId: `${full}#readme`, removed: true, document: null });
      if (r !== 'unchanged') updated = { ...updated, readmeEtag: r?.etag };
      if (r && r !== 'unchanged') changes.push({ remoteId: `${full}#readme`, removed: false, document: readmeDocument(repo, r.text) });
    }
    let res: Awaited<ReturnType<typeof answer>>;
    try {
      res = await answer(c.page?.path ?? issuesPath(full, repo.since), { ifNoneMatch: c.page ? undefined : repo.issuesEtag });
    } catch (err) {
      if (!(err instanceof ProviderHttpError) || err.status !== 404) throw err;
      // Gone since the round began: dropped, so the delta does not stop at it for ever.
      const { [full]: _gone, ...repos } = c.repos;
      return { changes, cursor: { ...c, repos, queue: c.queue.filter((q) => q !== full), page: null } };
    }
    if (res.status === 304) return { changes, cursor: { ...c, repos: { ...c.repos, [full]: updated }, queue: c.queue.slice(1) } };
    const issues = jsonOf<GitHubIssue[]>(res.bytes);
    for (const issue of issues) changes.push({ remoteId: `${full}#${issue.number}`, removed: false, document: issueDocument(repo, issue) });
    const newest = issues.reduce<string | null>((at, i) => latest(at, i.updated_at), c.page?.newest ?? null);
    const more = next(res);
    if (more) return { changes, cursor: { ...c, repos: { ...c.repos, [full]: updated }, page: { repo: full, path: more, newest } } };
    const since = newest ?? repo.since;
    // The ETag answers for this `since` only: kept when the next delta asks the same.
    const issuesEtag = since === repo.since && !c.page ? (res.headers.get('etag') ?? undefined) : undefined;
    return { changes, cursor: { ...c, repos: { ...c.repos, [full]: { ...updated, since, issuesEtag } }, queue: c.queue.slice(1), page: null } };
  }

  return {
    // A deleted issue is simply absent from `since`: only a walk of everything finds it gone.
    deltaMissesRemovals: true,
    async listPage(checkpoint) {
      const walk: Walk = checkpoint ? (JSON.parse(checkpoint) as Walk) : { repos: null, reposDone: false, queue: [], step: 'readme', issues: null };
      const documents: AppDocument[] = [];
      let after: Walk;
      const repo = walk.queue[0];
      if (repo && walk.step === 'readme') {
        const r = await readme(repo.full);
        if (r && r !== 'unchanged') documents.push(readmeDocument(repo, r.text));
        after = { ...walk, step: 'issues', issues: null };
      } else if (repo) {
        const res = await answer(walk.issues ?? issuesPath(repo.full, null));
        documents.push(...jsonOf<GitHubIssue[]>(res.bytes).map((i) => issueDocument(repo, i)));
        const more = next(res);
        after = more ? { ...walk, issues: more } : { ...walk, queue: walk.queue.slice(1), step: 'readme', issues: null };
      } else {
        const res = await answer(walk.repos ?? reposPath);
        const more = next(res);
        after = { ...walk, queue: jsonOf<GitHubRepo[]>(res.bytes).map(refOf), repos: more, reposDone: !more };
      }
      return { documents, checkpoint: after.reposDone && !after.queue.length ? null : JSON.stringify(after) };
    },

    async startCursor() {
      const list = await allRepos();
      if (list === 'unchanged') throw new Error('unreachable: no ETag was sent');
      const repos = Object.fromEntries(list.repos.map((r) => [r.full, { ...r, since: list.at }]));
      return JSON.stringify({ repos, reposEtag: list.etag, queue: [], page: null } satisfies Cursor);
    },

    async deltaPage(cursor) {
      let c = JSON.parse(cursor) as Cursor;
      if (!c.queue.length && !c.page) {
        // A new round: repositories the person gained are read from their beginning.
        const list = await allRepos(c.reposEtag);
        if (list !== 'unchanged') {
          const repos = Object.fromEntries(list.repos.map((r) => [r.full, c.repos[r.full] ?? { ...r, since: null }]));
          c = { ...c, repos, reposEtag: list.etag };
        }
        c = { ...c, queue: Object.keys(c.repos).sort() };
        if (!c.queue.length) return { changes: [], cursor: JSON.stringify(c), more: false };
      }
      const step = await deltaRepo(c);
      return { changes: step.changes, cursor: JSON.stringify(step.cursor), more: step.cursor.queue.length > 0 || step.cursor.page !== null };
    },
  };
}
