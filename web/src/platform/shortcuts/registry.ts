// The shortcut table of the seeds, per platform, and the bindings in effect once a person's
// rebinds of the two editable shortcuts are applied. Pure, so it is tested without a browser.
import {
  ACTIONS,
  EDITABLE_ACTIONS,
  parseBinding,
  sameBinding,
  isSingleKey,
  formatBinding,
  type Binding,
  type EditableAction,
  type Platform,
  type ShortcutAction,
} from './keys';

export type ShortcutDef = {
  label: string;
  editable: boolean;
  /** Voice mode needs a signed-in user. */
  needsLogin?: boolean;
  /** Dictation needs voice input (the browser's speech recognition, platform/speech): not bound without it. */
  needsVoiceInput?: boolean;
  available: (p: Platform) => boolean;
  defaults: (p: Platform) => string[];
};

const everywhere = () => true;

export const SHORTCUTS: Record<ShortcutAction, ShortcutDef> = {
  newThread: { label: 'New thread', editable: true, available: everywhere, defaults: (p) => (p.os === 'mac' ? ['Cmd+K'] : ['Ctrl+I', 'Ctrl+Shift+P']) },
  showShortcuts: { label: 'Show keyboard shortcuts', editable: true, available: everywhere, defaults: (p) => (p.os === 'mac' ? ['Cmd+/'] : ['Ctrl+/']) },
  toggleVoiceMode: {
    label: 'Toggle voice mode',
    editable: false,
    needsLogin: true,
    available: (p) => p.windowsApp,
    defaults: (p) => (p.os === 'mac' ? ['Cmd+Shift+B'] : ['Ctrl+Shift+B']),
  },
  toggleDictation: {
    label: 'Toggle voice dictation',
    editable: false,
    needsVoiceInput: true,
    available: everywhere,
    defaults: (p) => (p.windowsApp ? ['Ctrl+D'] : ['D']),
  },
  toggleIncognito: { label: 'Toggle incognito', editable: false, available: everywhere, defaults: () => [';'] },
  focusAsk: { label: 'Focus the ask input', editable: false, available: everywhere, defaults: () => ['J'] },
};

const parseAll = (texts: string[]) => texts.map(parseBinding).filter((b): b is Binding => b !== null);

/** What this browser and server offer that shortcuts need; without voice input, dictation is not bound. */
export type ShortcutServer = { voiceInput: boolean };
const NO_VOICE: ShortcutServer = { voiceInput: false };

/** Off on this server although the platform has it: listed as such, never bound. */
export const offOnServer = (action: ShortcutAction, server: ShortcutServer) => !!SHORTCUTS[action].needsVoiceInput && !server.voiceInput;

/** The actions offered on this platform and server with their bindings, rebinds applied. */
export function effectiveBindings(
  p: Platform,
  overrides: Partial<Record<EditableAction, string[]>> = {},
  server: ShortcutServer = NO_VOICE,
): Partial<Record<ShortcutAction, Binding[]>> {
  const out: Partial<Record<ShortcutAction, Binding[]>> = {};
  for (const action of ACTIONS) {
    const def = SHORTCUTS[action];
    if (!def.available(p) || offOnServer(action, server)) continue;
    const rebound = def.editable ? parseAll(overrides[action as EditableAction] ?? []) : [];
    out[action] = rebound.length > 0 ? rebound : parseAll(def.defaults(p));
  }
  return out;
}

/** Why a new binding for an editable shortcut is refused, or null when it is fine. */
export function rebindProblem(action: EditableAction, b: Binding, p: Platform, overrides: Partial<Record<EditableAction, string[]>>): string | null {
  if (isSingleKey(b)) return p.os === 'mac' ? 'Hold Cmd, Ctrl or Option with the key.' : 'Hold Ctrl or Alt with the key.';
  const bindings = effectiveBindings(p, overrides);
  for (const other of ACTIONS) {
    if (other === action) continue;
    if ((bindings[other] ?? []).some((x) => sameBinding(x, b))) return `${formatBinding(b)} is already used by “${SHORTCUTS[other].label}”.`;
  }
  return null;
}

export const isEditable = (a: ShortcutAction): a is EditableAction => (EDITABLE_ACTIONS as readonly string[]).includes(a);
