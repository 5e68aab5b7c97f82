// Check sources and the citation list's removal, on the scenario's threads, by the server's rules:
// the check reads the thread as getThread does and scores each cited sentence with the server's
// overlap rule (services/answers/check-sources.ts); removing sources is decideSourcesRemoval
// (services/threads/sharing-decide.ts), which drops the removed markers and renumbers the rest.
import type { RequestHandler } from 'msw';
import { getCheckEntrySourcesMockHandler, getRemoveEntrySourcesMockHandler } from '../generated/msw/threads/threads.msw';
import type { RemoveSourcesRequest, SourcesCheck, ThreadEntry } from '../generated/react-query/model';
import { checkAnswer } from '../services/answers/pure';
import { decideSourcesRemoval, removeCitations } from '../services/threads/pure';
import type { ThreadState } from '../services/threads/events';
import { problem, ruled } from './problem';
import type { ActorFacts } from './thread-rules';
import type { MockThread } from './threads';

/** The answer with the markers of removed sources dropped and the others renumbered (the server's removeCitations). */
export const withoutSources = removeCitations;

type Options = {
  threads: () => MockThread[];
  changed: () => void;
  /** From mocks/threads.ts: the server's read rule (404 / 403 thread_private), the thread as its deciders see it, who asks. */
  readable: (key: string) => MockThread;
  state: (t: MockThread) => ThreadState;
  viewer: () => ActorFacts;
};

export function sourceHandlers(opts: Options): RequestHandler[] {
  const findEntry = (id: string) => {
    for (const t of opts.threads()) for (const e of t.entries) if (e.backend_uuid === id) return { thread: t, entry: e };
    throw problem(404, 'entry_not_found', 'No such answer.');
  };
  return [
    getCheckEntrySourcesMockHandler(({ params }): SourcesCheck => {
      const { thread, entry } = findEntry(String(params.backendUuid));
      // Read access first, so a pending answer's state tells nothing to someone who may not read it.
      opts.readable(thread.context_uuid);
      if (entry.status === 'pending') throw problem(409, 'entry_not_finished', 'This answer is still being written.');
      const { sources_count, checks } = checkAnswer(entry.answer, entry.sources);
      return { backend_uuid: entry.backend_uuid, sources_count, checked_with: 'overlap', checks };
    }),
    getRemoveEntrySourcesMockHandler(async ({ params, request }): Promise<ThreadEntry> => {
      const { thread, entry } = findEntry(String(params.backendUuid));
      const { urls } = (await request.json()) as RemoveSourcesRequest;
      const cmd = { viewer: opts.viewer(), backend_uuid: entry.backend_uuid, urls, now: new Date() };
      for (const e of ruled(() => decideSourcesRemoval(opts.state(thread), cmd))) {
        entry.answer = e.data.answer;
        entry.sources = e.data.sources;
      }
      opts.changed();
      const { plan: _p, sent: _s, stop: _st, research: _r, ...view } = entry;
      return view;
    }),
  ];
}
