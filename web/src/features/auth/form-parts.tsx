// The fields and error line of the account forms (login modal, password reset, verification).
import { useId, type ReactNode } from 'react';

type FieldProps = {
  label: string;
  name: string;
  type?: string;
  autoComplete: string;
  minLength?: number;
  maxLength?: number;
  hint?: string;
  inputMode?: 'numeric' | 'text';
  pattern?: string;
};

export function Field({ label, hint, ...input }: FieldProps) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="label">
        {label}
      </label>
      <input id={id} required className="field" aria-describedby={hint ? `${id}-hint` : undefined} {...input} />
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-neutral-500 dark:text-neutral-400">
          {hint}
        </p>
      )}
    </div>
  );
}

export function FormError({ children }: { children: ReactNode }) {
  return (
    <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700 dark:bg-red-950/50 dark:text-red-300">
      {children}
    </p>
  );
}
