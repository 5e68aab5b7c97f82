// The upload drop zone (seed 001 §2): drag files in or browse for them. Disabled for people who
// may not change the repository's sources, saying so. `list` is the chosen files; until there
// are some, the list area says where they will appear.
import { clsx } from 'clsx';
import { Upload } from '../../../ui/icons';
import { useId, useImperativeHandle, useRef, useState, type DragEvent, type ReactNode, type Ref } from 'react';
import { ACCEPT_ATTRIBUTE } from './upload-rules';
import { UPLOAD_TEXT } from './upload-texts';

export type DropZoneHandle = { openPicker: () => void };

type Props = {
  onFiles: (files: File[], opts: { dropped: boolean }) => void;
  disabled?: boolean;
  list?: ReactNode;
  /** Lets a menu open the file picker. */
  ref?: Ref<DropZoneHandle>;
};

export function DropZone({ onFiles, disabled = false, list, ref }: Props) {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const hintId = useId();
  useImperativeHandle(ref, () => ({ openPicker: () => !disabled && input.current?.click() }), [disabled]);

  const dragOver = (e: DragEvent) => {
    e.preventDefault();
    // Tells the browser a drop here is not welcome while disabled.
    e.dataTransfer.dropEffect = disabled ? 'none' : 'copy';
    if (!disabled) setOver(true);
  };
  const drop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    if (disabled) return;
    const files = Array.from(e.dataTransfer.files);
    if (files.length) onFiles(files, { dropped: true });
  };

  return (
    <div className="flex flex-col gap-3">
      <fieldset
        aria-label="Drop zone"
        aria-describedby={hintId}
        aria-disabled={disabled || undefined}
        data-dragging={over || undefined}
        onDragEnter={dragOver}
        onDragOver={dragOver}
        onDragLeave={() => setOver(false)}
        onDrop={drop}
        className={clsx(
          'flex min-w-0 flex-col items-center gap-2 rounded-2xl border-2 border-dashed px-4 py-8 text-center transition-colors',
          disabled
            ? 'cursor-not-allowed border-neutral-200 text-neutral-400 dark:border-neutral-800'
            : 'border-neutral-300 text-neutral-600 dark:border-neutral-700 dark:text-neutral-300',
          over && 'border-teal-600 bg-teal-50 dark:bg-teal-950/30',
        )}
      >
        <Upload aria-hidden className="size-6" />
        <p id={hintId} className="text-sm font-medium">
          {disabled ? UPLOAD_TEXT.dropDisabled : UPLOAD_TEXT.dropIdle}
        </p>
        <button type="button" className="btn-secondary !py-1.5" disabled={disabled} onClick={() => input.current?.click()}>
          Browse files
        </button>
        <input
          ref={input}
          type="file"
          multiple
          accept={ACCEPT_ATTRIBUTE}
          disabled={disabled}
          aria-label="Choose files to upload"
          className="sr-only"
          tabIndex={-1}
          onChange={(e) => {
            const files = Array.from(e.currentTarget.files ?? []);
            // Cleared so choosing the same file again still fires a change.
            e.currentTarget.value = '';
            if (files.length) onFiles(files, { dropped: false });
          }}
        />
      </fieldset>
      {list ?? <p className="text-center text-xs text-neutral-500 dark:text-neutral-400">{UPLOAD_TEXT.dropList}</p>}
    </div>
  );
}
