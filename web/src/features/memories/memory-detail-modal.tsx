// One memory (seed 003 §2 memory detail): what it says and when, edit by hand, helpful /
// not-helpful feedback, and delete after a confirmation.
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useEditMemory, useGetMemory } from '../../../../generated/react-query/memories/memories';
import { ApiError } from '../../platform/api-fetch';
import { useModals } from '../../platform/modals/context';
import type { ModalProps } from '../../platform/modals/types';
import { ModalTitle } from '../../ui/modal-parts';
import type { MemoryKeyArgs } from './memory-args';
import { MemoryFeedback } from './memory-feedback';
import { formatMemoryDate } from './use-memories';
import { MEMORY_CALL } from './use-memories';

export default function MemoryDetailModal({ args }: ModalProps<MemoryKeyArgs>) {
  const modals = useModals();
  const client = useQueryClient();
  const memory = useGetMemory(
    { memory_key: args.memoryKey },
    { request: MEMORY_CALL, query: { select: (r) => (r.status === 200 ? r.data.memories[0] : undefined) } },
  );
  const [draft, setDraft] = useState<string | null>(null);
  const edit = useEditMemory({
    request: MEMORY_CALL,
    mutation: {
      onSuccess: () => {
        setDraft(null);
        return client.invalidateQueries({ predicate: (q) => typeof q.queryKey[0] === 'string' && q.queryKey[0].startsWith('/rest/memories') });
      },
    },
  });
  const m = memory.data;
  return (
    <div className="flex flex-col gap-4">
      <ModalTitle>Memory</ModalTitle>
      {memory.isSuccess && !m && <p className="text-sm text-neutral-500">This memory no longer exists.</p>}
      {m && (
        <>
          {draft === null ? (
            <p className="text-base">{m.content}</p>
          ) : (
            <form
              className="flex flex-col gap-2"
              onSubmit={(e) => {
                e.preventDefault();
                edit.mutate({ params: { memory_key: m.memory_key }, data: { content: draft } });
              }}
            >
              <textarea
                aria-label="Memory"
                value={draft}
                onChange={(e) => setDraft(e.target.value)}
                rows={3}
                className="rounded-lg border px-2 py-1 dark:bg-neutral-900"
              />
              {edit.error && (
                <p role="alert" className="text-sm text-red-600">
                  {edit.error instanceof ApiError ? edit.error.problem.detail : 'Could not save it. Try again.'}
                </p>
              )}
              <div className="flex gap-2">
                <button type="submit" disabled={!draft.trim()} className="rounded-lg border px-3 py-1 text-sm disabled:opacity-40">
                  Save
                </button>
                <button type="button" className="text-sm" onClick={() => setDraft(null)}>
                  Cancel
                </button>
              </div>
            </form>
          )}
          <p className="text-xs text-neutral-500">
            {m.origin === 'manual' ? 'Added by you' : 'From a question you asked'} · {formatMemoryDate(m.created_at)}
          </p>
          <MemoryFeedback memoryKey={m.memory_key} />
          <div className="flex gap-3">
            {draft === null && (
              <button type="button" className="text-sm underline" onClick={() => setDraft(m.content)}>
                Edit
              </button>
            )}
            <button type="button" className="text-sm text-red-600" onClick={() => modals.open('deleteMemory', { memoryKey: m.memory_key })}>
              Delete
            </button>
          </div>
        </>
      )}
    </div>
  );
}
