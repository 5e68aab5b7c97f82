// Space settings (offered to at-least-writers): who can see it, web search by default, members,
// and the Space itself — edit its details, delete it (owner) or leave it (everyone else).
import { Globe, Loader2, LogOut, Pencil, Settings, Trash2 } from '../../ui/icons';
import * as Switch from 'radix-ui/switch';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useRemoveCollectionMember } from '../../../../generated/react-query/collections/collections';
import type { Collection } from '../../../../generated/react-query/model';
import { canEditSources, isAdminCapable, isInvited, isOwnerLevel } from '../../../../services/spaces/pure';
import { useModals } from '../../platform/modals/context';
import type { ModalProps } from '../../platform/modals/types';
import { problemMessage } from '../../platform/problem';
import { useServerFeatures } from '../../platform/server-features';
import { useSession } from '../../platform/session';
import { toast, TOAST_DURATION } from '../../platform/toasts';
import { ModalTitle } from '../../ui/modal-parts';
import { WEB_MODE_OFF } from '../ask/search-mode';
import { useDeleteSpaceDialog } from './delete-space-dialog';
import { SpaceAccess } from './space-access';
import { forgetSpace, invalidateSpaceLists } from './space-cache';
import { SpaceMembers, useSpaceMembers } from './space-members';
import type { SpaceSettingsArgs } from './space-modal-args';
import { useSpace } from './space-queries';
import { useEditSpace } from './use-edit-space';
import { PanelSection } from './panel-section';

export default function SpaceSettingsModal({ args, close }: ModalProps<SpaceSettingsArgs>) {
  const query = useSpace(args.slug);
  const space = query.data;
  return (
    <div className="flex flex-col gap-4">
      <ModalTitle>
        <span className="flex items-center gap-2">
          <Settings aria-hidden className="size-5 text-neutral-500" /> Space settings
        </span>
      </ModalTitle>
      {query.isError ? (
        <p role="alert" className="text-sm text-neutral-600 dark:text-neutral-400">
          {problemMessage(query.error, 'Could not load this Space.')}
        </p>
      ) : !space ? (
        <p role="status" className="flex items-center gap-2 text-sm text-neutral-500">
          <Loader2 aria-hidden className="size-4 animate-spin" /> Loading…
        </p>
      ) : (
        <SettingsBody space={space} close={close} />
      )}
    </div>
  );
}

function SettingsBody({ space, close }: { space: Collection; close: () => void }) {
  const modals = useModals();
  const { editSpace } = useEditSpace();
  const { askToDelete, deleteDialog } = useDeleteSpaceDialog({ onDeleted: close });
  const admin = isAdminCapable(space.user_permission);
  const owner = isOwnerLevel(space.user_permission);
  // Where the server has no web search the switch is off and disabled, and says why.
  const webSearch = useServerFeatures()?.web_search ?? false;
  return (
    <>
      <PanelSection title="Who can see it">
        <SpaceAccess space={space} />
      </PanelSection>
      <PanelSection title="Web search">
        <div className="flex items-center gap-3">
          <Globe aria-hidden className="size-4 shrink-0 text-neutral-500" />
          <label htmlFor="space-web-default" className="flex-1 text-sm">
            Search the web by default
            <span id="space-web-default-hint" className="block text-xs text-neutral-500 dark:text-neutral-400">
              {webSearch ? "Off: answers use this Space's links and files only." : `${WEB_MODE_OFF}: answers use this Space's links and files.`}
            </span>
          </label>
          <Switch.Root
            id="space-web-default"
            aria-describedby="space-web-default-hint"
            checked={webSearch && space.enable_web_by_default}
            disabled={!admin || !webSearch}
            onCheckedChange={(on) => editSpace(space.uuid, { enable_web_by_default: on })}
            className="relative h-6 w-10 shrink-0 rounded-full bg-neutral-300 transition-colors disabled:opacity-50 data-[state=checked]:bg-teal-600 dark:bg-neutral-700"
          >
            <Switch.Thumb className="block size-5 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[18px]" />
          </Switch.Root>
        </div>
      </PanelSection>
      <PanelSection title="Members">
        <SpaceMembers space={space} />
      </PanelSection>
      <div className="flex flex-wrap gap-2 border-t border-neutral-100 pt-4 dark:border-neutral-800">
        {canEditSources(space.user_permission) && (
          <button type="button" className="btn-secondary !py-1.5" onClick={() => modals.open('collectionCreateEdit', { collection: space })}>
            <Pencil aria-hidden className="size-4" /> Edit details
          </button>
        )}
        {owner ? (
          <button type="button" className="btn-secondary !py-1.5 text-red-600 dark:text-red-400" onClick={() => askToDelete(space)}>
            <Trash2 aria-hidden className="size-4" /> Delete Space
          </button>
        ) : (
          <LeaveButton space={space} close={close} />
        )}
      </div>
      {deleteDialog}
    </>
  );
}

/** A member leaves (an invited person declines): they are removed as any member is. */
function LeaveButton({ space, close }: { space: Collection; close: () => void }) {
  const { user } = useSession();
  const members = useSpaceMembers(space);
  const navigate = useNavigate();
  const qc = useQueryClient();
  const leave = useRemoveCollectionMember({
    mutation: {
      onSuccess: async () => {
        toast.success(`You left ${space.title}`, { duration: TOAST_DURATION.short });
        close();
        await navigate('/spaces');
        forgetSpace(qc, space.uuid);
        void invalidateSpaceLists(qc);
      },
      onError: (error) => toast.error(problemMessage(error, 'Could not leave the Space'), { duration: TOAST_DURATION.normal }),
    },
  });
  const me = members.data?.find((m) => (user && m.user_id === user.id) || (user && m.email.toLowerCase() === user.email.toLowerCase()));
  if (!me) return null;
  return (
    <button
      type="button"
      className="btn-secondary !py-1.5"
      disabled={leave.isPending}
      onClick={() => leave.mutate({ collectionUuid: space.uuid, memberId: me.member_id })}
    >
      <LogOut aria-hidden className="size-4" /> {isInvited(space.user_permission) ? 'Decline invitation' : 'Leave Space'}
    </button>
  );
}
