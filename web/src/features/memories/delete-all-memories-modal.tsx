// The delete-all-memories confirmation (seed 003 §2): the list empties at once (use-memories.ts).
import type { ModalProps } from '../../platform/modals/types';
import { ModalTitle } from '../../ui/modal-parts';
import { useOptimisticMemoryDeletes } from './use-memories';

export default function DeleteAllMemoriesModal({ close }: ModalProps) {
  const { deleteAll } = useOptimisticMemoryDeletes();
  return (
    <div className="flex flex-col gap-4">
      <ModalTitle>Delete all memories</ModalTitle>
      <p className="text-sm">Answers will forget everything they remember about you. This cannot be undone.</p>
      <div className="flex justify-end gap-2">
        <button type="button" className="rounded-lg border px-3 py-1.5 text-sm" onClick={close}>
          Cancel
        </button>
        <button
          type="button"
          className="rounded-lg bg-red-600 px-3 py-1.5 text-sm text-white"
          onClick={() => {
            deleteAll.mutate();
            close();
          }}
        >
          Delete all
        </button>
      </div>
    </div>
  );
}
