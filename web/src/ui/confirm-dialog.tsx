// A small yes/no confirmation (e.g. "Discard any unsaved changes?", "Delete this Space?"), above
// any modal of the host. Escape and Cancel answer no; focus starts on Cancel, the safe choice.
import * as AlertDialog from 'radix-ui/alert-dialog';
import { clsx } from 'clsx';
import type { ReactNode } from 'react';
import { useReturnFocus } from './return-focus';

type Props = {
  open: boolean;
  title: string;
  description?: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  /** Red confirm button, for deleting or throwing work away. */
  destructive?: boolean;
  /** Disables the confirm button while its action runs. */
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
};

export function ConfirmDialog({ open, title, description, confirmLabel, cancelLabel = 'Cancel', destructive, busy, onConfirm, onCancel }: Props) {
  const returnFocus = useReturnFocus(open);
  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => !next && onCancel()}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-[100] bg-neutral-950/40" />
        <AlertDialog.Content
          {...(description ? {} : { 'aria-describedby': undefined })}
          onCloseAutoFocus={returnFocus}
          className="fixed top-1/2 left-1/2 z-[101] w-[calc(100%-2rem)] max-w-sm -translate-x-1/2 -translate-y-1/2 space-y-4 rounded-2xl bg-white p-6 text-neutral-900 shadow-2xl ring-1 ring-neutral-950/5 dark:bg-neutral-900 dark:text-neutral-100 dark:ring-white/10"
        >
          <AlertDialog.Title className="text-base font-semibold tracking-tight">{title}</AlertDialog.Title>
          {description && <AlertDialog.Description className="text-sm text-neutral-600 dark:text-neutral-400">{description}</AlertDialog.Description>}
          <div className="flex justify-end gap-2">
            <AlertDialog.Cancel className="btn-secondary">{cancelLabel}</AlertDialog.Cancel>
            <button
              type="button"
              disabled={busy}
              onClick={onConfirm}
              className={clsx('btn-primary', destructive && '!bg-red-600 !text-white hover:!bg-red-700')}
            >
              {confirmLabel}
            </button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
