// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, parseStoredSettings, SETTINGS_STORAGE_KEY } from './schema';
import { getSettings, reloadSettings, updateSettings } from './store';

beforeEach(() => {
  localStorage.clear();
  reloadSettings();
});

describe('settings store', () => {
  it('keeps everything under one key that carries v1', () => {
    expect(SETTINGS_STORAGE_KEY).toMatch(/v1/);
    updateSettings({ colourScheme: 'dark', sidebarCollapsed: true });
    updateSettings((s) => ({ dismissedBanners: [...s.dismissedBanners, 'signup-card'] }));
    expect(Object.keys(localStorage)).toEqual([SETTINGS_STORAGE_KEY]);
    expect(JSON.parse(localStorage.getItem(SETTINGS_STORAGE_KEY)!)).toMatchObject({
      colourScheme: 'dark',
      sidebarCollapsed: true,
      dismissedBanners: ['signup-card'],
    });
  });

  it('reads back what was stored, after a reload', () => {
    updateSettings({ incognito: true, preferredModels: { pro: 'model-a' }, impressionCounters: { welcome_back: 2 }, shortcuts: { newThread: ['Alt+N'] } });
    reloadSettings();
    expect(getSettings()).toMatchObject({
      incognito: true,
      preferredModels: { pro: 'model-a' },
      impressionCounters: { welcome_back: 2 },
      shortcuts: { newThread: ['Alt+N'] },
    });
  });

  it('falls back to the defaults when the stored value is corrupt', () => {
    localStorage.setItem(SETTINGS_STORAGE_KEY, '{not json');
    reloadSettings();
    expect(getSettings()).toEqual(DEFAULT_SETTINGS);
    for (const junk of ['null', '42', '"dark"', '[1,2]']) expect(parseStoredSettings(junk)).toEqual(DEFAULT_SETTINGS);
  });

  it('keeps valid fields and drops unknown or mistyped ones, one by one', () => {
    const s = parseStoredSettings(
      JSON.stringify({
        colourScheme: 'purple',
        sidebarPinned: false,
        hiddenHubs: 'finance',
        incognito: 'yes',
        dismissedBanners: ['a', 'a'],
        impressionCounters: { x: -1 },
        shortcuts: { newThread: ['Alt+N'], focusAsk: ['K'] },
        extra: true,
      }),
    );
    expect(s).toEqual({ ...DEFAULT_SETTINGS, sidebarPinned: false, dismissedBanners: ['a'], shortcuts: { newThread: ['Alt+N'] } });
  });
});
