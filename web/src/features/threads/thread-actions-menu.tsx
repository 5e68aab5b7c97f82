// A thread's owner menu (the thread page's header, each library row): Rename… and Delete…,
// Delete asking first. Both apply at once and are undone if the server refuses (use-thread-actions).
import { Ellipsis, Pencil, Trash2 } from '../../ui/icons';
import * as DropdownMenu from 'radix-ui/dropdown-menu';
import { useRef, useState } from 'react';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { RenameThreadDialog } from './rename-thread-dialog';
import { useDeleteThreadAction, useRenameThread, type ThreadRef } from './use-thread-actions';

const itemClass =
  'flex cursor-default select-none items-center gap-2 rounded-lg px-2 py-1.5 text-sm outline-none data-[highlighted]:bg-neutral-100 data-[disabled]:opacity-50 dark:data-[highlighted]:bg-neutral-800';

type Props = {
  thread: ThreadRef & { title: string };
  /** After a deletion the server confirmed, e.g. leaving the thread's page. */
  onDeleted?: () => void;
  /** A compact icon button (library rows) instead of the header's. */
  compact?: boolean;
};

export function ThreadActionsMenu({ thread, onDeleted, compact = false }: Props) {
  const [dialog, setDialog] = useState<'rename' | 'delete' | null>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const { rename } = useRenameThread();
  const { remove, isPending } = useDeleteThreadAction();
  // After a menu item opened a dialog, focus goes back to the menu's button when it closes.
  const close = () => {
    setDialog(null);
    requestAnimationFrame(() => trigger.current?.focus());
  };

  return (
    <>
      <DropdownMenu.Root modal={false}>
        <DropdownMenu.Trigger asChild>
          <button
            ref={trigger}
            type="button"
            aria-label={`Thread actions: ${thread.title}`}
            className={compact ? 'btn-ghost !p-2' : 'btn-secondary !px-2.5 !py-1.5'}
          >
            <Ellipsis aria-hidden className="size-4" />
          </button>
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            align="end"
            sideOffset={6}
            className="z-50 min-w-40 rounded-xl border border-neutral-200 bg-white p-1 shadow-xl dark:border-neutral-800 dark:bg-neutral-950"
          >
            <DropdownMenu.Item className={itemClass} onSelect={() => setDialog('rename')}>
              <Pencil aria-hidden className="size-4 text-neutral-500" /> Rename…
            </DropdownMenu.Item>
            <DropdownMenu.Item className={`${itemClass} text-red-700 dark:text-red-300`} onSelect={() => setDialog('delete')}>
              <Trash2 aria-hidden className="size-4" /> Delete…
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      <RenameThreadDialog
        open={dialog === 'rename'}
        title={thread.title}
        returnFocus={trigger}
        onSave={(title) => void rename(thread, title)}
        onClose={() => setDialog(null)}
      />
      <ConfirmDialog
        open={dialog === 'delete'}
        title="Delete this thread?"
        description={`“${thread.title}” and all its answers will be deleted for everyone. This can’t be undone.`}
        confirmLabel="Delete"
        destructive
        busy={isPending}
        onCancel={close}
        onConfirm={() => {
          setDialog(null);
          void remove(thread, onDeleted);
        }}
      />
    </>
  );
}
