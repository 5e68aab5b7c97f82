// Memory search history (seed 000's "memory search history" and its intro): one search over what
// answers can draw on about the person, their memories and their earlier conversations, as the
// seed's memory search items (name, snippet, timestamp; a memory or conversation history). A
// memory opens its detail; a conversation opens its thread. The intro says what is searched,
// once (kept on this device), then opens the search.
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { useListThreads } from '../../../../generated/react-query/threads/threads';
import type { ThreadList } from '../../../../generated/react-query/model';
import { useModals } from '../../platform/modals/context';
import type { ModalProps } from '../../platform/modals/types';
import { useSession } from '../../platform/session';
import { getSettings, updateSettings } from '../../platform/settings/store';
import { ModalTitle } from '../../ui/modal-parts';
import { SignInFirst } from '../account/sign-in-first';
import { formatMemoryDate, useMemoryList } from './use-memories';

const INTRO_SEEN = 'memory-search-intro';

export type HistoryItem = { key: string; name: string; snippet: string; timestamp: string; type: 'memory' | 'conversation_history'; target: string };

/** Memories and conversations as one list of memory search items, newest first. */
export function historyItems(
  memories: { memory_key: string; content: string; created_at: string }[],
  threads: { context_uuid: string; thread_url_slug: string; title: string; snippet: string; updated_datetime: string }[],
): HistoryItem[] {
  return [
    ...memories.map((m) => ({
      key: `m-${m.memory_key}`,
      name: m.content,
      snippet: '',
      timestamp: m.created_at,
      type: 'memory' as const,
      target: m.memory_key,
    })),
    ...threads.map((t) => ({
      key: `t-${t.context_uuid}`,
      name: t.title,
      snippet: t.snippet,
      timestamp: t.updated_datetime,
      type: 'conversation_history' as const,
      target: `/search/${t.thread_url_slug}`,
    })),
  ].sort((a, b) => b.timestamp.localeCompare(a.timestamp));
}

/** Opens the search, or its intro the first time on this device. */
export function useOpenMemorySearch() {
  const { open } = useModals();
  return () => (getSettings().dismissedBanners.includes(INTRO_SEEN) ? open('memorySearchHistory') : open('memorySearchHistoryIntro'));
}

export function MemorySearchHistoryIntroModal({ close }: ModalProps) {
  const { open } = useModals();
  return (
    <div className="space-y-4">
      <ModalTitle>Search history</ModalTitle>
      <p className="text-sm text-neutral-600 dark:text-neutral-400">
        Answers can draw on what you told them to remember and on your earlier conversations. Search both here, see when each was kept, and open a memory to
        correct or delete it.
      </p>
      <p className="text-sm text-neutral-600 dark:text-neutral-400">Only you see this. Incognito threads are not kept, so they are not searched.</p>
      <div className="flex justify-end">
        <button
          type="button"
          className="btn-primary"
          onClick={() => {
            updateSettings((s) => ({ dismissedBanners: [...new Set([...s.dismissedBanners, INTRO_SEEN])] }));
            close();
            open('memorySearchHistory');
          }}
        >
          Search my history
        </button>
      </div>
    </div>
  );
}

export function MemorySearchHistoryModal({ close }: ModalProps) {
  const { user } = useSession();
  return (
    <div className="space-y-4">
      <ModalTitle>Search history</ModalTitle>
      {user ? <HistorySearch close={close} /> : <SignInFirst what="search your history" close={close} />}
    </div>
  );
}

function HistorySearch({ close }: { close: () => void }) {
  const { open } = useModals();
  const [text, setText] = useState('');
  const q = text.trim();
  const memories = useMemoryList(q, 1);
  const threads = useListThreads(
    { ...(q ? { q } : {}), limit: 20, offset: 0 },
    { query: { select: (r) => r.data as ThreadList, placeholderData: keepPreviousData } },
  );
  const items = historyItems(memories.data?.memories ?? [], threads.data?.items ?? []);
  const loaded = memories.isSuccess && threads.isSuccess;
  return (
    <>
      <input
        type="search"
        aria-label="Search memories and conversations"
        placeholder="Search memories and conversations"
        value={text}
        onChange={(e) => setText(e.target.value)}
        maxLength={200}
        className="field w-full"
      />
      {loaded && items.length === 0 && <p className="text-sm text-neutral-500">{q ? 'Nothing matches.' : 'Nothing kept yet.'}</p>}
      <ul aria-label="History" className="-mx-2 flex max-h-[50dvh] flex-col overflow-y-auto">
        {items.map((item) => (
          <li key={item.key} className="rounded-xl px-2 py-2 hover:bg-neutral-50 dark:hover:bg-neutral-800">
            {item.type === 'memory' ? (
              <button type="button" className="block w-full text-left" onClick={() => open('memoryDetail', { memoryKey: item.target })}>
                <ItemText item={item} />
              </button>
            ) : (
              <Link to={item.target} onClick={close} className="block">
                <ItemText item={item} />
              </Link>
            )}
          </li>
        ))}
      </ul>
    </>
  );
}

function ItemText({ item }: { item: HistoryItem }) {
  return (
    <>
      <span className="block text-sm font-medium">{item.name}</span>
      {item.snippet && <span className="line-clamp-2 block text-sm text-neutral-600 dark:text-neutral-400">{item.snippet}</span>}
      <span className="block text-xs text-neutral-500">{`${item.type === 'memory' ? 'Memory' : 'Conversation'} · ${formatMemoryDate(item.timestamp)}`}</span>
    </>
  );
}
