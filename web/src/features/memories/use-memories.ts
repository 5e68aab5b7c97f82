// The memory list's queries and its optimistic deletes (seed 003 §4 Memory deletion): one
// memory leaves the list at once, comes back if the server refuses, then the list is refetched;
// delete-all empties it at once. Memory calls swallow their errors into an empty list (§8).
import { useQueryClient } from '@tanstack/react-query';
import { useDeleteAllMemories, useDeleteMemory, useListMemories } from '../../../../generated/react-query/memories/memories';
import type { MemoryList } from '../../../../generated/react-query/model';
import { MEDIUM_TIMEOUT_MS } from '../../platform/api-fetch';
import { toast, TOAST_DURATION } from '../../platform/toasts';

/** Memory calls end after the seeds' medium timeout (seed 003 §9). */
export const MEMORY_CALL = { timeoutMs: MEDIUM_TIMEOUT_MS };

export const MEMORIES_PAGE = 20;
const isMemoryList = (key: readonly unknown[]) => key[0] === '/rest/memories/list';
const EMPTY: MemoryList = { memories: [], total_memory_count: 0 };

export function useMemoryList(query: string, pages: number) {
  return useListMemories(
    { limit: MEMORIES_PAGE * pages, offset: 0, ...(query ? { query } : {}) },
    { request: MEMORY_CALL, query: { select: (r) => (r.status === 200 ? r.data : EMPTY), placeholderData: (prev) => prev } },
  );
}

type Snapshot = [readonly unknown[], unknown][];

export function useOptimisticMemoryDeletes() {
  const client = useQueryClient();
  const snapshot = async (): Promise<Snapshot> => {
    await client.cancelQueries({ predicate: (q) => isMemoryList(q.queryKey) });
    return client.getQueriesData({ predicate: (q) => isMemoryList(q.queryKey) });
  };
  const rewrite = (change: (l: MemoryList) => MemoryList) =>
    client.setQueriesData<{ data: MemoryList; status: number }>({ predicate: (q) => isMemoryList(q.queryKey) }, (old) =>
      old && old.status === 200 ? { ...old, data: change(old.data) } : old,
    );
  const rollback = (s: Snapshot | undefined) => {
    for (const [key, data] of s ?? []) client.setQueryData(key, data);
    toast.error('Could not delete. Try again.', { duration: TOAST_DURATION.normal });
  };
  const refetch = () => client.invalidateQueries({ predicate: (q) => typeof q.queryKey[0] === 'string' && q.queryKey[0].startsWith('/rest/memories') });

  const deleteOne = useDeleteMemory({
    request: MEMORY_CALL,
    mutation: {
      onMutate: async ({ params }) => {
        const s = await snapshot();
        rewrite((l) => {
          const memories = l.memories.filter((m) => m.memory_key !== params.memory_key);
          return { memories, total_memory_count: l.total_memory_count - (l.memories.length - memories.length) };
        });
        return s;
      },
      onError: (_e, _v, s) => rollback(s),
      onSettled: refetch,
    },
  });
  const deleteAll = useDeleteAllMemories({
    request: MEMORY_CALL,
    mutation: {
      onMutate: async () => {
        const s = await snapshot();
        rewrite(() => EMPTY);
        return s;
      },
      onError: (_e, _v, s) => rollback(s),
      onSettled: refetch,
    },
  });
  return { deleteOne, deleteAll };
}

export const formatMemoryDate = (iso: string) => new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
