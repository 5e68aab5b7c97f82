// One choice of a radio group of described options (who can see an answer, who can see a
// Space): a label, a line under it, and a check on the selected one. A native radio (invisible,
// covering the option) gives the group its keyboard: Tab to the group, arrows to choose.
import { clsx } from 'clsx';
import { Check } from './icons';
import { CHOICE_FOCUS_RING, COVERING_RADIO } from './focus-ring';

type Props = { name: string; label: string; description: string; selected: boolean; disabled?: boolean; onSelect: () => void };

export function ChoiceOption({ name, label, description, selected, disabled, onSelect }: Props) {
  return (
    <label
      className={clsx(
        'relative flex items-start gap-3 rounded-xl px-2.5 py-2 text-left transition-colors has-[:disabled]:cursor-not-allowed',
        CHOICE_FOCUS_RING,
        selected ? 'bg-neutral-100 dark:bg-neutral-800' : 'hover:bg-neutral-50 has-[:disabled]:opacity-50 dark:hover:bg-neutral-800/60',
      )}
    >
      <input type="radio" name={name} checked={selected} disabled={disabled} onChange={onSelect} className={COVERING_RADIO} />
      <span className="min-w-0 flex-1">
        <span className="block text-sm font-medium text-neutral-900 dark:text-neutral-100">{label}</span>
        <span className="block text-xs text-neutral-500 dark:text-neutral-400">{description}</span>
      </span>
      {selected && <Check aria-hidden className="mt-0.5 size-4 text-teal-600" />}
    </label>
  );
}
