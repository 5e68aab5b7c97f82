// Who may see a Space besides its members (CollectionAccess): private, anyone with the link, or
// the owner's organisation (offered only to someone in an organisation). Owners and admins change
// it; the cached Space changes at once and is put back on failure.
import { useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { useUpdateCollectionAccess } from '../../../../generated/react-query/collections/collections';
import type { Collection, CollectionAccess } from '../../../../generated/react-query/model';
import { isAdminCapable, SPACE_ACCESS } from '../../../../services/spaces/pure';
import { useSession } from '../../platform/session';
import { toast, TOAST_DURATION } from '../../platform/toasts';
import { ChoiceOption } from '../../ui/choice-option';
import { CreateOrgLink } from '../orgs/create-org-link';
import { patchCachedSpace, restoreSpaces, snapshotSpaces, type SpaceCacheSnapshot, invalidateSpaces } from './space-cache';
import { EDIT_FAILED } from './use-edit-space';

export const SPACE_ACCESS_OPTIONS: { value: CollectionAccess; label: string; description: string }[] = [
  { value: SPACE_ACCESS.PRIVATE, label: 'Private', description: 'Only you and the members you invite.' },
  { value: SPACE_ACCESS.ANYONE_WITH_LINK, label: 'Anyone with the link', description: 'Anyone who has the link can read the Space.' },
  { value: SPACE_ACCESS.ORGANIZATION, label: 'Your organisation', description: 'Everyone in your organisation can read the Space.' },
];

export function SpaceAccess({ space }: { space: Collection }) {
  const qc = useQueryClient();
  const { user } = useSession();
  const canChange = isAdminCapable(space.user_permission);
  const group = useId();
  const update = useUpdateCollectionAccess<unknown, { snapshot: SpaceCacheSnapshot }>({
    mutation: {
      onMutate: async ({ data }) => {
        const snapshot = await snapshotSpaces(qc);
        patchCachedSpace(qc, space.uuid, { access: data.updated_access });
        return { snapshot };
      },
      onError: (_e, _v, context) => {
        restoreSpaces(qc, context?.snapshot);
        toast.error(EDIT_FAILED, { duration: TOAST_DURATION.normal });
      },
      onSuccess: (res) => patchCachedSpace(qc, space.uuid, res.data as Collection),
      onSettled: () => invalidateSpaces(qc),
    },
  });
  // Organisation access needs an organisation; a Space that already has it keeps showing it.
  const options = SPACE_ACCESS_OPTIONS.filter((o) => o.value !== SPACE_ACCESS.ORGANIZATION || !!user?.org_uuid || space.access === o.value);
  return (
    <div role="radiogroup" aria-label="Who can see this Space" className="flex flex-col gap-0.5">
      {options.map((o) => {
        const selected = o.value === space.access;
        return (
          <ChoiceOption
            key={o.value}
            name={group}
            label={o.label}
            description={o.description}
            selected={selected}
            disabled={!canChange}
            onSelect={() => !selected && update.mutate({ collectionUuid: space.uuid, data: { updated_access: o.value } })}
          />
        );
      })}
      {!canChange && <p className="px-2.5 pt-1 text-xs text-neutral-500">Only the owner and admins change who can see this Space.</p>}
      {canChange && user && !user.org_uuid && (
        <p className="px-2.5 pt-1 text-xs text-neutral-500">
          To share it with everyone in an organisation: <CreateOrgLink />.
        </p>
      )}
    </div>
  );
}
