// Where the browser returns after a provider: a path on this site only (never another origin, so
// the callback cannot be used to send someone elsewhere), with what happened in its query.

/** A path on this site, or null: starts with one slash, no backslash, no scheme, no control characters. */
export function sitePath(path: string | undefined | null): string | null {
  if (!path?.startsWith('/') || path.startsWith('//') || path.includes('\\')) return null;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this refuses.
  if (/[\u0000-\u001f\u007f]/.test(path)) return null;
  try {
    const u = new URL(path, 'http://site.invalid');
    return u.origin === 'http://site.invalid' ? u.pathname + u.search + u.hash : null;
  } catch {
    return null;
  }
}

/** The return path with one outcome parameter added (keeping the rest of its query). */
export function withOutcome(path: string, key: 'connected' | 'connection_cancelled' | 'connection_error', value: string) {
  const u = new URL(path, 'http://site.invalid');
  u.searchParams.set(key, value);
  return u.pathname + u.search + u.hash;
}
