// Reading file repositories (seed 001 §4, §9). The list calls are POSTs, so orval made them
// mutations; here their plain functions run inside useQuery under file-keys.ts, whose list keys
// name the file states each list shows (file-cache.ts puts optimistic PROCESSING rows there).
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import {
  getFileRepositorySummary,
  getRepositoryFile,
  listCollectionFiles,
  listFiles,
  listRepositoryFiles,
} from '../../../../generated/react-query/files/files';
import type {
  FileListPage,
  FileOffsetListPage,
  FileRepositoryInfo,
  FileRepositorySummary,
  FileState,
  FileView,
  RepositoryFile,
  SpaceFileList,
} from '../../../../generated/react-query/model';
import type { ApiError } from '../../platform/api-fetch';
import { refreshRepository } from './file-cache';
import { fileListKey, fileSummaryKey, fileViewKey, spaceFilesKey, type RepositoryRef } from './file-keys';

/** Seed 001 §9: polling while files sync, list staleness and cache time, summary polling and freshness. */
export const FILE_LIST_POLL_MS = 5_000;
export const FILE_LIST_STALE_MS = 5 * 60_000;
export const FILE_LIST_GC_MS = 10 * 60_000;
export const SUMMARY_POLL_PENDING_MS = 5_000;
export const SUMMARY_POLL_IDLE_MS = 60_000;
export const SUMMARY_STALE_MS = 30_000;
/** Seed 001 §9: "Processing and failed files are fetched up to 100." */
export const SIDE_LIST_LIMIT = 100;
/** Completed files a page of the directory shows. */
export const COMPLETED_PAGE_SIZE = 50;
/** A page of the cursor list; the repository default is 100 (seed 001 §9). */
export const CURSOR_PAGE_SIZE = 100;

export const repositoryInfo = (repo: RepositoryRef): FileRepositoryInfo => ({
  file_repository_type: repo.file_repository_type,
  owner_id: repo.owner_id ?? null,
});

type Listed = { files: RepositoryFile[] };
/** Our equivalent of the seeds' SYNCING or QUEUED: a file still indexing (an optimistic row too). */
export const isIndexing = (data: Listed | undefined) => !!data?.files.some((f) => f.file_state === 'PROCESSING');
const pollWhileIndexing = (query: { state: { data?: Listed } }) => (isIndexing(query.state.data) ? FILE_LIST_POLL_MS : false);

const cacheTimes = { staleTime: FILE_LIST_STALE_MS, gcTime: FILE_LIST_GC_MS };

export function useFileSummary(repo: RepositoryRef, { enabled = true } = {}) {
  return useQuery<FileRepositorySummary, ApiError>({
    queryKey: fileSummaryKey(repo),
    queryFn: async ({ signal }) => (await getFileRepositorySummary({ file_repository_info: repositoryInfo(repo) }, { signal })).data as FileRepositorySummary,
    refetchInterval: (q) => ((q.state.data?.pending_files ?? 0) > 0 ? SUMMARY_POLL_PENDING_MS : SUMMARY_POLL_IDLE_MS),
    staleTime: SUMMARY_STALE_MS,
    enabled,
  });
}

type OffsetParams = { states: FileState[]; search: string; page?: number; email?: string };

function offsetListOptions(repo: RepositoryRef, params: OffsetParams, limit: number) {
  return {
    queryKey: fileListKey(repo, { form: 'offset', ...params }),
    queryFn: async ({ signal }: { signal: AbortSignal }) =>
      (
        await listFiles(
          {
            file_repository_info: repositoryInfo(repo),
            limit,
            offset: (params.page ?? 0) * limit,
            file_states_in_filter: params.states,
            ...(params.search ? { search_term: params.search } : {}),
            // Seed 001 §5: "Non-complete file lists filter by uploader email; complete ones do not."
            ...(params.email ? { email_in_filter: [params.email] } : {}),
          },
          { signal },
        )
      ).data as FileOffsetListPage,
    ...cacheTimes,
  };
}

export type FileDirectory = {
  completedFiles: RepositoryFile[];
  processingFiles: RepositoryFile[];
  failedFiles: RepositoryFile[];
  /** Completed files matching the search, on every page. */
  numTotalFiles: number;
  isLoading: boolean;
  isError: boolean;
};

/**
 * The directory view: completed files a page at a time, and the caller's own processing and
 * failed files (up to 100 each). All three poll every 5 s while any file is processing; when one
 * finishes, the whole repository (lists and summary) refreshes.
 */
export function useFileDirectory(
  repo: RepositoryRef,
  { search, page, email, enabled = true }: { search: string; page: number; email: string | undefined; enabled?: boolean },
): FileDirectory {
  const ready = enabled && !!email;
  const processing = useQuery<FileOffsetListPage, ApiError>({
    ...offsetListOptions(repo, { states: ['PROCESSING'], search, email }, SIDE_LIST_LIMIT),
    refetchInterval: pollWhileIndexing,
    enabled: ready,
  });
  const busy = isIndexing(processing.data);
  const poll = busy ? FILE_LIST_POLL_MS : false;
  const failed = useQuery<FileOffsetListPage, ApiError>({
    ...offsetListOptions(repo, { states: ['FAILED'], search, email }, SIDE_LIST_LIMIT),
    refetchInterval: poll,
    enabled: ready,
  });
  const completed = useQuery<FileOffsetListPage, ApiError>({
    ...offsetListOptions(repo, { states: ['COMPLETE'], search, page }, COMPLETED_PAGE_SIZE),
    refetchInterval: poll,
    placeholderData: keepPreviousData,
    enabled: ready,
  });
  useRefreshWhenIndexed(repo, processing.data);
  return {
    completedFiles: completed.data?.files ?? [],
    processingFiles: processing.data?.files ?? [],
    failedFiles: failed.data?.files ?? [],
    numTotalFiles: completed.data?.num_total_files ?? 0,
    isLoading: !completed.data || !processing.data || !failed.data,
    isError: completed.isError || processing.isError || failed.isError,
  };
}

/** When a file leaves the processing list it became COMPLETE or FAILED: refresh the repository. */
function useRefreshWhenIndexed(repo: RepositoryRef, data: Listed | undefined) {
  const qc = useQueryClient();
  const seen = useRef<Set<string>>(new Set());
  useEffect(() => {
    if (!data) return;
    const now = new Set(data.files.filter((f) => !(f as { isOptimistic?: boolean }).isOptimistic).map((f) => f.file_uuid));
    const left = [...seen.current].some((id) => !now.has(id));
    seen.current = now;
    if (left) void refreshRepository(qc, repo);
  }, [data, qc, repo]);
}

/**
 * The cursor form (listRepositoryFiles) with Prev/Next: seed 001 §4 "pagination is cursor based;
 * cursor and history reset when the search text, the status filter or the folder changes".
 */
export function useCursorFileList(
  repo: RepositoryRef,
  { search = '', status = [], pageSize = CURSOR_PAGE_SIZE }: { search?: string; status?: FileState[]; pageSize?: number } = {},
) {
  const filterKey = JSON.stringify([search, status]);
  const [paging, setPaging] = useState({ filterKey, history: [null] as (string | null)[] });
  // A new filter starts again at the first page (adjusting state while rendering, React's way).
  const history = paging.filterKey === filterKey ? paging.history : [null];
  if (paging.filterKey !== filterKey) setPaging({ filterKey, history });
  const cursor = history.at(-1) ?? null;
  const query = useQuery<FileListPage, ApiError>({
    queryKey: fileListKey(repo, { form: 'cursor', states: status, search, cursor, pageSize }),
    queryFn: async ({ signal }) =>
      (
        await listRepositoryFiles(
          {
            file_repository_info: repositoryInfo(repo),
            filters: { ...(status.length ? { status } : {}), ...(search ? { search_keyword: search } : {}) },
            pagination: { cursor, page_size: pageSize },
            order_by: 'updated',
            order_dir: 'desc',
          },
          { signal },
        )
      ).data as FileListPage,
    refetchInterval: pollWhileIndexing,
    placeholderData: keepPreviousData,
    ...cacheTimes,
  });
  const nextCursor = query.data?.next_cursor ?? null;
  return {
    query,
    files: query.data?.files ?? [],
    page: history.length,
    hasPrevious: history.length > 1,
    hasNext: !!nextCursor && !query.isPlaceholderData,
    next: () => nextCursor && setPaging({ filterKey, history: [...history, nextCursor] }),
    previous: () => setPaging({ filterKey, history: history.length > 1 ? history.slice(0, -1) : history }),
  };
}

/** A Space's files as the Space shows them; polls while any is SYNCING (or an upload is optimistic). */
export const SPACE_FILES_LIMIT = 50;
export function useSpaceFiles(spaceUuid: string) {
  return useQuery<SpaceFileList, ApiError>({
    queryKey: spaceFilesKey(spaceUuid),
    queryFn: async ({ signal }) => (await listCollectionFiles(spaceUuid, { limit: SPACE_FILES_LIMIT }, { signal })).data as SpaceFileList,
    refetchInterval: (q) =>
      q.state.data?.files.some((f) => f.status === 'SYNCING' || (f as { file_state?: string }).file_state === 'PROCESSING') ? FILE_LIST_POLL_MS : false,
    ...cacheTimes,
    enabled: !!spaceUuid,
  });
}

/** A file and the passages of one page: what a citation opens. */
export function useFileView(fileUuid: string, page: number | null) {
  return useQuery<FileView, ApiError>({
    queryKey: fileViewKey(fileUuid, page),
    queryFn: async ({ signal }) => (await getRepositoryFile(fileUuid, page === null ? undefined : { page }, { signal })).data as FileView,
    enabled: !!fileUuid,
  });
}
