// The keyboard shortcuts list (seeds: "key lists per operating system"), with the keys of this
// OS and build, and a way into the editor. A shortcut this browser or server cannot serve (dictation
// without speech recognition) is listed with its key as off; it is not bound.
import { useModals } from '../../platform/modals/context';
import type { ModalProps } from '../../platform/modals/types';
import { currentPlatform } from '../../platform/environment';
import { useSettings } from '../../platform/settings/store';
import { ACTIONS, displayKeys, formatBinding, type Platform } from '../../platform/shortcuts/keys';
import { useVoiceInput } from '../../platform/speech/voice-input';
import { effectiveBindings, offOnServer, SHORTCUTS } from '../../platform/shortcuts/registry';
import { ModalTitle } from '../../ui/modal-parts';
import { KeyCaps } from './key-caps';

export default function ShortcutsModal({ platform = currentPlatform() }: ModalProps & { platform?: Platform }) {
  const { shortcuts } = useSettings();
  const { open } = useModals();
  const server = { voiceInput: useVoiceInput() };
  const bindings = effectiveBindings(platform, shortcuts, server);
  // Off on this server: listed with the keys they would have, apart.
  const off = effectiveBindings(platform, shortcuts, { voiceInput: true });
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
        {ACTIONS.filter((a) => off[a] && offOnServer(a, server)).map((action) => (
          <div key={action} className="flex items-center justify-between gap-4 py-2.5 text-neutral-500 dark:text-neutral-400">
            <dt className="text-sm">
              {SHORTCUTS[action].label}
              <span className="ml-2 text-xs">not in this browser: no speech recognition</span>
            </dt>
            <dd className="flex flex-wrap justify-end gap-2 opacity-60">
              {off[action]!.map((b) => (
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
