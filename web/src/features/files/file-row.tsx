// One file of a repository: name, size, uploader, date and state (a failed one with its error and
// Retry), with Download and Delete (after a confirmation).
import { clsx } from 'clsx';
import { AlertCircle, CheckCircle2, Download, FileText, Loader2, RotateCw, Trash2 } from '../../ui/icons';
import { useState } from 'react';
import type { RepositoryFile } from '../../../../generated/react-query/model';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { startDownload } from './download-file';
import { formatSize } from './format-size';

export const FILE_STATE_LABEL: Record<RepositoryFile['file_state'], string> = { COMPLETE: 'Ready', PROCESSING: 'Processing', FAILED: 'Failed' };

export function formatFileDate(iso: string) {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : d.toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
}

type Props = { file: RepositoryFile & { isOptimistic?: boolean }; canDelete: boolean; onDelete: (uuid: string) => void; onRetry?: (uuid: string) => void };

export function FileRow({ file, canDelete, onDelete, onRetry }: Props) {
  const [confirming, setConfirming] = useState(false);
  const state = file.file_state;
  const name = file.file_title && file.file_title !== file.filename ? `${file.file_title} (${file.filename})` : file.filename;
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-xl px-3 py-2 hover:bg-neutral-50 dark:hover:bg-neutral-900" aria-label={file.filename}>
      <FileText aria-hidden className="size-4 shrink-0 text-neutral-400" />
      <div className="flex min-w-0 flex-1 flex-col">
        <span className="truncate text-sm font-medium text-neutral-900 dark:text-neutral-100">{name}</span>
        <span className="truncate text-xs text-neutral-500 dark:text-neutral-400">
          {formatSize(file.file_size)} · {file.uploaded_by} · {formatFileDate(file.time_created)}
        </span>
        {state === 'FAILED' && file.error && (
          <span role="note" className="text-xs text-red-700 dark:text-red-300">
            {file.error}
          </span>
        )}
      </div>
      <span
        className={clsx('flex items-center gap-1 text-xs', state === 'FAILED' ? 'text-red-700 dark:text-red-300' : 'text-neutral-600 dark:text-neutral-400')}
      >
        {state === 'PROCESSING' ? (
          <Loader2 aria-hidden className="size-3.5 animate-spin" />
        ) : state === 'FAILED' ? (
          <AlertCircle aria-hidden className="size-3.5" />
        ) : (
          <CheckCircle2 aria-hidden className="size-3.5" />
        )}
        {FILE_STATE_LABEL[state]}
      </span>
      <div className="flex items-center gap-1">
        {state === 'FAILED' && onRetry && (
          <button type="button" className="btn-ghost !p-1.5" aria-label={`Retry ${file.filename}`} title="Retry" onClick={() => onRetry(file.file_uuid)}>
            <RotateCw className="size-4" />
          </button>
        )}
        {!file.isOptimistic && (
          <button type="button" className="btn-ghost !p-1.5" aria-label={`Download ${file.filename}`} title="Download" onClick={() => void startDownload(file)}>
            <Download className="size-4" />
          </button>
        )}
        {canDelete && !file.isOptimistic && (
          <button type="button" className="btn-ghost !p-1.5" aria-label={`Delete ${file.filename}`} title="Delete" onClick={() => setConfirming(true)}>
            <Trash2 className="size-4" />
          </button>
        )}
      </div>
      <ConfirmDialog
        open={confirming}
        title={`Delete ${file.filename}?`}
        description="It leaves this repository and answers stop using it."
        confirmLabel="Delete"
        destructive
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          onDelete(file.file_uuid);
        }}
      />
    </li>
  );
}
