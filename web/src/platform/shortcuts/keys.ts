// Pure keyboard-shortcut logic: parsing and formatting bindings such as "Ctrl+Shift+P", and
// matching a keydown to an action. No DOM here, so it is unit- and property-tested.

export type Os = 'mac' | 'windows' | 'linux';
/** Where the app runs: the OS picks the key table; the Windows app has its own extras. */
export type Platform = { os: Os; windowsApp: boolean };

export const ACTIONS = ['newThread', 'showShortcuts', 'toggleVoiceMode', 'toggleDictation', 'toggleIncognito', 'focusAsk'] as const;
export type ShortcutAction = (typeof ACTIONS)[number];
/** Seeds: "Only the first two are editable." */
export const EDITABLE_ACTIONS = ['newThread', 'showShortcuts'] as const;
export type EditableAction = (typeof EDITABLE_ACTIONS)[number];

/** `key` is lowercase for one printable character, else a KeyboardEvent key name ("Enter", "F5", "Space"). */
export type Binding = { key: string; ctrl: boolean; meta: boolean; alt: boolean; shift: boolean };
/** The part of a KeyboardEvent we read. */
export type KeyInput = {
  key: string;
  code?: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  shiftKey: boolean;
  repeat?: boolean;
  isComposing?: boolean;
};

const NAMED_KEYS = [
  'Enter',
  'Escape',
  'Tab',
  'Space',
  'Backspace',
  'Delete',
  'Insert',
  'Home',
  'End',
  'PageUp',
  'PageDown',
  'ArrowUp',
  'ArrowDown',
  'ArrowLeft',
  'ArrowRight',
  ...Array.from({ length: 12 }, (_, i) => `F${i + 1}`),
];
const NAMED = new Map(NAMED_KEYS.map((k) => [k.toLowerCase(), k]));
const MODIFIER_KEYS = new Set(['Control', 'Meta', 'Alt', 'Shift', 'AltGraph', 'CapsLock', 'OS', 'Fn']);
const MODIFIER_NAMES: Record<string, keyof Omit<Binding, 'key'>> = {
  ctrl: 'ctrl',
  control: 'ctrl',
  cmd: 'meta',
  meta: 'meta',
  command: 'meta',
  win: 'meta',
  alt: 'alt',
  option: 'alt',
  shift: 'shift',
};

/** Normalises a KeyboardEvent.key; null for keys that cannot be bound (modifiers, dead keys). */
export function normalizeKey(key: string): string | null {
  if (key === ' ') return 'Space';
  if (MODIFIER_KEYS.has(key) || key === 'Dead' || key === 'Unidentified' || key === 'Process') return null;
  if ([...key].length === 1) {
    const lower = key.toLowerCase();
    return [...lower].length === 1 ? lower : key;
  }
  return NAMED.get(key.toLowerCase()) ?? null;
}

/** "Ctrl+Shift+P", "Cmd+/", ";", "J" → Binding; null when it is not a valid binding. */
export function parseBinding(text: string): Binding | null {
  const t = text.trim();
  if (!t) return null;
  // The key comes last and may itself be "+" ("Ctrl++", "+").
  const cut = t.endsWith('+') ? t.length - 1 : t.lastIndexOf('+') + 1;
  const key = normalizeKey(t.slice(cut));
  if (!key) return null;
  const mods = cut > 0 ? t.slice(0, cut - 1).split('+') : [];
  const b: Binding = { key, ctrl: false, meta: false, alt: false, shift: false };
  for (const m of mods) {
    const name = MODIFIER_NAMES[m.trim().toLowerCase()];
    if (!name || b[name]) return null;
    b[name] = true;
  }
  return b;
}

const keyLabel = (key: string) => (/^[a-z]$/.test(key) ? key.toUpperCase() : key);

/** The canonical text of a binding (what settings store): "Ctrl+Cmd+Alt+Shift+K". */
export function formatBinding(b: Binding): string {
  return [b.ctrl && 'Ctrl', b.meta && 'Cmd', b.alt && 'Alt', b.shift && 'Shift', keyLabel(b.key)].filter(Boolean).join('+');
}

/** The key caps people see on their OS: ["⌘", "K"] on a Mac, ["Ctrl", "Shift", "P"] elsewhere. */
export function displayKeys(b: Binding, os: Os): string[] {
  if (os === 'mac') return [b.ctrl && '⌃', b.alt && '⌥', b.shift && '⇧', b.meta && '⌘', keyLabel(b.key)].filter((k): k is string => !!k);
  return [b.ctrl && 'Ctrl', b.meta && 'Win', b.alt && 'Alt', b.shift && 'Shift', keyLabel(b.key)].filter((k): k is string => !!k);
}

/** The binding a keydown spells, or null for a lone modifier. */
export function bindingFromEvent(e: KeyInput): Binding | null {
  const key = normalizeKey(e.key);
  if (!key) return null;
  return { key, ctrl: e.ctrlKey, meta: e.metaKey, alt: e.altKey, shift: e.shiftKey };
}

/** Letter and digit keys by physical position, for when Alt/Option or a layout changes `key`. */
function codeKey(code: string | undefined): string | null {
  const m = code && /^(?:Key([A-Z])|Digit([0-9]))$/.exec(code);
  return m ? (m[1] ?? m[2]).toLowerCase() : null;
}

export function eventMatches(e: KeyInput, b: Binding): boolean {
  if (e.ctrlKey !== b.ctrl || e.metaKey !== b.meta || e.altKey !== b.alt || e.shiftKey !== b.shift) return false;
  const key = normalizeKey(e.key);
  if (key === b.key) return true;
  // Only fall back to the physical key when a modifier is held (plain typing uses `key`).
  return (b.ctrl || b.meta || b.alt) && codeKey(e.code) === b.key;
}

/** A single-key shortcut (no Ctrl, Cmd or Alt) would eat typed text, so it never fires while typing. */
export const isSingleKey = (b: Binding) => !b.ctrl && !b.meta && !b.alt;

export function matchShortcut(e: KeyInput, bindings: Partial<Record<ShortcutAction, Binding[]>>, ctx: { typing: boolean }): ShortcutAction | null {
  if (e.repeat || e.isComposing) return null;
  for (const action of ACTIONS) {
    for (const b of bindings[action] ?? []) {
      if (ctx.typing && isSingleKey(b)) continue;
      if (eventMatches(e, b)) return action;
    }
  }
  return null;
}

export const sameBinding = (a: Binding, b: Binding) => a.key === b.key && a.ctrl === b.ctrl && a.meta === b.meta && a.alt === b.alt && a.shift === b.shift;
