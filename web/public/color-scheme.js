// Apply the stored colour scheme before first paint, so a dark page never flashes light.
// Mirrors web/src/app/settings/theme.ts (key answer-engine.settings.v1). A file rather than an
// inline script: the Content-Security-Policy runs no inline script.
try {
  const s = JSON.parse(localStorage.getItem('answer-engine.settings.v1') || '{}') || {};
  const c = s.colourScheme;
  if (c === 'dark' || (c !== 'light' && matchMedia('(prefers-color-scheme: dark)').matches)) document.documentElement.classList.add('dark');
} catch (_e) {}
