// The Rename dialog: one labelled title field (trimmed, 1 to 100 characters, counted as typed),
// Save and Cancel. Escape and Cancel change nothing; focus goes back to what opened it.
import * as Dialog from 'radix-ui/dialog';
import { useId, useState, type FormEvent, type RefObject } from 'react';
import { MAX_TITLE_LENGTH } from './use-thread-actions';

export const TITLE_REQUIRED = 'Give the thread a title.';

type Props = {
  open: boolean;
  title: string;
  /** Where focus returns when the dialog closes (the menu's button). */
  returnFocus: RefObject<HTMLElement | null>;
  onSave: (title: string) => void;
  onClose: () => void;
};

export function RenameThreadDialog({ open, title, returnFocus, onSave, onClose }: Props) {
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[100] bg-neutral-950/40" />
        <Dialog.Content
          aria-describedby={undefined}
          onCloseAutoFocus={(e) => {
            e.preventDefault();
            returnFocus.current?.focus();
          }}
          className="fixed top-1/2 left-1/2 z-[101] w-[calc(100%-2rem)] max-w-sm -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 text-neutral-900 shadow-2xl ring-1 ring-neutral-950/5 dark:bg-neutral-900 dark:text-neutral-100 dark:ring-white/10"
        >
          {/* Mounted per opening, so the field starts from the current title each time. */}
          {open && <RenameForm title={title} onSave={onSave} onClose={onClose} />}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function RenameForm({ title, onSave, onClose }: Pick<Props, 'title' | 'onSave' | 'onClose'>) {
  const [value, setValue] = useState(title);
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next = value.trim();
    if (!next) return setError(TITLE_REQUIRED);
    if (next !== title) onSave(next);
    onClose();
  };
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <Dialog.Title className="text-base font-semibold tracking-tight">Rename thread</Dialog.Title>
      <div>
        <label htmlFor={`${id}-title`} className="label">
          Title
        </label>
        <input
          id={`${id}-title`}
          className="field"
          value={value}
          maxLength={MAX_TITLE_LENGTH}
          autoComplete="off"
          aria-invalid={!!error}
          aria-describedby={`${id}-count${error ? ` ${id}-error` : ''}`}
          onChange={(e) => {
            setValue(e.target.value);
            setError(null);
          }}
        />
        <div className="mt-1 flex justify-between gap-2 text-xs">
          <span id={`${id}-error`} role={error ? 'alert' : undefined} className="text-red-700 dark:text-red-300">
            {error}
          </span>
          <span id={`${id}-count`} className="text-neutral-500">
            {value.length}/{MAX_TITLE_LENGTH}
          </span>
        </div>
      </div>
      <div className="flex justify-end gap-2">
        <button type="button" className="btn-secondary" onClick={onClose}>
          Cancel
        </button>
        <button type="submit" className="btn-primary">
          Save
        </button>
      </div>
    </form>
  );
}
