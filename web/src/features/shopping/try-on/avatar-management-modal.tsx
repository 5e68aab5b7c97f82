// The 'avatar management' modal (seed 000 §2): "Your avatar photo", replaced through the
// onboarding, deleted after a confirmation.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { deleteTryOnAvatar } from '../../../../../generated/react-query/try-on/try-on';
import { useModals } from '../../../platform/modals/context';
import type { ModalProps } from '../../../platform/modals/types';
import { toast, TOAST_DURATION } from '../../../platform/toasts';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { ModalTitle } from '../../../ui/modal-parts';
import { avatarQueryKey, readAvatar } from './try-on-calls';

export default function AvatarManagementModal({ close }: ModalProps) {
  const queryClient = useQueryClient();
  const { open } = useModals();
  const avatar = useQuery({ queryKey: avatarQueryKey(), queryFn: readAvatar });
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const url = avatar.data?.try_on_photo_url ?? null;

  const remove = async () => {
    setDeleting(true);
    try {
      await deleteTryOnAvatar();
      setConfirming(false);
      await queryClient.invalidateQueries({ queryKey: avatarQueryKey() });
      toast.success('Avatar deleted', { duration: TOAST_DURATION.normal });
    } catch {
      toast.error('Failed to delete avatar. Please try again.', { duration: TOAST_DURATION.long });
    } finally {
      setDeleting(false);
    }
  };

  return (
    <div className="flex flex-col gap-4">
      <ModalTitle>Your avatar photo</ModalTitle>
      {avatar.isPending ? (
        <p role="status" className="text-sm">
          Loading…
        </p>
      ) : avatar.data?.status === 'error' ? (
        <p role="alert" className="text-sm">
          Your avatar could not be loaded. Please try again.
        </p>
      ) : url ? (
        <img src={url} alt="Your avatar" className="mx-auto max-h-96 rounded-xl object-contain" />
      ) : (
        <p className="text-sm text-neutral-600 dark:text-neutral-400">You have no avatar yet.</p>
      )}
      <div className="flex justify-end gap-2">
        {url && (
          <button type="button" className="btn-secondary text-red-600" onClick={() => setConfirming(true)}>
            Delete avatar
          </button>
        )}
        <button
          type="button"
          className="btn-primary"
          onClick={() => {
            close();
            open('shoppingTryOnOnboarding');
          }}
        >
          {url ? 'Create a new avatar' : 'Create your avatar'}
        </button>
      </div>
      <ConfirmDialog
        open={confirming}
        title="Delete your avatar?"
        description="Your avatar photo is removed from this server. You can create a new one any time."
        confirmLabel="Delete"
        destructive
        busy={deleting}
        onConfirm={() => void remove()}
        onCancel={() => setConfirming(false)}
      />
    </div>
  );
}
