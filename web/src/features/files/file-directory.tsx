// The directory of a repository (seed 001 §3 "Directory views group completedFiles,
// processingFiles, failedFiles and numTotalFiles"): a search box, the caller's processing and
// failed files, then the completed ones a page at a time, or the empty state.
import { ChevronLeft, ChevronRight, FolderOpen, Search } from '../../ui/icons';
import { useDeferredValue, useState, type ReactNode } from 'react';
import type { RepositoryFile } from '../../../../generated/react-query/model';
import { useSession } from '../../platform/session';
import type { RepositoryRef } from './file-keys';
import { COMPLETED_PAGE_SIZE, useFileDirectory } from './file-queries';
import { canDeleteFrom } from './file-rules';
import { FileRow } from './file-row';
import { FILE_TEXT } from './file-texts';
import { useDeleteFiles } from './use-delete-files';
import { useResyncFiles } from './use-resync-files';

export function FileDirectory({ repo, canChange }: { repo: RepositoryRef; canChange: boolean }) {
  const { user } = useSession();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(0);
  const term = useDeferredValue(search.trim());
  const dir = useFileDirectory(repo, { search: term, page, email: user?.email });
  const { deleteFiles } = useDeleteFiles(repo);
  const { retry } = useResyncFiles(repo);
  const canDelete = canChange && canDeleteFrom(repo);
  const nothing = !dir.isLoading && dir.completedFiles.length + dir.processingFiles.length + dir.failedFiles.length === 0;
  const pages = Math.max(1, Math.ceil(dir.numTotalFiles / COMPLETED_PAGE_SIZE));

  const rows = (files: RepositoryFile[], label: string) => (
    <ul aria-label={label} className="flex flex-col gap-0.5">
      {files.map((f) => (
        <FileRow key={f.file_uuid} file={f} canDelete={canDelete} onDelete={(id) => deleteFiles([id])} onRetry={canChange ? (id) => retry([id]) : undefined} />
      ))}
    </ul>
  );

  return (
    <div className="flex flex-col gap-6">
      <label className="relative block">
        <span className="sr-only">{FILE_TEXT.searchFiles}</span>
        <Search aria-hidden className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-neutral-400" />
        <input
          type="search"
          className="field w-full !pl-9"
          placeholder={FILE_TEXT.searchFiles}
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
            setPage(0);
          }}
        />
      </label>
      {dir.isError ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          The files could not be loaded. Try again in a moment.
        </p>
      ) : dir.isLoading ? (
        <div role="status" aria-label="Loading files" className="h-24 animate-pulse rounded-2xl bg-neutral-100 dark:bg-neutral-900" />
      ) : nothing ? (
        <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-neutral-200 px-6 py-12 text-center dark:border-neutral-800">
          <FolderOpen aria-hidden className="size-5 text-neutral-400" />
          <p className="font-medium">{term ? 'No files match your search' : FILE_TEXT.empty}</p>
        </div>
      ) : (
        <>
          {dir.processingFiles.length > 0 && <Group title="Processing">{rows(dir.processingFiles, 'Processing files')}</Group>}
          {dir.failedFiles.length > 0 && <Group title="Failed">{rows(dir.failedFiles, 'Failed files')}</Group>}
          {dir.completedFiles.length > 0 && (
            <Group title={`Completed (${dir.numTotalFiles})`}>
              {rows(dir.completedFiles, 'Completed files')}
              {pages > 1 && (
                <nav aria-label="Pages" className="flex items-center justify-between text-sm text-neutral-600 dark:text-neutral-400">
                  <button type="button" className="btn-secondary" disabled={page === 0} onClick={() => setPage(page - 1)}>
                    <ChevronLeft className="size-4" /> Prev
                  </button>
                  <span>
                    Page {page + 1} of {pages}
                  </span>
                  <button type="button" className="btn-secondary" disabled={page + 1 >= pages} onClick={() => setPage(page + 1)}>
                    Next <ChevronRight className="size-4" />
                  </button>
                </nav>
              )}
            </Group>
          )}
        </>
      )}
    </div>
  );
}

function Group({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="flex flex-col gap-2">
      <h2 className="text-sm font-semibold text-neutral-900 dark:text-neutral-100">{title}</h2>
      {children}
    </section>
  );
}
