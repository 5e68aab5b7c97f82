// The delete-memory confirmation (seed 003 §2): the memory leaves the list at once and comes
// back if the server refuses (use-memories.ts).
import type { ModalProps } from '../../platform/modals/types';
import { ModalTitle } from '../../ui/modal-parts';
import type { MemoryKeyArgs } from './memory-args';
import { useOptimisticMemoryDeletes } from './use-memories';

export default function DeleteMemoryModal({ args, close }: ModalProps<MemoryKeyArgs>) {
  const { deleteOne } = useOptimisticMemoryDeletes();
  return (
    <div className="flex flex-col gap-4">
      <ModalTitle>Delete memory</ModalTitle>
      <p className="text-sm">Answers will no longer remember this. This cannot be undone.</p>
      <div className="flex justify-end gap-2">
        <button type="button" className="rounded-lg border px-3 py-1.5 text-sm" onClick={close}>
          Cancel
        </button>
        <button
          type="button"
          className="rounded-lg bg-red-600 px-3 py-1.5 text-sm text-white"
          onClick={() => {
            deleteOne.mutate({ params: { memory_key: args.memoryKey } });
            close();
          }}
        >
          Delete
        </button>
      </div>
    </div>
  );
}
