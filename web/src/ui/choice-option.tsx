// One choice of a radio group of described options (who can see an answer, who can see a
// Space): a label, a line under it, and a check on the selected one.
import { clsx } from 'clsx';
import { Check } from 'lucide-react';

type Props = { label: string; description: string; selected: boolean; disabled?: boolean; onSelect: () => void };

export function ChoiceOption({ label, description, selected, disabled, onSelect }: Props) {
  return (
    <button
      type="button"
      role="radio"
      aria-checked={selected}
      disabled={disabled}
      onClick={onSelect}
      className={clsx(
        'flex items-start gap-3 rounded-xl px-2.5 py-2 text-left transition-colors disabled:cursor-not-allowed',
        selected ? 'bg-neutral-100 dark:bg-neutral-800' : 'hover:bg-neutral-50 disabled:opacity-50 dark:hover:bg-neutral-800/60',
      )}
    >
      <span className="min-w-0 flex-1">
        <span className="block text-sm font-medium text-neutral-900 dark:text-neutral-100">{label}</span>
        <span className="block text-xs text-neutral-500 dark:text-neutral-400">{description}</span>
      </span>
      {selected && <Check aria-hidden className="mt-0.5 size-4 text-teal-600" />}
    </button>
  );
}
