// Linear's GraphQL slice the Linear adapter uses, on the Linear OAuth fake (provider.ts): the
// `issues` connection with first/after cursors, an updatedAt `gt` filter and includeArchived, over
// in-memory issues (the query's text is not parsed: its variables drive it). Other queries are
// answered as the viewer's. `errorNext` answers the next issues query with a GraphQL error
// (its HTTP status and extensions.code), as Linear names its errors in the body.
import type { ServerResponse } from 'node:http';
import { readBody } from '../listen.js';
import type { FakeApi } from './provider.js';

export type FakeLinearIssue = {
  id: string;
  identifier: string;
  title: string;
  description: string | null;
  team: string;
  state: string;
  creator: string;
  archived?: boolean;
  trashed?: boolean;
  labels?: string[];
  updatedAt: string;
};

export function createFakeLinear() {
  const issues = new Map<string, FakeLinearIssue>();
  let last = 0;
  const state = { errorNext: [] as { status: number; code: string }[], calls: { issues: 0 } };
  // The fake's clock moves a second per write and never runs behind the real one; its Date header tells it.
  const now = () => Math.max(Math.floor(Date.now() / 1000) * 1000, last + 1000);
  const touch = () => new Date((last = now())).toISOString();

  const linear = {
    state,
    issues,
    issue(i: Omit<FakeLinearIssue, 'updatedAt'>) {
      issues.set(i.id, { ...i, updatedAt: touch() });
    },
    edit(id: string, change: Partial<FakeLinearIssue>) {
      const i = issues.get(id);
      if (!i) throw new Error(`no fake linear issue ${id}`);
      issues.set(id, { ...i, ...change, updatedAt: touch() });
    },
  };

  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json', date: new Date(now()).toUTCString() });
    res.end(JSON.stringify(body));
    return true;
  };
  const view = (i: FakeLinearIssue) => ({
    id: i.id,
    identifier: i.identifier,
    title: i.title,
    description: i.description,
    url: `https://linear.app/acme/issue/${i.identifier}`,
    updatedAt: i.updatedAt,
    archivedAt: i.archived ? i.updatedAt : null,
    trashed: i.trashed ?? null,
    creator: { name: i.creator },
    assignee: null,
    state: { name: i.state },
    team: { name: i.team },
    project: null,
    parent: null,
    labels: { nodes: (i.labels ?? []).map((name) => ({ name })) },
  });

  const api: FakeApi = async (req, res, path) => {
    if (req.method !== 'POST' || path !== '/graphql') return false;
    const body = JSON.parse((await readBody(req)) || '{}') as { query?: string; variables?: Record<string, unknown> };
    if (!body.query?.includes('issues(')) return json(res, 200, { data: { viewer: { id: 'viewer' } } });
    state.calls.issues++;
    const error = state.errorNext.shift();
    if (error) return json(res, error.status, { errors: [{ message: error.code, extensions: { code: error.code } }] });
    const v = body.variables ?? {};
    const gt = (v.filter as { updatedAt?: { gt?: string } } | undefined)?.updatedAt?.gt;
    const all = [...issues.values()]
      .filter((i) => v.includeArchived || (!i.archived && !i.trashed))
      .filter((i) => !gt || Date.parse(i.updatedAt) > Date.parse(gt))
      .sort((a, b) => a.updatedAt.localeCompare(b.updatedAt) || a.id.localeCompare(b.id));
    const from = Number(v.after ?? 0);
    const size = Number(v.first ?? 50);
    const more = from + size < all.length;
    return json(res, 200, {
      data: { issues: { nodes: all.slice(from, from + size).map(view), pageInfo: { hasNextPage: more, endCursor: more ? String(from + size) : null } } },
    });
  };
  return { ...linear, api };
}
