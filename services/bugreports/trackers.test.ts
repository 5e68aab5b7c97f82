// The two tracker adapters against their fakes on 127.0.0.1: Linear (GraphQL: the assignee found
// by address, then issueCreate) and GitHub issues (REST); a refusal names the tracker and its
// status, never the key or token that was sent.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { startGithubIssuesFake } from '../../tests/fakes/github-issues.js';
import { startLinearFake } from '../../tests/fakes/linear.js';
import { githubTracker } from './github.js';
import { linearTracker } from './linear.js';

const ISSUE = { title: 'It stops', description: 'It stops halfway.', assigneeEmail: null };
let linear: Awaited<ReturnType<typeof startLinearFake>>;
let github: Awaited<ReturnType<typeof startGithubIssuesFake>>;
beforeAll(async () => {
  [linear, github] = await Promise.all([
    startLinearFake({ apiKey: 'lin_secret', teamId: 'team-1', users: { 'lead@example.com': 'user-lead' } }),
    startGithubIssuesFake({ token: 'ghp_secret', repo: 'acme/engine' }),
  ]);
});
beforeEach(() => {
  linear.fail(false);
  linear.hang(false);
  github.fail(false);
});
afterAll(async () => {
  await Promise.all([linear?.close(), github?.close()]);
});

describe('Linear', () => {
  const tracker = (over: Partial<Parameters<typeof linearTracker>[0]> = {}) =>
    linearTracker({ apiUrl: `${linear.url}/graphql`, apiKey: 'lin_secret', teamId: 'team-1', ...over });

  test("files the issue in the team and answers its url; a known assignee's address becomes their id", async () => {
    expect(await tracker()({ ...ISSUE, assigneeEmail: 'lead@example.com' })).toEqual({ url: `https://linear.app/test/issue/BUG-${linear.issues.length}` });
    expect(linear.issues.at(-1)).toEqual({ teamId: 'team-1', title: 'It stops', description: 'It stops halfway.', assigneeId: 'user-lead' });
    await tracker()({ ...ISSUE, assigneeEmail: 'stranger@example.com' });
    expect(linear.issues.at(-1)).not.toHaveProperty('assigneeId');
  });

  test('a refusal names Linear and its words, never the key', async () => {
    const wrongKey = tracker({ apiKey: 'lin_wrong_secret' })(ISSUE);
    await expect(wrongKey).rejects.toThrow('Linear answered 401: Authentication required, not authenticated');
    await expect(wrongKey).rejects.not.toThrow(/lin_wrong_secret/);
    await expect(tracker({ teamId: 'no-such-team' })(ISSUE)).rejects.toThrow('Entity not found: Team');
    linear.fail(true);
    await expect(tracker()(ISSUE)).rejects.toThrow('Linear answered 500');
  });

  test('a tracker that never answers is given up on', async () => {
    linear.hang(true);
    await expect(tracker({ timeoutMs: 100 })(ISSUE)).rejects.toThrow();
  });
});

describe('GitHub issues', () => {
  const tracker = (token = 'ghp_secret') => githubTracker({ apiUrl: github.url, repo: 'acme/engine', token });

  test('files the issue and answers its html_url', async () => {
    expect(await tracker()(ISSUE)).toEqual({ url: `https://github.com/acme/engine/issues/${github.issues.length}` });
    expect(github.issues.at(-1)).toEqual({ title: 'It stops', body: 'It stops halfway.' });
  });

  test('a refusal names GitHub and its words, never the token', async () => {
    const wrong = tracker('ghp_wrong_secret')(ISSUE);
    await expect(wrong).rejects.toThrow('GitHub answered 401: Bad credentials');
    await expect(wrong).rejects.not.toThrow(/ghp_wrong_secret/);
    github.fail(true);
    await expect(tracker()(ISSUE)).rejects.toThrow('GitHub answered 503: Service unavailable');
  });
});
