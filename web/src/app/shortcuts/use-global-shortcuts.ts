// Listens for the shortcut table's keys on the whole page and runs the matching action.
import { useEffect, useMemo, useRef } from 'react';
import { useVoiceInput } from '../../platform/speech/voice-input';
import { useSettings } from '../../platform/settings/store';
import { matchShortcut, type Platform, type ShortcutAction } from '../../platform/shortcuts/keys';
import { effectiveBindings } from '../../platform/shortcuts/registry';

export type ShortcutHandlers = Record<ShortcutAction, () => void>;

/** True when keys typed here are text (single-key shortcuts must not fire). */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  return target instanceof HTMLInputElement && !['button', 'checkbox', 'radio', 'submit', 'reset', 'range', 'color', 'file'].includes(target.type);
}

/** `suspendSingleKeys`: while a modal is open, plain letters belong to it. */
export function useGlobalShortcuts(platform: Platform, handlers: ShortcutHandlers, suspendSingleKeys: boolean) {
  const { shortcuts } = useSettings();
  const voiceInput = useVoiceInput();
  const bindings = useMemo(() => effectiveBindings(platform, shortcuts, { voiceInput }), [platform, shortcuts, voiceInput]);
  const latest = useRef({ handlers, suspendSingleKeys });
  latest.current = { handlers, suspendSingleKeys };

  useEffect(() => {
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.defaultPrevented) return;
      const typing = latest.current.suspendSingleKeys || isTypingTarget(e.target);
      const action = matchShortcut(e, bindings, { typing });
      if (!action) return;
      e.preventDefault();
      latest.current.handlers[action]();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [bindings]);
}
