// Settings kept on this device: colour scheme, incognito and keyboard shortcuts.
import { clsx } from 'clsx';
import { Monitor, Moon, Sun } from 'lucide-react';
import type { ReactNode } from 'react';
import { useModals } from '../../app/modals/context';
import { toggleIncognito } from '../../app/layout/shell-shortcuts';
import { COLOUR_SCHEMES, type ColourScheme } from '../../app/settings/schema';
import { updateSettings, useSettings } from '../../app/settings/store';
import { CHOICE_FOCUS_RING, COVERING_RADIO } from '../../ui/focus-ring';

const SCHEME = { light: { label: 'Light', icon: Sun }, dark: { label: 'Dark', icon: Moon }, system: { label: 'System', icon: Monitor } } satisfies Record<
  ColourScheme,
  unknown
>;

export default function SettingsPage() {
  const { colourScheme, incognito } = useSettings();
  const { open } = useModals();
  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-12">
      <h1 className="mb-8 text-2xl font-semibold tracking-tight">Settings</h1>
      <div className="divide-y divide-neutral-200 rounded-2xl border border-neutral-200 dark:divide-neutral-800 dark:border-neutral-800">
        <Row title="Appearance" text="How the app looks on this device.">
          <div role="radiogroup" aria-label="Colour scheme" className="inline-flex rounded-full bg-neutral-100 p-1 dark:bg-neutral-800">
            {COLOUR_SCHEMES.map((s) => {
              const { label, icon: Icon } = SCHEME[s];
              const checked = colourScheme === s;
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
                  <input type="radio" name="colour-scheme" checked={checked} onChange={() => updateSettings({ colourScheme: s })} className={COVERING_RADIO} />
                  <Icon className="size-4" /> {label}
                </label>
              );
            })}
          </div>
        </Row>
        <Row title="Incognito" text="New threads are not kept in your history.">
          <button
            type="button"
            role="switch"
            aria-checked={incognito}
            aria-label="Incognito"
            onClick={toggleIncognito}
            className={clsx(
              'relative h-6 w-11 rounded-full transition-colors',
              incognito ? 'bg-neutral-900 dark:bg-white' : 'bg-neutral-300 dark:bg-neutral-700',
            )}
          >
            <span
              className={clsx(
                'absolute top-0.5 size-5 rounded-full bg-white shadow transition-transform dark:bg-neutral-900',
                incognito ? 'translate-x-5.5' : 'translate-x-0.5',
              )}
            />
          </button>
        </Row>
        <Row title="Keyboard shortcuts" text="See every shortcut, or change the editable ones.">
          <div className="flex gap-2">
            <button type="button" className="btn-secondary" onClick={() => open('keyboardShortcutHelper')}>
              View
            </button>
            <button type="button" className="btn-secondary" onClick={() => open('keyboardShortcutEditor')}>
              Edit
            </button>
          </div>
        </Row>
      </div>
    </div>
  );
}

function Row({ title, text, children }: { title: string; text: string; children: ReactNode }) {
  return (
    <section className="flex flex-wrap items-center justify-between gap-4 p-5">
      <div>
        <h2 className="text-sm font-medium">{title}</h2>
        <p className="text-sm text-neutral-500 dark:text-neutral-400">{text}</p>
      </div>
      {children}
    </section>
  );
}
