// /search/new?q=…&streamId=…: asks once (the stream id keys the ask, so React's double effects
// and re-renders never ask twice), shows the answer as it streams, and replaces the address with
// /search/{thread_url_slug} when the thread exists; the stream carries on in the thread page.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useSettings } from '../../app/settings/store';
import { AskBox } from '../home/ask-box';
import { EntryView } from './entry-view';
import { newKey, startAsk, stopLive, useLiveEntries } from './live-answers';

export default function NewThreadPage() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { incognito } = useSettings();
  const q = params.get('q')?.trim() ?? '';
  const streamId = params.get('streamId') ?? '';
  const live = useLiveEntries()[streamId];

  useEffect(() => {
    if (q && !streamId) setParams({ q, streamId: newKey() }, { replace: true });
  }, [q, streamId, setParams]);

  useEffect(() => {
    if (q && streamId) startAsk(streamId, { query_str: q, frontend_context_uuid: streamId, ...(incognito ? { incognito: true } : {}) }, queryClient);
  }, [q, streamId, incognito, queryClient]);

  const slug = live?.thread_url_slug;
  useEffect(() => {
    if (slug) navigate(`/search/${encodeURIComponent(slug)}`, { replace: true });
  }, [slug, navigate]);

  if (!q) {
    return (
      <div className="mx-auto flex w-full max-w-2xl flex-col gap-6 px-4 py-12">
        <h1 className="text-2xl font-semibold tracking-tight">New thread</h1>
        <AskBox />
      </div>
    );
  }
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col px-4 pt-8 pb-4 sm:pt-12">
      <EntryView
        first
        entry={live ? { ...live, error: live.error } : { key: streamId, query_str: q, status: 'pending', answer: '', sources: [], related_questions: [] }}
        onStop={live ? () => void stopLive(streamId) : undefined}
      />
    </div>
  );
}
