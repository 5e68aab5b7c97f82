// /search/{thread_url_slug}: the thread from the server, merged with the answers streaming
// right now, read from the query cache (the first one the ask box started, follow-ups, rewrites). A pending entry
// loaded from the server with no live stream here (a reload mid-answer) resumes its events.
import { useQueryClient } from '@tanstack/react-query';
import { FileText, SearchX } from '../../ui/icons';
import { useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { Link, useNavigate, useParams } from 'react-router';
import { useGetThread } from '../../../../generated/react-query/threads/threads';
import type { Thread, ThreadEntry } from '../../../../generated/react-query/model';
import { ApiError } from '../../platform/api-fetch';
import { PageMessage } from '../../ui/page-message';
import { useSession } from '../../platform/session';
import { PRIVACY_LABEL } from '../sharing/access-options';
import { RequestAccess } from '../sharing/request-access';
import { ShareMenu } from '../sharing/share-menu';
import { useKeepThread } from '../sharing/use-keep-thread';
import { useLossAversion } from '../sharing/use-loss-aversion';
import { AddToSpaceButton, SpaceChip } from '../spaces/thread-space-actions';
import { ThreadActionsMenu } from '../threads/thread-actions-menu';
import { EntryView, type ViewEntry } from './entry-view';
import { FollowUpBox, type FollowUpChoices } from './follow-up-box';
import { renamedTitle } from './thread-heading';
import { newKey, resumeEntry, startAsk, stopLive, useLiveEntries, type LiveEntry } from '../ask/live-answers';
import { UpsellSlot } from '../upsells/upsell-slot';

const fromServer = (e: ThreadEntry): ViewEntry => ({ ...e, key: e.backend_uuid, sources: e.sources, error: e.error ?? null, research: e.research_report });
const fromLive = (l: LiveEntry, server?: ThreadEntry): ViewEntry => ({
  key: l.key,
  backend_uuid: l.backend_uuid,
  query_str: l.query_str,
  status: l.status,
  // Until a resumed stream has replayed its first text, show what the server had.
  answer: l.answer || server?.answer || '',
  sources: l.sources.length ? l.sources : (server?.sources ?? []),
  related_questions: l.related_questions,
  error: l.error,
  model: l.model ?? server?.model,
  search_filters: l.search_filters ?? server?.search_filters,
  progress: l.progress,
  research: l.research ?? server?.research_report,
  error_code: l.error_code,
  answer_depth: l.answer_depth,
  pro_search_limit: l.pro_search_limit,
  pro_search_queries: l.pro_search_queries,
  pro_search_steps: l.pro_search_steps ?? server?.pro_search_steps,
});

export function mergeEntries(slug: string, thread: Thread | undefined, live: Record<string, LiveEntry>) {
  const liveList = Object.values(live);
  const byBackend = new Map(liveList.filter((l) => l.backend_uuid).map((l) => [l.backend_uuid!, l]));
  const serverEntries = thread?.entries ?? [];
  const known = new Set(serverEntries.map((e) => e.backend_uuid));
  const contextUuid = thread?.context_uuid ?? liveList.find((l) => l.thread_url_slug === slug)?.context_uuid;
  const merged = serverEntries.map((se) => {
    const l = byBackend.get(se.backend_uuid);
    // The live key stays the React key once the server has the entry, so nothing remounts.
    return l && (se.status === 'pending' || l.status === 'pending') ? fromLive(l, se) : { ...fromServer(se), key: l?.key ?? se.backend_uuid };
  });
  const extra = liveList
    .filter((l) => (l.thread_url_slug === slug || (contextUuid && l.context_uuid === contextUuid)) && !(l.backend_uuid && known.has(l.backend_uuid)))
    .sort((a, b) => a.started - b.started)
    .map((l) => fromLive(l));
  return { entries: [...merged, ...extra], contextUuid };
}

export default function ThreadPage() {
  const { slug = '' } = useParams();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const query = useGetThread(slug, { query: { select: (r) => r.data as Thread } });
  const live = useLiveEntries();
  const thread = query.data;
  const { entries, contextUuid } = mergeEntries(slug, thread, live);
  const { user } = useSession();
  useKeepThread(thread);
  // Once the thread is deleted there is no answer left to lose.
  const [deleted, setDeleted] = useState(false);
  useLossAversion({ anonymous: !user, hasAnswer: !deleted && entries.some((e) => e.status === 'completed') });
  const leaveDeleted = () => {
    flushSync(() => setDeleted(true));
    navigate('/library');
  };

  // Resume pending entries that nothing here is streaming.
  useEffect(() => {
    if (!thread) return;
    for (const e of thread.entries) {
      if (e.status === 'pending' && !Object.values(live).some((l) => l.backend_uuid === e.backend_uuid)) {
        resumeEntry(queryClient, { backend_uuid: e.backend_uuid, query_str: e.query_str, context_uuid: thread.context_uuid });
      }
    }
  }, [thread, live, queryClient]);

  useEffect(() => {
    if (thread?.title) document.title = thread.title;
  }, [thread?.title]);

  // Bring a newly asked follow-up into view.
  const count = entries.length;
  const lastRef = useRef<HTMLDivElement>(null);
  const seen = useRef(count);
  useEffect(() => {
    if (count > seen.current) lastRef.current?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
    seen.current = count;
  }, [count]);

  const error = query.error as unknown;
  if (entries.length === 0) {
    if (error instanceof ApiError && error.status === 403)
      return (
        <div className="mx-auto flex min-h-[60dvh] w-full max-w-md items-center justify-center px-4">
          <RequestAccess slug={slug} />
        </div>
      );
    if (error instanceof ApiError && error.status === 404)
      return (
        <PageMessage
          icon={<SearchX className="size-5" />}
          title="Thread not found"
          text="There is no thread at this address. It may have been deleted or may have expired."
        />
      );
    if (error)
      return (
        <PageMessage
          icon={<SearchX className="size-5" />}
          title="Could not load this thread"
          text="Something went wrong while loading it. Try again in a moment."
        />
      );
    return (
      <div className="mx-auto w-full max-w-3xl px-4 py-10" role="status" aria-label="Loading thread">
        <div className="h-8 w-2/3 animate-pulse rounded-lg bg-neutral-100 dark:bg-neutral-900" />
      </div>
    );
  }

  const ask = (question: string, choices: FollowUpChoices = {}) => {
    if (!contextUuid) return;
    startAsk(queryClient, newKey(), { ...choices, query_str: question, context_uuid: contextUuid });
  };
  // Rewrite asks the entry's question again, with its search filters (their fields are AskRequest's);
  // the server refuses one that would add the same answer.
  const rewriteEntry = (entry: ViewEntry) => {
    if (!contextUuid) return;
    startAsk(queryClient, newKey(), {
      ...entry.search_filters,
      query_str: entry.query_str,
      context_uuid: contextUuid,
      ...(entry.backend_uuid ? { rewrite_of: entry.backend_uuid } : {}),
    });
  };
  const busy = entries.some((e) => e.status === 'pending');
  // An upsell's rewrite (seed 002 §4): the running answer is stopped first, then the last question is asked again.
  const rewrite = async (model: string | null) => {
    const last = entries.at(-1);
    if (!last || !contextUuid) return;
    if (last.status === 'pending' && live[last.key])
      await stopLive(queryClient, last.key).catch((err) => console.error('the running entry could not be stopped', err));
    startAsk(queryClient, newKey(), {
      query_str: last.query_str,
      context_uuid: contextUuid,
      ...(model ? { model_preference: model } : {}),
      source: 'rewrite-upsell',
    });
  };
  // Readers the owner let in read; only the owner asks in the thread.
  const canAsk = !!contextUuid && (!thread || thread.is_owner);

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col px-4 pt-4 pb-4 sm:pt-6">
      {thread && (
        <div className="mb-4 flex min-h-9 items-center justify-end gap-2 sm:mb-6">
          {thread.collection_info && (
            <span className="mr-auto min-w-0">
              <SpaceChip info={thread.collection_info} />
            </span>
          )}
          <span className="text-xs text-neutral-500 dark:text-neutral-400">
            {thread.is_owner ? PRIVACY_LABEL[thread.privacy_state] : `Shared by ${thread.author.username ?? 'its owner'}`}
          </span>
          <Link to={`/page/${thread.thread_url_slug}`} className="btn-ghost !py-1.5 text-sm">
            <FileText className="size-4" /> <span className="hidden sm:inline">Open as page</span>
          </Link>
          {thread.is_owner && <AddToSpaceButton entryUuid={thread.context_uuid} current={thread.collection_info} />}
          {thread.is_owner && <ShareMenu thread={thread} />}
          {thread.is_owner && <ThreadActionsMenu thread={thread} onDeleted={leaveDeleted} />}
        </div>
      )}
      {contextUuid && <UpsellSlot location="in_thread" threadId={contextUuid} className="mb-6" />}
      <div className="flex flex-col gap-10">
        {entries.map((entry, i) => (
          <div key={entry.key} ref={i === entries.length - 1 ? lastRef : undefined} className="scroll-mt-6">
            <EntryView
              entry={entry}
              first={i === 0}
              renamed={i === 0 ? renamedTitle(thread?.title, entry.query_str) : null}
              onAsk={canAsk ? ask : undefined}
              onRewrite={canAsk ? () => rewriteEntry(entry) : undefined}
              onStop={live[entry.key] ? () => void stopLive(queryClient, entry.key) : undefined}
              isOwner={!!thread?.is_owner}
              threadToken={contextUuid}
            />
          </div>
        ))}
      </div>
      {canAsk && <UpsellSlot location="in_thread_bottom" threadId={contextUuid} onRewrite={(m) => void rewrite(m)} className="mt-8" />}
      {(canAsk || !contextUuid) && (
        <div className="sticky bottom-16 mt-8 md:bottom-0 bg-gradient-to-t from-white from-60% pt-6 pb-4 dark:from-neutral-950">
          {canAsk && <UpsellSlot location="in_thread_input" threadId={contextUuid} onRewrite={(m) => void rewrite(m)} className="mb-2" />}
          <FollowUpBox onAsk={ask} disabled={busy || !contextUuid} />
        </div>
      )}
    </div>
  );
}
