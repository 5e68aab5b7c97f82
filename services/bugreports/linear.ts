// Files bug reports in Linear through its GraphQL API (https://linear.app/developers/graphql):
// `issueCreate(input: {teamId, title, description, assigneeId?})` answers the issue's `url`. An
// assignee's address becomes their id through `users(filter: {email: {eq}})`; an address Linear
// does not know leaves the issue unassigned (the address is in the description either way).
// Personal API keys go in `Authorization` as they are (OAuth tokens would take `Bearer `).
import { TRACKER_TIMEOUT_MS, type Tracker, TrackerError } from './tracker.js';

type GraphQlAnswer<T> = { data?: T; errors?: { message?: string }[] };

const USER_BY_EMAIL = 'query BugReportAssignee($email: String!) { users(filter: { email: { eq: $email } }) { nodes { id } } }';
const ISSUE_CREATE = 'mutation BugReportIssue($input: IssueCreateInput!) { issueCreate(input: $input) { success issue { id identifier url } } }';

export function linearTracker(opts: { apiUrl: string; apiKey: string; teamId: string; timeoutMs?: number }): Tracker {
  const call = async <T>(query: string, variables: object): Promise<T> => {
    const res = await fetch(opts.apiUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', authorization: opts.apiKey },
      body: JSON.stringify({ query, variables }),
      signal: AbortSignal.timeout(opts.timeoutMs ?? TRACKER_TIMEOUT_MS),
    });
    const body = (await res.json().catch(() => ({}))) as GraphQlAnswer<T>;
    if (!res.ok || body.errors?.length || !body.data) throw new TrackerError('Linear', res.status, body.errors?.[0]?.message);
    return body.data;
  };
  return async (issue) => {
    let assigneeId: string | undefined;
    if (issue.assigneeEmail) {
      const found = await call<{ users?: { nodes?: { id?: unknown }[] } }>(USER_BY_EMAIL, { email: issue.assigneeEmail });
      const id = found.users?.nodes?.[0]?.id;
      if (typeof id === 'string') assigneeId = id;
    }
    const input = { teamId: opts.teamId, title: issue.title, description: issue.description, ...(assigneeId ? { assigneeId } : {}) };
    const created = await call<{ issueCreate?: { success?: boolean; issue?: { url?: unknown } } }>(ISSUE_CREATE, { input });
    const url = created.issueCreate?.issue?.url;
    if (!created.issueCreate?.success || typeof url !== 'string') throw new TrackerError('Linear', 200, 'issueCreate did not succeed');
    return { url };
  };
}
