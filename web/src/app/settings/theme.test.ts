// Dark mode: which schemes are dark, and index.html's pre-paint script reads the same v1 key.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SETTINGS_STORAGE_KEY } from './schema';
import { isDark } from './theme';

describe('colour scheme', () => {
  it('is dark for "dark", and for "system" when the OS prefers dark', () => {
    expect(isDark('dark', false)).toBe(true);
    expect(isDark('light', true)).toBe(false);
    expect(isDark('system', true)).toBe(true);
    expect(isDark('system', false)).toBe(false);
  });

  it('is applied before first paint by index.html, from the settings key', () => {
    const html = readFileSync(new URL('../../../index.html', import.meta.url), 'utf8');
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain(`localStorage.getItem('${SETTINGS_STORAGE_KEY}')`);
    expect(head).toContain("classList.add('dark')");
  });
});
