// Dark mode: the `dark` class on <html>. web/public/color-scheme.js (loaded by index.html) sets it before first paint; this keeps it
// in step with the settings and, for "system", with the operating system's preference.
import { useEffect } from 'react';
import type { ColourScheme } from '../../platform/settings/schema';
import { useSettings } from '../../platform/settings/store';

const DARK_QUERY = '(prefers-color-scheme: dark)';

export function isDark(scheme: ColourScheme, systemDark: boolean) {
  return scheme === 'dark' || (scheme === 'system' && systemDark);
}

function apply(scheme: ColourScheme) {
  const systemDark = typeof matchMedia === 'function' && matchMedia(DARK_QUERY).matches;
  document.documentElement.classList.toggle('dark', isDark(scheme, systemDark));
}

export function useColourScheme() {
  const { colourScheme } = useSettings();
  useEffect(() => {
    apply(colourScheme);
    if (colourScheme !== 'system' || typeof matchMedia !== 'function') return;
    const media = matchMedia(DARK_QUERY);
    const onChange = () => apply(colourScheme);
    media.addEventListener('change', onChange);
    return () => media.removeEventListener('change', onChange);
  }, [colourScheme]);
  return colourScheme;
}
