// The local settings kept on this device, their defaults, and a parser that keeps every valid
// field and falls back to the default for anything unknown, missing or corrupt.
import { EDITABLE_ACTIONS, type EditableAction } from '../shortcuts/keys';

/** The storage key carries the version (seeds: "The settings storage key carries version v1"). */
export const SETTINGS_STORAGE_KEY = 'answer-engine.settings.v1';

export const COLOUR_SCHEMES = ['light', 'dark', 'system'] as const;
export type ColourScheme = (typeof COLOUR_SCHEMES)[number];

export type Settings = {
  colourScheme: ColourScheme;
  sidebarCollapsed: boolean;
  sidebarPinned: boolean;
  hiddenHubs: string[];
  incognito: boolean;
  dismissedBanners: string[];
  preferredSearchMode: string | null;
  /** How deep questions are answered (quick, pro): the ask boxes' depth picker. */
  preferredAnswerDepth: string | null;
  /** Preferred model per search mode. */
  preferredModels: Record<string, string>;
  impressionCounters: Record<string, number>;
  /** Rebound keys of the editable shortcuts, as binding strings such as "Ctrl+Shift+K". */
  shortcuts: Partial<Record<EditableAction, string[]>>;
};

export const DEFAULT_SETTINGS: Settings = {
  colourScheme: 'system',
  sidebarCollapsed: false,
  sidebarPinned: true,
  hiddenHubs: [],
  incognito: false,
  dismissedBanners: [],
  preferredSearchMode: null,
  preferredAnswerDepth: null,
  preferredModels: {},
  impressionCounters: {},
  shortcuts: {},
};

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const strings = (v: unknown) => (Array.isArray(v) && v.every((s) => typeof s === 'string') ? [...new Set(v as string[])] : undefined);
const recordOf = <T>(v: unknown, ok: (x: unknown) => x is T): Record<string, T> | undefined =>
  isRecord(v) && Object.values(v).every(ok) ? (v as Record<string, T>) : undefined;
const isString = (x: unknown): x is string => typeof x === 'string';
const isCount = (x: unknown): x is number => typeof x === 'number' && Number.isInteger(x) && x >= 0;
const bool = (v: unknown) => (typeof v === 'boolean' ? v : undefined);

function shortcutOverrides(v: unknown): Settings['shortcuts'] | undefined {
  if (!isRecord(v)) return undefined;
  const out: Settings['shortcuts'] = {};
  for (const action of EDITABLE_ACTIONS) {
    const keys = strings(v[action]);
    if (keys && keys.length > 0) out[action] = keys;
  }
  return out;
}

/** Parses whatever was stored; never throws. */
export function parseSettings(raw: unknown): Settings {
  if (!isRecord(raw)) return DEFAULT_SETTINGS;
  const d = DEFAULT_SETTINGS;
  return {
    colourScheme: COLOUR_SCHEMES.includes(raw.colourScheme as ColourScheme) ? (raw.colourScheme as ColourScheme) : d.colourScheme,
    sidebarCollapsed: bool(raw.sidebarCollapsed) ?? d.sidebarCollapsed,
    sidebarPinned: bool(raw.sidebarPinned) ?? d.sidebarPinned,
    hiddenHubs: strings(raw.hiddenHubs) ?? d.hiddenHubs,
    incognito: bool(raw.incognito) ?? d.incognito,
    dismissedBanners: strings(raw.dismissedBanners) ?? d.dismissedBanners,
    preferredSearchMode: typeof raw.preferredSearchMode === 'string' ? raw.preferredSearchMode : d.preferredSearchMode,
    preferredAnswerDepth: typeof raw.preferredAnswerDepth === 'string' ? raw.preferredAnswerDepth : d.preferredAnswerDepth,
    preferredModels: recordOf(raw.preferredModels, isString) ?? d.preferredModels,
    impressionCounters: recordOf(raw.impressionCounters, isCount) ?? d.impressionCounters,
    shortcuts: shortcutOverrides(raw.shortcuts) ?? d.shortcuts,
  };
}

/** Parses the stored JSON text; corrupt text gives the defaults. */
export function parseStoredSettings(text: string | null): Settings {
  if (text === null) return DEFAULT_SETTINGS;
  try {
    return parseSettings(JSON.parse(text));
  } catch {
    return DEFAULT_SETTINGS;
  }
}
