// Dark mode: which schemes are dark, and the pre-paint script index.html loads reads the same v1 key.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SETTINGS_STORAGE_KEY } from '../../platform/settings/schema';
import { isDark } from './theme';

describe('colour scheme', () => {
  it('is dark for "dark", and for "system" when the OS prefers dark', () => {
    expect(isDark('dark', false)).toBe(true);
    expect(isDark('light', true)).toBe(false);
    expect(isDark('system', true)).toBe(true);
    expect(isDark('system', false)).toBe(false);
  });

  it('is applied before first paint by the script index.html loads in its head, from the settings key', () => {
    const html = readFileSync(new URL('../../../index.html', import.meta.url), 'utf8');
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain('<script src="/color-scheme.js"></script>');
    const script = readFileSync(new URL('../../../public/color-scheme.js', import.meta.url), 'utf8');
    expect(script).toContain(`localStorage.getItem('${SETTINGS_STORAGE_KEY}')`);
    expect(script).toContain("classList.add('dark')");
  });
});
