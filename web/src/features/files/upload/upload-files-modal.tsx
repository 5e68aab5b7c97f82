// The Upload files modal and the Space upload files modal (seed 001 §2): a drop zone, the chosen
// files with their sizes and states, and Upload. In a Space only editors may change sources;
// everyone else sees the drop zone disabled. Space uploads take local files only, which is all
// this modal offers.
import { Loader2, X } from '../../../ui/icons';
import { useState } from 'react';
import { useGetCollection } from '../../../../../generated/react-query/collections/collections';
import type { Collection } from '../../../../../generated/react-query/model';
import { canEditSources } from '../../../../../services/spaces/pure';
import type { ApiError } from '../../../platform/api-fetch';
import type { ModalProps } from '../../../platform/modals/types';
import { problemMessage } from '../../../platform/problem';
import { ModalTitle } from '../../../ui/modal-parts';
import type { RepositoryRef } from '../file-keys';
import { DropZone } from './drop-zone';
import { formatSize } from '../format-size';
import type { UploadFilesArgs } from './upload-args';
import type { FileUploadState, UploadItem } from './upload-flow';
import { canUploadTo } from './upload-rules';
import { screenWithToasts, toUploadItems, useUploadFiles } from './use-upload-files';

export const UPLOAD_MODAL_TITLE = 'Upload files';
export const SPACE_UPLOAD_MODAL_TITLE = 'Upload files to a Space';

export default function UploadFilesModal({ args, close }: ModalProps<UploadFilesArgs>) {
  const { repository } = args;
  const space = repository.file_repository_type === 'COLLECTION';
  return (
    <div className="flex flex-col gap-4">
      <ModalTitle>{space ? SPACE_UPLOAD_MODAL_TITLE : UPLOAD_MODAL_TITLE}</ModalTitle>
      {space && canUploadTo(repository) ? <SpaceUpload repository={repository} close={close} /> : <Uploader repository={repository} editable close={close} />}
    </div>
  );
}

/**
 * A Space's access level, read the way the Space page reads it (the same query as
 * spaces/space-queries.ts, whose feature sits above files), decides whether the drop zone works.
 */
function SpaceUpload({ repository, close }: { repository: RepositoryRef; close: () => void }) {
  const slug = repository.owner_id ?? '';
  const query = useGetCollection<Collection, ApiError>({ collection_slug: slug }, { query: { select: (r) => r.data as Collection, enabled: !!slug } });
  if (query.isError)
    return (
      <p role="alert" className="text-sm text-neutral-600 dark:text-neutral-400">
        {problemMessage(query.error, 'Could not load this Space.')}
      </p>
    );
  if (!query.data)
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-neutral-500">
        <Loader2 aria-hidden className="size-4 animate-spin" /> Loading…
      </p>
    );
  return (
    <>
      <p className="-mt-2 text-sm text-neutral-500 dark:text-neutral-400">{query.data.title}</p>
      <Uploader repository={repository} editable={canEditSources(query.data.user_permission)} close={close} />
    </>
  );
}

function Uploader({ repository, editable, close }: { repository: RepositoryRef; editable: boolean; close: () => void }) {
  const { upload, states, isUploading } = useUploadFiles(repository);
  const [chosen, setChosen] = useState<UploadItem[]>([]);
  const unsent = chosen.filter((i) => !states[i.id]);
  const failed = chosen.filter((i) => states[i.id]?.status === 'failed').length;
  const finished = chosen.length > 0 && unsent.length === 0 && !isUploading;

  const add = (files: File[], opts: { dropped: boolean }) => {
    // Refused files are named in a toast now rather than at Upload.
    const items = toUploadItems(screenWithToasts(files, opts));
    if (items.length) setChosen((c) => [...c, ...items]);
  };

  return (
    <>
      <DropZone
        disabled={!editable}
        onFiles={add}
        list={
          chosen.length > 0 ? (
            <ul
              aria-label="Chosen files"
              className="flex max-h-64 flex-col divide-y divide-neutral-100 overflow-y-auto rounded-xl border border-neutral-200 dark:divide-neutral-800 dark:border-neutral-800"
            >
              {chosen.map((item) => (
                <ChosenRow key={item.id} item={item} state={states[item.id]} onRemove={() => setChosen((c) => c.filter((x) => x.id !== item.id))} />
              ))}
            </ul>
          ) : undefined
        }
      />
      {failed > 0 && (
        <p role="alert" className="rounded-xl bg-red-50 px-3 py-2 text-sm text-red-700 dark:bg-red-950/40 dark:text-red-300">
          {failed === 1 ? '1 file failed: its reason is shown above.' : `${failed} files failed: their reasons are shown above.`}
        </p>
      )}
      <div className="flex justify-end gap-2">
        {finished ? (
          <button type="button" className="btn-primary" onClick={close}>
            Done
          </button>
        ) : (
          <button type="button" className="btn-primary" disabled={!editable || isUploading || unsent.length === 0} onClick={() => void upload(unsent)}>
            {isUploading && <Loader2 aria-hidden className="size-4 animate-spin" />}
            Upload
          </button>
        )}
      </div>
    </>
  );
}

const STATE_LABEL: Record<FileUploadState['status'], string> = {
  waiting: 'Queued',
  uploading: 'Uploading…',
  indexing: 'Indexing…',
  done: 'Indexed',
  failed: 'Failed',
  'not-uploaded': 'Not uploaded',
};

function ChosenRow({ item, state, onRemove }: { item: UploadItem; state: FileUploadState | undefined; onRemove: () => void }) {
  const message = state && 'message' in state ? state.message : null;
  return (
    <li className="flex items-center gap-3 px-3 py-2 text-sm">
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium">{item.file.name}</p>
        <p className="text-xs text-neutral-500 dark:text-neutral-400">
          {formatSize(item.file.size)}
          {state && (
            <span
              data-state={state.status}
              className={state.status === 'failed' || state.status === 'not-uploaded' ? 'text-red-600 dark:text-red-400' : undefined}
            >
              {' · '}
              {message ?? STATE_LABEL[state.status]}
            </span>
          )}
        </p>
      </div>
      {!state && (
        <button
          type="button"
          aria-label={`Remove ${item.file.name}`}
          className="rounded-full p-1 text-neutral-500 hover:bg-neutral-100 hover:text-neutral-900 dark:hover:bg-neutral-800"
          onClick={onRemove}
        >
          <X aria-hidden className="size-4" />
        </button>
      )}
    </li>
  );
}
