// Which pages may talk to the extension: those the manifest's externally_connectable matches name
// (the app's origin, set when the extension is built). Chrome enforces it; the worker checks again,
// since the app's origin is where the agent token goes.
export function originAllowed(origin: string | undefined, patterns: readonly string[]): boolean {
  if (!origin) return false;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  return patterns.some((p) => {
    const m = /^(https?|\*):\/\/([^/:]+)(?::(\d+))?\/.*$/.exec(p);
    if (!m) return false;
    const [, scheme, host, port] = m;
    if (scheme !== '*' && `${scheme}:` !== url.protocol) return false;
    if (port && port !== url.port) return false;
    if (host.startsWith('*.')) return url.hostname === host.slice(2) || url.hostname.endsWith(host.slice(1));
    return url.hostname === host;
  });
}
