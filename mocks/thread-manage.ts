// Renaming and deleting threads in the mocks, on the server's own rules (decideRename,
// decideDelete in services/threads/manage-decide.ts): PUT /rest/thread/{key} with a title (a
// body without one is the expiry handler's), and DELETE.
import { http, HttpResponse, type RequestHandler } from 'msw';
import type { ThreadUpdate } from '../generated/react-query/model';
import { decideDelete, decideRename } from '../services/threads/pure';
import type { ActorFacts } from './thread-rules';
import type { ThreadState } from '../services/threads/events';
import { problem, ruled } from './problem';
import type { MockThread } from './threads';

type Options = {
  threads: () => MockThread[];
  /** The mock thread seen as the server's ThreadState (mocks/thread-rules.ts). */
  state: (t: MockThread) => ThreadState;
  viewer: () => ActorFacts;
  changed: () => void;
};

export function threadManageHandlers(opts: Options): RequestHandler[] {
  const existing = (key: string) => {
    const t = opts.threads().find((x) => x.thread_url_slug === key || x.context_uuid === key || x.entries.some((e) => e.backend_uuid === key));
    if (!t) throw problem(404, 'thread_not_found', 'No such thread.');
    return t;
  };
  return [
    http.put('*/rest/thread/:key', async ({ params, request }) => {
      const body = (await request.clone().json()) as ThreadUpdate;
      if (body.title === undefined) return undefined;
      const t = existing(String(params.key));
      for (const e of ruled(() => decideRename(opts.state(t), { viewer: opts.viewer(), title: body.title!, now: new Date() }))) t.title = e.data.title;
      opts.changed();
      // The thread as getThread now shows it.
      return fetch(new URL(`/rest/thread/${encodeURIComponent(t.thread_url_slug)}`, request.url), { headers: request.headers });
    }),
    http.delete('*/rest/thread/:key', ({ params }) => {
      const t = existing(String(params.key));
      const events = ruled(() => decideDelete(opts.state(t), { viewer: opts.viewer(), now: new Date() }));
      if (events.some((e) => e.type === 'ThreadDeleted')) {
        const all = opts.threads();
        all.splice(all.indexOf(t), 1);
        opts.changed();
      }
      return new HttpResponse(null, { status: 204 });
    }),
  ];
}
