// /files/{fileUuid}?page=N: what a citation of a file opens — its name, the page, that page's
// passages (getRepositoryFile), and buttons to open the original (a PDF at #page=N) or download it.
import { Download, ExternalLink, FileText } from '../../ui/icons';
import { useEffect } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { PageMessage } from '../../ui/page-message';
import { startDownload } from './download-file';
import { useFileView } from './file-queries';
import { formatSize } from './format-size';

/** A page number from the address: a whole number from 1, else none. */
export function pageParam(raw: string | null): number | null {
  const n = Number(raw);
  return raw !== null && Number.isInteger(n) && n >= 1 && n <= 100_000 ? n : null;
}

export default function FileViewPage() {
  const { fileUuid = '' } = useParams();
  const [params] = useSearchParams();
  const page = pageParam(params.get('page'));
  const query = useFileView(fileUuid, page);
  const view = query.data;
  useEffect(() => {
    if (view) document.title = view.file.file_title || view.file.filename;
  }, [view]);

  if (query.isError)
    return query.error.status === 404 ? (
      <PageMessage icon={<FileText className="size-5" />} title="File not found" text="There is no file at this address, or you do not have access to it." />
    ) : (
      <PageMessage
        icon={<FileText className="size-5" />}
        title="Could not load this file"
        text="Something went wrong while loading it. Try again in a moment."
      />
    );
  if (!view)
    return (
      <div role="status" aria-label="Loading file" className="mx-auto mt-10 h-8 w-1/2 max-w-3xl animate-pulse rounded-lg bg-neutral-100 dark:bg-neutral-900" />
    );

  const { file } = view;
  const shownPage = view.page ?? page;
  return (
    <article className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-8 sm:py-10">
      <header className="flex flex-col gap-2">
        <h1 className="text-2xl font-semibold tracking-tight">{file.file_title || file.filename}</h1>
        <p className="text-sm text-neutral-500 dark:text-neutral-400">
          {file.filename} · {formatSize(file.file_size)}
          {shownPage !== null && ` · Page ${shownPage}${file.page_count ? ` of ${file.page_count}` : ''}`}
        </p>
        <div className="flex flex-wrap gap-2">
          <button type="button" className="btn-primary" onClick={() => void startDownload(file, { page: shownPage })}>
            <ExternalLink aria-hidden className="size-4" /> Open original
          </button>
          <button type="button" className="btn-secondary" onClick={() => void startDownload(file)}>
            <Download aria-hidden className="size-4" /> Download
          </button>
        </div>
      </header>
      {view.passages.length === 0 ? (
        <p className="text-sm text-neutral-500 dark:text-neutral-400">
          {file.file_state === 'COMPLETE' ? 'Nothing was found on this page.' : 'This file is not indexed yet.'}
        </p>
      ) : (
        <ol aria-label="Passages" className="flex flex-col gap-4">
          {view.passages.map((p) => (
            <li key={p.id} className="rounded-2xl border border-neutral-200 px-4 py-3 dark:border-neutral-800">
              {p.heading && <h2 className="mb-1 text-sm font-semibold">{p.heading}</h2>}
              <p className="text-sm whitespace-pre-line text-neutral-800 dark:text-neutral-200">{p.content}</p>
            </li>
          ))}
        </ol>
      )}
    </article>
  );
}
