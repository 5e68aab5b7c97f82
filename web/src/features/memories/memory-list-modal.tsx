// The memory list modal (seed 003 §2): what the product remembers, newest first, 20 at a time,
// searchable; each opens its detail or is deleted after a confirmation; 'Delete all' asks first.
// A person can add one by hand.
import { Trash2 } from '../../ui/icons';
import { useState } from 'react';
import { useAddMemory } from '../../../../generated/react-query/memories/memories';
import { ApiError } from '../../platform/api-fetch';
import { useModals } from '../../platform/modals/context';
import type { ModalProps } from '../../platform/modals/types';
import { ModalTitle } from '../../ui/modal-parts';
import { formatMemoryDate, useMemoryList } from './use-memories';
import { useQueryClient } from '@tanstack/react-query';
import { MEMORY_CALL } from './use-memories';
import { useOpenMemorySearch } from './memory-search-history-modal';

export default function MemoryListModal(_: ModalProps) {
  const modals = useModals();
  const openSearch = useOpenMemorySearch();
  const [query, setQuery] = useState('');
  const [pages, setPages] = useState(1);
  const list = useMemoryList(query.trim(), pages);
  const memories = list.data?.memories ?? [];
  const total = list.data?.total_memory_count ?? 0;
  return (
    <div className="flex flex-col gap-4">
      <ModalTitle>Memories</ModalTitle>
      <p className="text-sm text-neutral-500">What answers remember about you. Answers use them when memories are on in Personalize.</p>
      <button type="button" className="self-start text-sm underline" onClick={openSearch}>
        Search memories and conversations
      </button>
      <AddMemory />
      <input
        type="search"
        aria-label="Search memories"
        placeholder="Search memories"
        value={query}
        onChange={(e) => {
          setQuery(e.target.value);
          setPages(1);
        }}
        className="rounded-lg border px-3 py-1.5 text-sm dark:bg-neutral-900"
      />
      {list.isSuccess && memories.length === 0 && <p className="text-sm text-neutral-500">{query ? 'No memories match.' : 'Nothing remembered yet.'}</p>}
      <ul aria-label="Memories" className="-mx-2 flex max-h-[50dvh] flex-col overflow-y-auto">
        {memories.map((m) => (
          <li key={m.memory_key} className="flex items-start gap-2 rounded-xl px-2 py-2 hover:bg-neutral-50 dark:hover:bg-neutral-800">
            <button type="button" className="flex-1 text-left" onClick={() => modals.open('memoryDetail', { memoryKey: m.memory_key })}>
              <span className="block text-sm">{m.content}</span>
              <span className="block text-xs text-neutral-500">{formatMemoryDate(m.created_at)}</span>
            </button>
            <button
              type="button"
              aria-label={`Delete memory: ${m.content}`}
              className="rounded-lg p-1.5 text-neutral-500 hover:bg-neutral-100 dark:hover:bg-neutral-700"
              onClick={() => modals.open('deleteMemory', { memoryKey: m.memory_key })}
            >
              <Trash2 className="size-4" />
            </button>
          </li>
        ))}
      </ul>
      <div className="flex items-center justify-between">
        {memories.length < total ? (
          <button type="button" className="text-sm underline" onClick={() => setPages((p) => p + 1)}>
            Show more
          </button>
        ) : (
          <span />
        )}
        {total > 0 && (
          <button type="button" className="text-sm text-red-600" onClick={() => modals.open('deleteAllMemories')}>
            Delete all
          </button>
        )}
      </div>
    </div>
  );
}

function AddMemory() {
  const client = useQueryClient();
  const [content, setContent] = useState('');
  const add = useAddMemory({
    request: MEMORY_CALL,
    mutation: {
      onSuccess: () => {
        setContent('');
        return client.invalidateQueries({ predicate: (q) => q.queryKey[0] === '/rest/memories/list' });
      },
    },
  });
  const error = add.error instanceof ApiError ? add.error.problem.detail : add.error ? 'Could not add it. Try again.' : null;
  return (
    <form
      className="flex flex-col gap-1"
      onSubmit={(e) => {
        e.preventDefault();
        if (content.trim()) add.mutate({ data: { content } });
      }}
    >
      <div className="flex gap-2">
        <input
          aria-label="Something to remember"
          placeholder="Something to remember, e.g. I am vegetarian"
          value={content}
          onChange={(e) => setContent(e.target.value)}
          className="flex-1 rounded-lg border px-3 py-1.5 text-sm dark:bg-neutral-900"
        />
        <button type="submit" disabled={!content.trim() || add.isPending} className="rounded-lg border px-3 text-sm disabled:opacity-40">
          Add
        </button>
      </div>
      {error && (
        <p role="alert" className="text-sm text-red-600">
          {error}
        </p>
      )}
    </form>
  );
}
