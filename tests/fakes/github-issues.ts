// A fake of GitHub's issues REST API (POST /repos/{owner}/{repo}/issues), for tests only: it
// checks the bearer token and the repository, answers 201 with the issue's html_url, can be told
// to fail, and records every issue filed.
import { listenLoopback, readBody } from './listen.js';

export type GithubIssueInput = { title: string; body: string };

export async function startGithubIssuesFake(opts: { token: string; repo: string }) {
  let failing = false;
  const issues: GithubIssueInput[] = [];
  const fake = await listenLoopback(async (req, res) => {
    const json = (status: number, body: object) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (req.method !== 'POST' || req.url !== `/repos/${opts.repo}/issues`) return json(404, { message: 'Not Found' });
    if (req.headers.authorization !== `Bearer ${opts.token}`) return json(401, { message: 'Bad credentials' });
    const body = JSON.parse(await readBody(req)) as GithubIssueInput;
    if (failing) return json(503, { message: 'Service unavailable' });
    if (!body.title) return json(422, { message: 'Validation Failed' });
    issues.push(body);
    const number = issues.length;
    json(201, { number, title: body.title, html_url: `https://github.com/${opts.repo}/issues/${number}` });
  });
  return {
    ...fake,
    issues,
    fail: (on: boolean) => {
      failing = on;
    },
  };
}
