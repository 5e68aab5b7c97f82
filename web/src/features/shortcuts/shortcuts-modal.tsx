// The keyboard shortcuts list (seeds: "key lists per operating system"), with the keys of this
// OS and build, and a way into the editor.
import { useModals } from '../../app/modals/context';
import type { ModalProps } from '../../app/modals/types';
import { currentPlatform } from '../../app/platform';
import { useSettings } from '../../app/settings/store';
import { ACTIONS, displayKeys, formatBinding, type Platform } from '../../app/shortcuts/keys';
import { effectiveBindings, SHORTCUTS } from '../../app/shortcuts/registry';
import { ModalTitle } from '../../ui/modal-parts';
import { KeyCaps } from './key-caps';

export default function ShortcutsModal({ platform = currentPlatform() }: ModalProps & { platform?: Platform }) {
  const { shortcuts } = useSettings();
  const { open } = useModals();
  const bindings = effectiveBindings(platform, shortcuts);
  return (
    <div className="space-y-4">
      <ModalTitle>Keyboard shortcuts</ModalTitle>
      <dl className="divide-y divide-neutral-100 dark:divide-neutral-800">
        {ACTIONS.filter((a) => bindings[a]).map((action) => (
          <div key={action} className="flex items-center justify-between gap-4 py-2.5">
            <dt className="text-sm">
              {SHORTCUTS[action].label}
              {SHORTCUTS[action].needsLogin && <span className="ml-2 text-xs text-neutral-500">needs sign-in</span>}
            </dt>
            <dd className="flex flex-wrap justify-end gap-2">
              {bindings[action]!.map((b) => (
                <KeyCaps key={formatBinding(b)} keys={displayKeys(b, platform.os)} />
              ))}
            </dd>
          </div>
        ))}
      </dl>
      <div className="flex justify-end">
        <button type="button" className="btn-secondary" onClick={() => open('keyboardShortcutEditor')}>
          Edit shortcuts
        </button>
      </div>
    </div>
  );
}
