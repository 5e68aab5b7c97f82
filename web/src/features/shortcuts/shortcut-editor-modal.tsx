// The editor for the two editable shortcuts (new thread, show shortcuts): press the new keys to
// rebind; the choice is kept in settings. A binding that clashes or needs no modifier is refused.
import { useState, type KeyboardEvent } from 'react';
import type { ModalProps } from '../../platform/modals/types';
import { currentPlatform } from '../../platform/environment';
import { updateSettings, useSettings } from '../../platform/settings/store';
import { bindingFromEvent, displayKeys, EDITABLE_ACTIONS, formatBinding, type EditableAction, type Platform } from '../../platform/shortcuts/keys';
import { effectiveBindings, rebindProblem, SHORTCUTS } from '../../platform/shortcuts/registry';
import { toast, TOAST_DURATION } from '../../platform/toasts';
import { ModalTitle } from '../../ui/modal-parts';
import { KeyCaps } from './key-caps';

export default function ShortcutEditorModal({ close, platform = currentPlatform() }: ModalProps & { platform?: Platform }) {
  const { shortcuts } = useSettings();
  const [recording, setRecording] = useState<EditableAction | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const bindings = effectiveBindings(platform, shortcuts);

  const record = (action: EditableAction) => (e: KeyboardEvent<HTMLButtonElement>) => {
    if (e.key === 'Escape') return; // Escape still closes the dialog
    const b = bindingFromEvent(e.nativeEvent);
    if (!b) return; // a modifier alone: wait for the key
    e.preventDefault();
    e.stopPropagation();
    const why = rebindProblem(action, b, platform, shortcuts);
    if (why) return setProblem(why);
    updateSettings((s) => ({ shortcuts: { ...s.shortcuts, [action]: [formatBinding(b)] } }));
    setRecording(null);
    setProblem(null);
    toast.success(`${SHORTCUTS[action].label}: ${displayKeys(b, platform.os).join('+')}`, { duration: TOAST_DURATION.short });
  };
  const reset = (action: EditableAction) => {
    updateSettings((s) => {
      const { [action]: _, ...rest } = s.shortcuts;
      return { shortcuts: rest };
    });
    setRecording(null);
    setProblem(null);
  };

  return (
    <div className="space-y-4">
      <ModalTitle>Edit keyboard shortcuts</ModalTitle>
      <ul className="divide-y divide-neutral-100 dark:divide-neutral-800">
        {EDITABLE_ACTIONS.map((action) => (
          <li key={action} className="flex flex-wrap items-center justify-between gap-3 py-3">
            <span className="text-sm">{SHORTCUTS[action].label}</span>
            <span className="flex items-center gap-2">
              {recording === action ? (
                <button
                  type="button"
                  // biome-ignore lint/a11y/noAutofocus: the person just pressed Change; the next keys they press are the new binding.
                  autoFocus
                  onKeyDown={record(action)}
                  onBlur={() => setRecording(null)}
                  className="rounded-lg border border-dashed border-neutral-400 px-3 py-1 text-sm text-neutral-600 dark:text-neutral-300"
                >
                  Press the new keys…
                </button>
              ) : (
                <>
                  {(bindings[action] ?? []).map((b) => (
                    <KeyCaps key={formatBinding(b)} keys={displayKeys(b, platform.os)} />
                  ))}
                  <button
                    type="button"
                    className="btn-ghost"
                    aria-label={`Change ${SHORTCUTS[action].label}`}
                    onClick={() => {
                      setProblem(null);
                      setRecording(action);
                    }}
                  >
                    Change
                  </button>
                </>
              )}
              {shortcuts[action] && (
                <button type="button" className="btn-ghost" aria-label={`Reset ${SHORTCUTS[action].label}`} onClick={() => reset(action)}>
                  Reset
                </button>
              )}
            </span>
          </li>
        ))}
      </ul>
      {problem && (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {problem}
        </p>
      )}
      <div className="flex justify-end">
        <button type="button" className="btn-primary" onClick={close}>
          Done
        </button>
      </div>
    </div>
  );
}
