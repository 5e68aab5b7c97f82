// The Space's custom instructions (applied to every answer asked in it). Shown per the seed's
// rule (readers see them only in a template Space); writers edit them in the edit modal.
import { Pencil } from '../../ui/icons';
import type { Collection } from '../../../../generated/react-query/model';
import { canEditSources, showsInstructions } from '../../../../services/spaces/pure';
import { useModals } from '../../platform/modals/context';

export const showsSpaceInstructions = (space: Collection) => showsInstructions(space.user_permission, space.template_id);

export function SpaceInstructions({ space }: { space: Collection }) {
  const modals = useModals();
  const editable = canEditSources(space.user_permission);
  return (
    <div className="flex flex-col gap-2">
      {space.instructions ? (
        <p className="text-sm whitespace-pre-wrap text-neutral-700 dark:text-neutral-300">{space.instructions}</p>
      ) : (
        <p className="text-sm text-neutral-500 dark:text-neutral-400">
          {editable ? 'Tell the answers in this Space how to respond: tone, format, what to focus on.' : 'No instructions.'}
        </p>
      )}
      {editable && (
        <button type="button" className="btn-ghost self-start" onClick={() => modals.open('collectionCreateEdit', { collection: space })}>
          <Pencil aria-hidden className="size-4" /> {space.instructions ? 'Edit instructions' : 'Add instructions'}
        </button>
      )}
    </div>
  );
}
