// Optimistic changes to a repository's cached lists (seed 001 §4): uploads add PROCESSING rows,
// deletes take rows out; on error the snapshot comes back; on settle the repository refetches.
// Shape-agnostic: it edits every cached value under the repository's key that has `files`.
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { RepositoryFile } from '../../../../generated/react-query/model';
import { repositoryKey, type RepositoryRef } from './file-keys';

export type CacheSnapshot = [QueryKey, unknown][];

type WithFiles = { files: RepositoryFile[] };
const hasFiles = (v: unknown): v is WithFiles => typeof v === 'object' && v !== null && Array.isArray((v as WithFiles).files);

function edit(qc: QueryClient, repo: RepositoryRef, change: (files: RepositoryFile[], key: QueryKey) => RepositoryFile[]): CacheSnapshot {
  const snapshot = qc.getQueriesData({ queryKey: repositoryKey(repo) });
  for (const [key, data] of snapshot) if (hasFiles(data)) qc.setQueryData(key, { ...data, files: change(data.files, key) });
  return snapshot;
}

/** Adds PROCESSING rows (marked isOptimistic) to the lists that show processing files. */
export function addOptimisticFiles(qc: QueryClient, repo: RepositoryRef, files: RepositoryFile[]): CacheSnapshot {
  const rows = files.map((f) => ({ ...f, file_state: 'PROCESSING' as const, isOptimistic: true }));
  return edit(qc, repo, (current, key) => {
    if (!showsState(key, 'PROCESSING')) return current;
    const ids = new Set(rows.map((r) => r.file_uuid));
    return [...rows, ...current.filter((f) => !ids.has(f.file_uuid))];
  });
}

export function removeFilesOptimistically(qc: QueryClient, repo: RepositoryRef, fileUuids: string[]): CacheSnapshot {
  const gone = new Set(fileUuids);
  return edit(qc, repo, (current) => current.filter((f) => !gone.has(f.file_uuid)));
}

export function restoreSnapshot(qc: QueryClient, snapshot: CacheSnapshot) {
  for (const [key, data] of snapshot) qc.setQueryData(key, data);
}

export const refreshRepository = (qc: QueryClient, repo: RepositoryRef) => qc.invalidateQueries({ queryKey: repositoryKey(repo) });

/** A list whose key names file states shows only those; one that names none shows all. */
function showsState(key: QueryKey, state: RepositoryFile['file_state']) {
  const params = key.find((part) => typeof part === 'object' && part !== null && 'states' in part) as { states?: string[] } | undefined;
  return !params?.states?.length || params.states.includes(state);
}
