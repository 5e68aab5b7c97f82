// A fake of Linear's GraphQL API (POST /graphql), for tests only: `users(filter: {email: {eq}})`
// finds the people it is given, `issueCreate` files an issue and answers its url. It checks the
// API key and the team, can be told to fail or to hang, and records every issue filed.
import { listenLoopback, readBody } from './listen.js';

export type LinearIssueInput = { teamId: string; title: string; description: string; assigneeId?: string };

/** `issuesAtSelf`: issue urls point at the fake itself (a browser test opens one without the internet). */
export async function startLinearFake(opts: { apiKey: string; teamId: string; users?: Record<string, string>; issuesAtSelf?: boolean }) {
  let failing = false;
  let hanging = false;
  const issues: LinearIssueInput[] = [];
  const fake = await listenLoopback(async (req, res) => {
    const json = (status: number, body: object) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (req.method === 'GET' && req.url?.startsWith('/issue/')) return res.writeHead(200, { 'content-type': 'text/html' }).end('<title>Issue</title>');
    if (req.method !== 'POST' || req.url !== '/graphql') return json(404, { errors: [{ message: 'Not found' }] });
    if (req.headers.authorization !== opts.apiKey) return json(401, { errors: [{ message: 'Authentication required, not authenticated' }] });
    const { query, variables } = JSON.parse(await readBody(req)) as { query: string; variables: Record<string, any> };
    if (hanging) return; // never answers; the adapter's timeout has to end it
    if (failing) return json(500, { errors: [{ message: 'Internal server error' }] });
    if (/\busers\s*\(/.test(query)) {
      const id = opts.users?.[String(variables.email).toLowerCase()];
      return json(200, { data: { users: { nodes: id ? [{ id }] : [] } } });
    }
    if (/\bissueCreate\s*\(/.test(query)) {
      const input = variables.input as LinearIssueInput;
      if (input.teamId !== opts.teamId) return json(200, { errors: [{ message: 'Entity not found: Team' }], data: null });
      issues.push(input);
      const identifier = `BUG-${issues.length}`;
      return json(200, {
        data: {
          issueCreate: {
            success: true,
            issue: { id: `issue-${issues.length}`, identifier, url: `${opts.issuesAtSelf ? fake.url : 'https://linear.app/test'}/issue/${identifier}` },
          },
        },
      });
    }
    json(400, { errors: [{ message: 'Unknown query' }] });
  });
  return {
    ...fake,
    issues,
    fail: (on: boolean) => {
      failing = on;
    },
    hang: (on: boolean) => {
      hanging = on;
    },
  };
}
