// Renaming and deleting threads in the mocks, on the server's own title rule (normalizeTitle):
// PUT /rest/thread/{key} with a title (a body without one is the expiry handler's), and DELETE.
import { http, HttpResponse, type RequestHandler } from 'msw';
import type { ThreadUpdate } from '../generated/react-query/model';
import { normalizeTitle } from '../services/threads/manage-decide';
import { DomainError } from '../services/shared/domain-error';
import { problem } from './problem';
import type { MockThread } from './threads';

type Options = { threads: () => MockThread[]; owner: () => string; changed: () => void };

export function threadManageHandlers(opts: Options): RequestHandler[] {
  const find = (key: string) =>
    opts.threads().find((t) => t.thread_url_slug === key || t.context_uuid === key || t.entries.some((e) => e.backend_uuid === key));
  const owned = (key: string, action: string) => {
    const t = find(key);
    if (!t) throw problem(404, 'thread_not_found', 'No such thread.');
    if (t.owner !== opts.owner()) throw problem(403, 'not_thread_owner', `Only the owner of this thread can ${action}.`);
    return t;
  };
  return [
    http.put('*/rest/thread/:key', async ({ params, request }) => {
      const body = (await request.clone().json()) as ThreadUpdate;
      if (body.title === undefined) return undefined;
      const t = owned(String(params.key), 'rename it');
      try {
        t.title = normalizeTitle(body.title);
      } catch (err) {
        if (err instanceof DomainError) throw problem(400, err.code, err.message);
        throw err;
      }
      opts.changed();
      // The thread as getThread now shows it.
      return fetch(new URL(`/rest/thread/${encodeURIComponent(t.thread_url_slug)}`, request.url), { headers: request.headers });
    }),
    http.delete('*/rest/thread/:key', ({ params }) => {
      const t = owned(String(params.key), 'delete it');
      const all = opts.threads();
      all.splice(all.indexOf(t), 1);
      opts.changed();
      return new HttpResponse(null, { status: 204 });
    }),
  ];
}
