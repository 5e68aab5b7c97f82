// A file input for one try-on photo, labelled as a button.
import type { ChangeEvent } from 'react';

export function PhotoInput({ label, disabled, onFile }: { label: string; disabled?: boolean; onFile: (file: File) => void }) {
  const choose = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.currentTarget.files?.[0];
    e.currentTarget.value = '';
    if (file) onFile(file);
  };
  return (
    <label className="btn-secondary cursor-pointer text-center">
      {label}
      <input type="file" accept="image/*" className="sr-only" disabled={disabled} onChange={choose} />
    </label>
  );
}
