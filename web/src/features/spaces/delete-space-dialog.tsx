// "Delete this Space?": the confirmation before deleting, saying that its threads stay in the
// library. `useDeleteSpaceDialog` gives a page or modal both the dialog and a way to open it.
import { useState } from 'react';
import type { Collection } from '../../../../generated/react-query/model';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { useDeleteSpace } from './use-delete-space';

export const DELETE_SPACE_TITLE = 'Delete this Space?';

type SpaceRef = Pick<Collection, 'uuid' | 'title'>;
type Props = { space: SpaceRef | null; onClose: () => void; onDeleted?: () => void };

/** Open while `space` is set; confirming deletes it (see useDeleteSpace) and closes. */
export function DeleteSpaceDialog({ space, onClose, onDeleted }: Props) {
  const { deleteSpace, isPending } = useDeleteSpace({ onDeleted });
  return (
    <ConfirmDialog
      open={space !== null}
      title={DELETE_SPACE_TITLE}
      description={
        <>“{space?.title}” and its instructions, files and links will be deleted. Its threads are not deleted: they stay in their owners’ libraries.</>
      }
      confirmLabel="Delete"
      destructive
      busy={isPending}
      onCancel={onClose}
      onConfirm={() => {
        if (space) deleteSpace(space.uuid);
        onClose();
      }}
    />
  );
}

/** `askToDelete(space)` opens the confirmation; render `deleteDialog` once in the component. */
export function useDeleteSpaceDialog({ onDeleted }: { onDeleted?: () => void } = {}) {
  const [space, setSpace] = useState<SpaceRef | null>(null);
  return {
    askToDelete: (s: SpaceRef) => setSpace({ uuid: s.uuid, title: s.title }),
    deleteDialog: <DeleteSpaceDialog space={space} onClose={() => setSpace(null)} onDeleted={onDeleted} />,
  };
}
