// Linear (GraphQL at /graphql): every issue the person can see, one connection paged by
// `pageInfo.endCursor`; the delta is `issues(filter: {updatedAt: {gt: since}})` with archived and
// trashed issues included, so they come back as removals. Linear names its errors in the body (a
// 200 or a 400 with `errors[].extensions.code`): AUTHENTICATION_ERROR refreshes the token once,
// RATELIMITED and internal errors are retried with backoff. Linear says nothing through this
// query of who may read a team's issues, so documents have no readers (the connection's owner).
import { ProviderHttpError, type ProviderCallDeps, providerAnswer, providerJson } from '../provider-call.js';
import { capText } from './app-text.js';
import type { AppDocument, AppSourceAdapter } from './app-types.js';
import type { GraphQLAnswer, IssuesPage, LinearIssue } from './linear-types.js';

const PAGE_SIZE = 50;
const ISSUES = `query Issues($first: Int!, $after: String, $filter: IssueFilter, $includeArchived: Boolean) {
  issues(first: $first, after: $after, filter: $filter, includeArchived: $includeArchived, orderBy: updatedAt) {
    nodes { id identifier title description url updatedAt archivedAt trashed creator { name } assignee { name } state { name } team { name } project { name } parent { id } labels { nodes { name } } }
    pageInfo { hasNextPage endCursor }
  }
}`;

/** The delta: issues updated after `since`; `after` and `newest` while a delta is paged. */
type Cursor = { since: string; after: string | null; newest: string | null };

export function checkLinear(body: GraphQLAnswer<unknown>) {
  const code = body.errors?.length ? String(body.errors[0].extensions?.code ?? 'an error').slice(0, 64) : null;
  if (code === null) return;
  if (code === 'AUTHENTICATION_ERROR') throw new ProviderHttpError(401, 'Linear refused the token');
  if (code === 'RATELIMITED' || code === 'INTERNAL_SERVER_ERROR') throw new ProviderHttpError(code === 'RATELIMITED' ? 429 : 503, `Linear failed (${code})`);
  throw new ProviderHttpError(400, `Linear answered ${code}`);
}

export function linearDocument(i: LinearIssue): AppDocument {
  const head = [
    i.state && `State: ${i.state.name}`,
    i.assignee && `Assignee: ${i.assignee.name}`,
    i.project && `Project: ${i.project.name}`,
    i.labels.nodes.length ? `Labels: ${i.labels.nodes.map((l) => l.name).join(', ')}` : null,
  ].filter(Boolean);
  return {
    remoteId: i.id,
    kind: 'ISSUE',
    title: `${i.identifier} ${i.title}`,
    ...capText(i.description ? `${head.join('\n')}\n\n${i.description}` : head.join('\n')),
    url: i.url,
    updatedAt: i.updatedAt,
    authors: i.creator ? [i.creator.name] : [],
    container: i.team?.name ?? null,
    readers: null,
    parentRemoteId: i.parent?.id ?? null,
  };
}

export function linearAdapter(call: ProviderCallDeps, opts: { pageSize?: number } = {}): AppSourceAdapter {
  const first = opts.pageSize ?? PAGE_SIZE;
  const issues = async (variables: Record<string, unknown>) => {
    const body = await providerJson<GraphQLAnswer<IssuesPage>>(
      call,
      '/graphql',
      { method: 'POST', body: { query: ISSUES, variables }, readBodyOf: [400] },
      checkLinear,
    );
    if (!body.data) throw new ProviderHttpError(502, 'Linear answered without data');
    return body.data.issues;
  };

  return {
    async listPage(checkpoint) {
      const page = await issues({ first, after: checkpoint ?? undefined, includeArchived: false });
      const documents = page.nodes.filter((i) => !i.archivedAt && !i.trashed).map(linearDocument);
      return { documents, checkpoint: page.pageInfo.hasNextPage && page.pageInfo.endCursor ? page.pageInfo.endCursor : null };
    },

    async startCursor() {
      // Linear's clock (its Date header, whole seconds: never later than the call), not ours, says
      // when deltas start; a millisecond back, as `gt` leaves out its own instant.
      const res = await providerAnswer(call, '/graphql', 1024 * 1024, { method: 'POST', body: { query: '{ viewer { id } }' } });
      const since = new Date(new Date(res.headers.get('date') ?? Date.now()).getTime() - 1).toISOString();
      return JSON.stringify({ since, after: null, newest: null } satisfies Cursor);
    },

    async deltaPage(cursor) {
      const c = JSON.parse(cursor) as Cursor;
      const page = await issues({ first, after: c.after ?? undefined, filter: { updatedAt: { gt: c.since } }, includeArchived: true });
      const changes = page.nodes.map((i) =>
        i.archivedAt || i.trashed ? { remoteId: i.id, removed: true, document: null } : { remoteId: i.id, removed: false, document: linearDocument(i) },
      );
      const newest = page.nodes.reduce((at, i) => (Date.parse(i.updatedAt) > Date.parse(at) ? i.updatedAt : at), c.newest ?? c.since);
      if (page.pageInfo.hasNextPage && page.pageInfo.endCursor)
        return { changes, cursor: JSON.stringify({ since: c.since, after: page.pageInfo.endCursor, newest } satisfies Cursor), more: true };
      return { changes, cursor: JSON.stringify({ since: newest, after: null, newest: null } satisfies Cursor), more: false };
    },
  };
}
