import { describe, expect, it } from 'vitest';
import { displayKeys, formatBinding, matchShortcut, parseBinding, type Binding, type KeyInput, type Platform } from './keys';
import { effectiveBindings, rebindProblem } from './registry';

const key = (k: string, mods: Partial<KeyInput> = {}): KeyInput => ({ key: k, ctrlKey: false, metaKey: false, altKey: false, shiftKey: false, ...mods });
const mac: Platform = { os: 'mac', windowsApp: false };
const windows: Platform = { os: 'windows', windowsApp: false };
const linux: Platform = { os: 'linux', windowsApp: false };
const windowsApp: Platform = { os: 'windows', windowsApp: true };
const texts = (bs: Binding[] | undefined) => bs?.map(formatBinding);

describe('bindings', () => {
  it('parses and formats the seeds’ keys', () => {
    expect(parseBinding('Ctrl+Shift+P')).toEqual({ key: 'p', ctrl: true, meta: false, alt: false, shift: true });
    expect(parseBinding('Cmd+K')).toEqual({ key: 'k', ctrl: false, meta: true, alt: false, shift: false });
    expect(parseBinding(';')).toEqual({ key: ';', ctrl: false, meta: false, alt: false, shift: false });
    expect(parseBinding('Ctrl++')?.key).toBe('+');
    expect(formatBinding(parseBinding('shift+ctrl+p')!)).toBe('Ctrl+Shift+P');
  });

  it('refuses what is not a binding', () => {
    for (const bad of ['', 'Ctrl+', 'Ctrl+Ctrl+K', 'Hyper+K', 'Ctrl+Banana', '++', 'Shift']) expect(parseBinding(bad), bad).toBeNull();
  });

  it('shows Mac symbols on a Mac and words elsewhere', () => {
    expect(displayKeys(parseBinding('Cmd+K')!, 'mac')).toEqual(['⌘', 'K']);
    expect(displayKeys(parseBinding('Ctrl+Shift+P')!, 'windows')).toEqual(['Ctrl', 'Shift', 'P']);
  });
});

describe('the seeds’ shortcut table', () => {
  it('new thread is Cmd+K on a Mac, Ctrl+I or Ctrl+Shift+P on Windows and Linux', () => {
    expect(texts(effectiveBindings(mac).newThread)).toEqual(['Cmd+K']);
    expect(texts(effectiveBindings(windows).newThread)).toEqual(['Ctrl+I', 'Ctrl+Shift+P']);
    expect(texts(effectiveBindings(linux).newThread)).toEqual(['Ctrl+I', 'Ctrl+Shift+P']);
  });

  it('show shortcuts is Cmd+/ or Ctrl+/; incognito is ;, focus is J', () => {
    expect(texts(effectiveBindings(mac).showShortcuts)).toEqual(['Cmd+/']);
    expect(texts(effectiveBindings(windows).showShortcuts)).toEqual(['Ctrl+/']);
    expect(texts(effectiveBindings(windows).toggleIncognito)).toEqual([';']);
    expect(texts(effectiveBindings(mac).focusAsk)).toEqual(['J']);
  });

  it('voice mode exists only in the Windows app; dictation is D, or Ctrl+D in the Windows app, where there is voice input', () => {
    expect(effectiveBindings(windows).toggleVoiceMode).toBeUndefined();
    expect(texts(effectiveBindings(windowsApp).toggleVoiceMode)).toEqual(['Ctrl+Shift+B']);
    const voice = { voiceInput: true };
    expect(texts(effectiveBindings(windows, {}, voice).toggleDictation)).toEqual(['D']);
    expect(texts(effectiveBindings(windowsApp, {}, voice).toggleDictation)).toEqual(['Ctrl+D']);
    // No voice input on this server: D is not bound (it would only say that dictation is missing).
    expect(effectiveBindings(windows).toggleDictation).toBeUndefined();
    expect(effectiveBindings(windowsApp, {}, { voiceInput: false }).toggleDictation).toBeUndefined();
  });

  it('applies rebinds of the editable shortcuts only', () => {
    const b = effectiveBindings(windows, { newThread: ['Alt+N'] });
    expect(texts(b.newThread)).toEqual(['Alt+N']);
    expect(texts(b.showShortcuts)).toEqual(['Ctrl+/']);
  });
});

describe('matching a keydown', () => {
  const win = effectiveBindings(windows);
  it('finds the action of each key on Windows', () => {
    expect(matchShortcut(key('i', { ctrlKey: true }), win, { typing: false })).toBe('newThread');
    expect(matchShortcut(key('P', { ctrlKey: true, shiftKey: true }), win, { typing: false })).toBe('newThread');
    expect(matchShortcut(key('/', { ctrlKey: true }), win, { typing: false })).toBe('showShortcuts');
    expect(matchShortcut(key(';'), win, { typing: false })).toBe('toggleIncognito');
    expect(matchShortcut(key('j'), win, { typing: false })).toBe('focusAsk');
  });

  it('Cmd+K on a Mac, even when a layout changes `key`', () => {
    const m = effectiveBindings(mac);
    expect(matchShortcut(key('k', { metaKey: true }), m, { typing: false })).toBe('newThread');
    expect(matchShortcut(key('л', { code: 'KeyK', metaKey: true }), m, { typing: false })).toBe('newThread');
    expect(matchShortcut(key('i', { ctrlKey: true }), m, { typing: false })).toBeNull();
  });

  it('never fires a single-key shortcut while typing, but does fire modifier shortcuts', () => {
    expect(matchShortcut(key('j'), win, { typing: true })).toBeNull();
    expect(matchShortcut(key(';'), win, { typing: true })).toBeNull();
    expect(matchShortcut(key('/', { ctrlKey: true }), win, { typing: true })).toBe('showShortcuts');
  });

  it('needs the exact modifiers', () => {
    expect(matchShortcut(key('J', { shiftKey: true }), win, { typing: false })).toBeNull();
    expect(matchShortcut(key('i', { ctrlKey: true, altKey: true }), win, { typing: false })).toBeNull();
    expect(matchShortcut(key('j', { repeat: true }), win, { typing: false })).toBeNull();
  });
});

describe('rebinding', () => {
  it('refuses a key without Ctrl, Cmd or Alt, and a clash with another shortcut', () => {
    expect(rebindProblem('newThread', parseBinding('N')!, windows, {})).toMatch(/Ctrl or Alt/);
    expect(rebindProblem('newThread', parseBinding('Ctrl+/')!, windows, {})).toMatch(/Show keyboard shortcuts/);
    expect(rebindProblem('newThread', parseBinding('Ctrl+Alt+N')!, windows, {})).toBeNull();
  });
});
