// /search/new?streamId=…: the answer an ask box started, read from the query cache by its stream
// id; the address becomes /search/{thread_url_slug} once the thread exists, and the stream
// carries on in the thread page. /search/new?q=…&streamId=… (what /search?q=… is rewritten to)
// asks once, keyed by the stream id. With no answer to show (a reload), it offers the ask box.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useSettings } from '../../platform/settings/store';
import { AskBox } from '../ask/ask-box';
import { EntryView } from './entry-view';
import { startAsk, stopLive, useLiveEntries } from '../ask/live-answers';
import { questionProblem } from '../ask/question-limit';
import { searchModeOf } from '../ask/search-mode';

export default function NewThreadPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const client = useQueryClient();
  const { incognito, preferredSearchMode } = useSettings();
  const q = params.get('q')?.trim() ?? '';
  const streamId = params.get('streamId') ?? '';
  const live = useLiveEntries()[streamId];

  // Only the rewritten /search?q=… asks here; an ask box has already started its answer.
  const askHere = !!q && !!streamId && !questionProblem(q);
  useEffect(() => {
    if (askHere) startAsk(client, streamId, { query_str: q, frontend_context_uuid: streamId, incognito, search_mode: searchModeOf(preferredSearchMode) });
  }, [askHere, q, streamId, incognito, preferredSearchMode, client]);

  const slug = live?.thread_url_slug;
  useEffect(() => {
    if (slug) navigate(`/search/${encodeURIComponent(slug)}`, { replace: true });
  }, [slug, navigate]);

  if (!live && !askHere) {
    const refused = q ? questionProblem(q) : null;
    return (
      <div className="mx-auto flex w-full max-w-2xl flex-col gap-6 px-4 py-12">
        <h1 className="text-2xl font-semibold tracking-tight">New thread</h1>
        {refused && (
          <p role="alert" className="text-sm font-medium text-red-600 dark:text-red-400">
            {refused}
          </p>
        )}
        <AskBox />
      </div>
    );
  }
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col px-4 pt-8 pb-4 sm:pt-12">
      <EntryView
        first
        entry={live ?? { key: streamId, query_str: q, status: 'pending', answer: '', sources: [], related_questions: [] }}
        onStop={live ? () => void stopLive(client, streamId) : undefined}
      />
    </div>
  );
}
