// Check sources and the citation list's removal, on the scenario's threads: the check scores each
// cited sentence with the server's own overlap rule; removing sources drops their markers and
// renumbers the rest, so no marker points nowhere.
import type { RequestHandler } from 'msw';
import { getCheckEntrySourcesMockHandler, getRemoveEntrySourcesMockHandler } from '../generated/msw/threads/threads.msw';
import type { RemoveSourcesRequest, SourcesCheck, ThreadEntry } from '../generated/react-query/model';
import { checkAnswer } from '../services/answers/check-sources';
import { problem } from './problem';
import type { MockThread } from './threads';

/** The answer with the markers of removed sources dropped and the others renumbered. */
export function withoutSources(answer: string, oldCount: number, removed: ReadonlySet<number>) {
  const renumber = new Map<number, number>();
  for (let n = 1, next = 1; n <= oldCount; n++) if (!removed.has(n)) renumber.set(n, next++);
  const DROP = '\u0000';
  const marked = answer.replace(/\[(\d+)\]/g, (_, n: string) => (renumber.has(Number(n)) ? `[${renumber.get(Number(n))}]` : DROP));
  // A dropped marker takes its leading space along, unless a kept marker follows it.
  return marked.replace(/\u0000+(?=\[)/g, '').replace(/\s*\u0000+/g, '');
}

export function sourceHandlers(opts: { threads: () => MockThread[]; owner: () => string; changed: () => void }): RequestHandler[] {
  const findEntry = (id: string) => {
    for (const t of opts.threads()) for (const e of t.entries) if (e.backend_uuid === id) return { thread: t, entry: e };
    return undefined;
  };
  return [
    getCheckEntrySourcesMockHandler(({ params }): SourcesCheck => {
      const found = findEntry(String(params.backendUuid));
      if (!found) throw problem(404, 'entry_not_found', 'No such answer.');
      if (found.thread.owner !== opts.owner() && found.thread.thread_access === 'owner-only') throw problem(403, 'thread_private', 'This answer is private');
      if (found.entry.status === 'pending') throw problem(409, 'entry_not_finished', 'This answer is still being written.');
      const { sources_count, checks } = checkAnswer(found.entry.answer, found.entry.sources);
      return { backend_uuid: found.entry.backend_uuid, sources_count, checked_with: 'overlap', checks };
    }),
    getRemoveEntrySourcesMockHandler(async ({ params, request }): Promise<ThreadEntry> => {
      const found = findEntry(String(params.backendUuid));
      if (!found) throw problem(404, 'entry_not_found', 'No such answer.');
      if (found.thread.owner !== opts.owner()) throw problem(403, 'not_thread_owner', 'Only the owner can remove sources.');
      if (found.entry.status === 'pending') throw problem(409, 'entry_not_finished', 'This answer is still being written.');
      const { urls } = (await request.json()) as RemoveSourcesRequest;
      const { entry } = found;
      const removed = new Set(entry.sources.flatMap((s, i) => (urls.includes(s.url) ? [i + 1] : [])));
      entry.answer = withoutSources(entry.answer, entry.sources.length, removed);
      entry.sources = entry.sources.filter((s) => !urls.includes(s.url));
      opts.changed();
      const { plan: _p, sent: _s, stop: _st, ...view } = entry;
      return view;
    }),
  ];
}
