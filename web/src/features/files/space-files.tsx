// A Space's files (listCollectionFiles) for the Space page and its context sheet: each with its
// status (READY 'Ready', SYNCING, SYNC_ERROR 'Sync error'); editors add files (the Space upload
// modal) and delete them, readers view and download (seed 001 §2, §5, §6).
import { AlertCircle, CheckCircle2, Download, FileText, Loader2, Plus, Trash2 } from '../../ui/icons';
import { useState } from 'react';
import type { Collection, RepositoryFile, SpaceFile } from '../../../../generated/react-query/model';
import { canEditSources } from '../../../../services/spaces/pure';
import { useModals } from '../../platform/modals/context';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { startDownload } from './download-file';
import { spaceRepository } from './file-keys';
import { useSpaceFiles } from './file-queries';
import { FILE_TEXT } from './file-texts';
import { useDeleteFiles } from './use-delete-files';

export const SPACE_FILE_STATUS_LABEL: Record<SpaceFile['status'], string> = { READY: FILE_TEXT.ready, SYNCING: 'Syncing', SYNC_ERROR: FILE_TEXT.syncError };

/** A row as shown: the server's SpaceFile, or an optimistic upload row (a RepositoryFile) until the refetch. */
type Row = SpaceFile | (RepositoryFile & { isOptimistic?: boolean });
const asSpaceFile = (r: Row): SpaceFile & { isOptimistic?: boolean } =>
  'status' in r
    ? r
    : {
        file_uuid: r.file_uuid,
        name: r.filename,
        file_s3_url: r.file_s3_url,
        connection_type: 'local',
        connection_file_url: null,
        status: 'SYNCING',
        isOptimistic: r.isOptimistic,
      };

export function SpaceFiles({ space }: { space: Collection }) {
  const { open } = useModals();
  const editable = canEditSources(space.user_permission);
  const query = useSpaceFiles(space.uuid);
  const repo = spaceRepository(space.uuid);
  const { deleteFiles } = useDeleteFiles(repo);
  const files = ((query.data?.files ?? []) as Row[]).map(asSpaceFile);
  return (
    <div className="flex flex-col gap-2">
      {query.isError ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          The files could not be loaded.
        </p>
      ) : !query.data ? (
        <p role="status" className="flex items-center gap-2 text-sm text-neutral-500">
          <Loader2 aria-hidden className="size-4 animate-spin" /> Loading files…
        </p>
      ) : files.length === 0 ? (
        <p className="text-sm text-neutral-500 dark:text-neutral-400">{editable ? 'Add files the answers in this Space should use.' : 'No files yet.'}</p>
      ) : (
        <>
          <ul aria-label="Space files" className="flex flex-col gap-1">
            {files.map((f) => (
              <SpaceFileRow key={f.file_uuid} file={f} editable={editable} onDelete={() => deleteFiles([f.file_uuid])} />
            ))}
          </ul>
          {query.data.files_in_repo > files.length && <p className="text-xs text-neutral-500">and {query.data.files_in_repo - files.length} more</p>}
        </>
      )}
      {editable && (
        <button type="button" className="btn-secondary self-start !py-1.5" onClick={() => open('spaceUploadFiles', { repository: repo })}>
          <Plus aria-hidden className="size-4" /> Add files
        </button>
      )}
    </div>
  );
}

function SpaceFileRow({ file, editable, onDelete }: { file: SpaceFile & { isOptimistic?: boolean }; editable: boolean; onDelete: () => void }) {
  const [confirming, setConfirming] = useState(false);
  const Icon = file.status === 'READY' ? CheckCircle2 : file.status === 'SYNC_ERROR' ? AlertCircle : Loader2;
  return (
    <li aria-label={file.name} className="group flex items-center gap-2 rounded-xl px-2 py-1.5 hover:bg-neutral-50 dark:hover:bg-neutral-900">
      <FileText aria-hidden className="size-4 shrink-0 text-neutral-400" />
      <span className="min-w-0 flex-1 truncate text-sm font-medium text-neutral-900 dark:text-neutral-100">{file.name}</span>
      <span
        className={
          file.status === 'SYNC_ERROR' ? 'flex items-center gap-1 text-xs text-red-700 dark:text-red-300' : 'flex items-center gap-1 text-xs text-neutral-500'
        }
      >
        <Icon aria-hidden className={file.status === 'SYNCING' ? 'size-3.5 animate-spin' : 'size-3.5'} />
        {SPACE_FILE_STATUS_LABEL[file.status]}
      </span>
      {!file.isOptimistic && (
        <button type="button" className="btn-ghost !p-1" aria-label={`Download ${file.name}`} onClick={() => void startDownload(file)}>
          <Download className="size-4" />
        </button>
      )}
      {editable && !file.isOptimistic && (
        <button type="button" className="btn-ghost !p-1" aria-label={`Delete ${file.name}`} onClick={() => setConfirming(true)}>
          <Trash2 className="size-4" />
        </button>
      )}
      <ConfirmDialog
        open={confirming}
        title={`Delete ${file.name}?`}
        description="It leaves this Space and its answers stop using it."
        confirmLabel="Delete"
        destructive
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          onDelete();
        }}
      />
    </li>
  );
}
