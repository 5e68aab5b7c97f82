// Asana API's slice the Asana adapter uses, on the Asana OAuth fake (provider.ts): workspaces,
// projects of a workspace, and a project's tasks (modified_since, opt_fields ignored), paged by
// offset as Asana pages, and /users/me with the fake clock's Date header. The clock moves a second
// per write and never runs behind the real one. `rateLimitNext` answers the next N with 429.
import type { ServerResponse } from 'node:http';
import type { FakeApi } from './provider.js';

export type FakeTask = {
  gid: string;
  name: string;
  notes: string;
  project: string;
  completed?: boolean;
  assignee?: string;
  creator?: string;
  modified_at: string;
};

export function createFakeAsana() {
  const workspaces = [{ gid: 'w1', name: 'Acme' }];
  const projects = new Map<string, { gid: string; name: string; workspace: string }>();
  const tasks = new Map<string, FakeTask>();
  let last = 0;
  const state = { rateLimitNext: 0, retryAfterSeconds: 0 };
  const now = () => Math.max(Math.floor(Date.now() / 1000) * 1000, last + 1000);
  const touch = () => new Date((last = now())).toISOString();

  const asana = {
    state,
    projects,
    tasks,
    project(gid: string, name: string) {
      projects.set(gid, { gid, name, workspace: 'w1' });
    },
    task(t: Omit<FakeTask, 'modified_at'>) {
      tasks.set(t.gid, { ...t, modified_at: touch() });
    },
    edit(gid: string, change: Partial<FakeTask>) {
      const t = tasks.get(gid);
      if (!t) throw new Error(`no fake task ${gid}`);
      tasks.set(gid, { ...t, ...change, modified_at: touch() });
    },
  };

  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json', date: new Date(now()).toUTCString() });
    res.end(JSON.stringify(body));
    return true;
  };
  const paged = <T>(res: ServerResponse, all: T[], q: URLSearchParams) => {
    const from = Number(q.get('offset') ?? 0);
    const size = Number(q.get('limit') ?? 100);
    const more = from + size < all.length;
    return json(res, 200, { data: all.slice(from, from + size), next_page: more ? { offset: String(from + size), path: 'x', uri: 'x' } : null });
  };

  const api: FakeApi = (_req, res, path, url, account) => {
    if (state.rateLimitNext > 0) {
      state.rateLimitNext--;
      res.writeHead(429, { 'content-type': 'application/json', 'retry-after': String(state.retryAfterSeconds) });
      res.end(JSON.stringify({ errors: [{ message: 'Too many requests' }] }));
      return true;
    }
    const q = url.searchParams;
    switch (path) {
      case '/users/me':
        return json(res, 200, { data: { gid: account.id, email: account.email, name: account.name } });
      case '/workspaces':
        return paged(res, workspaces, q);
      case '/projects':
        return paged(
          res,
          [...projects.values()].filter((p) => p.workspace === q.get('workspace')).map((p) => ({ gid: p.gid, name: p.name })),
          q,
        );
      case '/tasks': {
        if (!projects.has(q.get('project') ?? '')) return json(res, 404, { errors: [{ message: 'project: Unknown object' }] });
        const since = q.get('modified_since');
        const all = [...tasks.values()]
          .filter((t) => t.project === q.get('project') && (!since || Date.parse(t.modified_at) >= Date.parse(since)))
          .sort((a, b) => a.gid.localeCompare(b.gid))
          .map((t) => ({
            gid: t.gid,
            name: t.name,
            notes: t.notes,
            permalink_url: `https://app.asana.com/0/${t.project}/${t.gid}`,
            modified_at: t.modified_at,
            completed: !!t.completed,
            assignee: t.assignee ? { name: t.assignee } : null,
            created_by: t.creator ? { name: t.creator } : null,
            parent: null,
          }));
        return paged(res, all, q);
      }
    }
    return false;
  };
  return { ...asana, api };
}
