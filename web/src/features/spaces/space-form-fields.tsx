// The Space form's inputs: a text field or area with its remaining-character count (red once over
// the maximum, seed 000 §5 "Text areas") and the emoji picker.
import { clsx } from 'clsx';
import { Ban } from '../../ui/icons';
import { useId } from 'react';
import { EMOJI_CHOICES, emojiChar } from './space-emoji';
import { remainingChars, type SpaceTextField } from './space-form-rules';
import { CHOICE_FOCUS_RING, COVERING_RADIO } from '../../ui/focus-ring';

type TextProps = {
  field: SpaceTextField;
  label: string;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  rows?: number;
  required?: boolean;
  autoFocus?: boolean;
};

export function CountedTextField({ field, label, value, onChange, placeholder, rows, required, autoFocus }: TextProps) {
  const id = useId();
  const left = remainingChars(field, value);
  const over = left < 0;
  const common = {
    id,
    name: field,
    value,
    placeholder,
    required,
    autoFocus,
    'aria-invalid': over || undefined,
    'aria-describedby': `${id}-count`,
    className: clsx('field', over && '!border-red-500'),
  };
  return (
    <div>
      <div className="flex items-baseline justify-between gap-2">
        <label htmlFor={id} className="label">
          {label}
          {!required && <span className="font-normal text-neutral-500"> (optional)</span>}
        </label>
        <span
          id={`${id}-count`}
          data-count={field}
          data-over={over || undefined}
          className={clsx('text-xs tabular-nums', over ? 'font-medium text-red-600 dark:text-red-400' : 'text-neutral-500')}
        >
          {left}
          <span className="sr-only"> characters left</span>
        </span>
      </div>
      {rows ? (
        <textarea {...common} rows={rows} onChange={(e) => onChange(e.target.value)} />
      ) : (
        <input {...common} type="text" onChange={(e) => onChange(e.target.value)} />
      )}
    </div>
  );
}

/** A grid of emoji plus "none"; the value is stored code points ('' for none). */
export function EmojiPicker({ value, onChange }: { value: string; onChange: (codes: string) => void }) {
  // A template's emoji may be outside the grid; keep it offered.
  const group = useId();
  const choices = value && !(EMOJI_CHOICES as readonly string[]).includes(value) ? [value, ...EMOJI_CHOICES] : EMOJI_CHOICES;
  const cell = (selected: boolean) =>
    clsx(
      'relative grid size-9 place-items-center rounded-lg text-xl transition-colors',
      CHOICE_FOCUS_RING,
      selected ? 'bg-neutral-900/10 ring-2 ring-neutral-900 dark:bg-white/10 dark:ring-white' : 'hover:bg-neutral-100 dark:hover:bg-neutral-800',
    );
  return (
    <fieldset>
      <legend className="label">Emoji</legend>
      <div role="radiogroup" aria-label="Emoji" className="flex flex-wrap gap-1">
        <label className={cell(value === '')}>
          <input type="radio" name={group} checked={value === ''} aria-label="No emoji" onChange={() => onChange('')} className={COVERING_RADIO} />
          <Ban className="size-4 text-neutral-400" />
        </label>
        {choices.map((codes) => (
          <label key={codes} className={cell(value === codes)}>
            <input
              type="radio"
              name={group}
              checked={value === codes}
              aria-label={`Emoji ${emojiChar(codes)}`}
              data-emoji={codes}
              onChange={() => onChange(codes)}
              className={COVERING_RADIO}
            />
            {emojiChar(codes)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
