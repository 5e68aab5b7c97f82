// The light / dark / system choice, as one radio group: on /settings (this device) and on
// /account/preferences (the account, for every device).
import { clsx } from 'clsx';
import { Monitor, Moon, Sun } from '../../ui/icons';
import { CHOICE_FOCUS_RING, COVERING_RADIO } from '../../ui/focus-ring';
import { COLOUR_SCHEMES, type ColourScheme } from './schema';

const SCHEME = { light: { label: 'Light', icon: Sun }, dark: { label: 'Dark', icon: Moon }, system: { label: 'System', icon: Monitor } } satisfies Record<
  ColourScheme,
  unknown
>;

export function ColourSchemeChoice({ value, onChange, name = 'colour-scheme' }: { value: ColourScheme; onChange: (s: ColourScheme) => void; name?: string }) {
  return (
    <div role="radiogroup" aria-label="Colour scheme" className="inline-flex rounded-full bg-neutral-100 p-1 dark:bg-neutral-800">
      {COLOUR_SCHEMES.map((s) => {
        const { label, icon: Icon } = SCHEME[s];
        const checked = value === s;
        return (
          <label
            key={s}
            className={clsx(
              'relative inline-flex items-center gap-1.5 rounded-full px-3 py-1.5 text-sm font-medium transition-colors',
              CHOICE_FOCUS_RING,
              checked
                ? 'bg-white text-neutral-900 shadow-sm dark:bg-neutral-950 dark:text-white'
                : 'text-neutral-500 hover:text-neutral-900 dark:text-neutral-400 dark:hover:text-white',
            )}
          >
            <input type="radio" name={name} checked={checked} onChange={() => onChange(s)} className={COVERING_RADIO} />
            <Icon className="size-4" /> {label}
          </label>
        );
      })}
    </div>
  );
}
