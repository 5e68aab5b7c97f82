// Asana (API 1.0): the person's workspaces, their projects, and each project's tasks
// (`GET /tasks?project=`), paged by `next_page.offset`. The delta asks each project for tasks
// modified since just after its newest known time (`modified_since`). A deleted task is not reported this way (Asana tells it through its events
// API). Asana says nothing here of who may read a project, so documents have no readers (the
// connection's owner alone).
import { ProviderHttpError, type ProviderCallDeps, providerAnswer, providerJson } from '../provider-call.js';
import { capText } from './app-text.js';
import type { AppChange, AppDocument, AppSourceAdapter } from './app-types.js';
import type { AsanaPage, AsanaRef, AsanaTask } from './asana-types.js';

const PAGE_SIZE = 100;
const MAX_LIST_PAGES = 100;
const TASK_FIELDS = 'name,notes,permalink_url,modified_at,completed,assignee.name,created_by.name,parent';

type Project = { gid: string; name: string };
/** The walk's place: the projects found (workspaces read first, whole), then each one's task pages. */
type Walk = { projects: Project[] | null; tasks: string | null };
type Cursor = {
  projects: Record<string, Project & { since: string | null }>;
  queue: string[];
  page: { project: string; offset: string; newest: string | null } | null;
};

export function taskDocument(project: Project, t: AsanaTask): AppDocument {
  const head = [`Status: ${t.completed ? 'Completed' : 'Open'}`, ...(t.assignee?.name ? [`Assignee: ${t.assignee.name}`] : [])].join('\n');
  return {
    remoteId: t.gid,
    kind: 'TASK',
    title: t.name || 'Untitled task',
    ...capText(t.notes ? `${head}\n\n${t.notes}` : head),
    url: t.permalink_url ?? null,
    updatedAt: t.modified_at,
    authors: t.created_by?.name ? [t.created_by.name] : [],
    container: project.name,
    readers: null,
    parentRemoteId: t.parent?.gid ?? null,
  };
}

export function asanaAdapter(call: ProviderCallDeps, opts: { pageSize?: number } = {}): AppSourceAdapter {
  const limit = opts.pageSize ?? PAGE_SIZE;
  const get = <T>(path: string, query: Record<string, string | number | undefined>) => providerJson<AsanaPage<T>>(call, path, { query: { limit, ...query } });

  async function all<T>(path: string, query: Record<string, string>) {
    const found: T[] = [];
    let offset: string | undefined;
    for (let pages = 0; pages < MAX_LIST_PAGES; pages++) {
      const page = await get<T>(path, { ...query, offset });
      found.push(...page.data);
      offset = page.next_page?.offset;
      if (!offset) break;
    }
    return found;
  }

  async function allProjects(): Promise<Project[]> {
    const projects: Project[] = [];
    for (const w of await all<AsanaRef>('/workspaces', {}))
      projects.push(
        ...(await all<AsanaRef>('/projects', { workspace: w.gid, archived: 'false', opt_fields: 'name' })).map((p) => ({ gid: p.gid, name: p.name ?? '' })),
      );
    return projects;
  }

  const tasks = (project: string, offset: string | null, since: string | null) =>
    get<AsanaTask>('/tasks', { project, opt_fields: TASK_FIELDS, offset: offset ?? undefined, modified_since: since ?? undefined });

  return {
    // A deleted task is not in `modified_since`.
    deltaMissesRemovals: true,
    async listPage(checkpoint) {
      const walk: Walk = checkpoint ? (JSON.parse(checkpoint) as Walk) : { projects: null, tasks: null };
      if (!walk.projects) {
        const projects = await allProjects();
        return { documents: [], checkpoint: projects.length ? JSON.stringify({ projects, tasks: null } satisfies Walk) : null };
      }
      const [project, ...rest] = walk.projects;
      const page = await tasks(project.gid, walk.tasks, null);
      const next: Walk = page.next_page ? { ...walk, tasks: page.next_page.offset } : { projects: rest, tasks: null };
      return { documents: page.data.map((t) => taskDocument(project, t)), checkpoint: next.projects?.length ? JSON.stringify(next) : null };
    },

    async startCursor() {
      // Asana's clock (its Date header, whole seconds: never later than the call), not ours, says when deltas start.
      const res = await providerAnswer(call, '/users/me', 1024 * 1024);
      const since = new Date(res.headers.get('date') ?? Date.now()).toISOString();
      const projects = Object.fromEntries((await allProjects()).map((p) => [p.gid, { ...p, since }]));
      return JSON.stringify({ projects, queue: [], page: null } satisfies Cursor);
    },

    async deltaPage(cursor) {
      let c = JSON.parse(cursor) as Cursor;
      if (!c.queue.length && !c.page) {
        // A new round: projects the person gained are read whole.
        const projects = Object.fromEntries((await allProjects()).map((p) => [p.gid, c.projects[p.gid] ?? { ...p, since: null }]));
        c = { projects, queue: Object.keys(projects).sort(), page: null };
        if (!c.queue.length) return { changes: [], cursor: JSON.stringify(c), more: false };
      }
      const gid = c.page?.project ?? c.queue[0];
      const project = c.projects[gid];
      let page: AsanaPage<AsanaTask>;
      try {
        page = await tasks(gid, c.page?.offset ?? null, project.since);
      } catch (err) {
        if (!(err instanceof ProviderHttpError) || err.status !== 404) throw err;
        // Gone since the round began: dropped, so the delta does not stop at it for ever.
        const { [gid]: _gone, ...projects } = c.projects;
        const queue = c.queue.filter((q) => q !== gid);
        return { changes: [], cursor: JSON.stringify({ projects, queue, page: null } satisfies Cursor), more: queue.length > 0 };
      }
      const changes: AppChange[] = page.data.map((t) => ({ remoteId: t.gid, removed: false, document: taskDocument(project, t) }));
      const newest = page.data.reduce<string | null>(
        (at, t) => (at && Date.parse(at) >= Date.parse(t.modified_at) ? at : t.modified_at),
        c.page?.newest ?? null,
      );
      // A millisecond past the newest seen: modified_since may include its own instant.
      const since = newest ? new Date(Date.parse(newest) + 1).toISOString() : project.since;
      const after: Cursor = page.next_page
        ? { ...c, page: { project: gid, offset: page.next_page.offset, newest } }
        : { projects: { ...c.projects, [gid]: { ...project, since } }, queue: c.queue.filter((q) => q !== gid), page: null };
      return { changes, cursor: JSON.stringify(after), more: after.queue.length > 0 || after.page !== null };
    },
  };
}
