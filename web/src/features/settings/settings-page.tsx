// Settings kept on this device: colour scheme (kept with the account too when signed in), incognito and keyboard shortcuts.
import { clsx } from 'clsx';
import type { ReactNode } from 'react';
import { useModals } from '../../platform/modals/context';
import { ColourSchemeChoice } from '../../platform/settings/colour-scheme-choice';
import { toggleIncognito } from '../../platform/settings/incognito';
import type { ColourScheme } from '../../platform/settings/schema';
import { updateSettings, useSettings } from '../../platform/settings/store';
import { useAccountPreferences, useSavePreferences } from '../account-settings/account-preferences';

export default function SettingsPage() {
  const { colourScheme, incognito } = useSettings();
  const { open } = useModals();
  // Signed in, the scheme is kept with the account too, so the next load (here or on another
  // device) does not put the account's old one back.
  const account = useAccountPreferences();
  const save = useSavePreferences();
  const chooseScheme = (s: ColourScheme) => {
    updateSettings({ colourScheme: s });
    if (account.data) save.mutate({ data: { ...account.data, theme: s } });
  };
  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-12">
      <h1 className="mb-8 text-2xl font-semibold tracking-tight">Settings</h1>
      <div className="divide-y divide-neutral-200 rounded-2xl border border-neutral-200 dark:divide-neutral-800 dark:border-neutral-800">
        <Row title="Appearance" text={account.data ? 'How the app looks, on every device you sign in on.' : 'How the app looks on this device.'}>
          <ColourSchemeChoice value={colourScheme} onChange={chooseScheme} />
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
