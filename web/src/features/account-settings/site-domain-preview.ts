// The form's quick reading of a pasted site: the host name as the server will most likely keep
// it (lower case, punycode, no scheme, path, port or leading `www.`), or null when it is plainly
// not a domain. The server decides for good (services/settings/site-domain.ts, with the public
// suffix list, which is too large to send to every browser for a preview).
export function previewSiteDomain(raw: string): string | null {
  const text = raw.trim();
  if (!text || /\s/.test(text)) return null;
  let host: string;
  try {
    host = new URL(text.includes('://') ? text : `http://${text}`).hostname.replace(/\.$/, '');
  } catch {
    return null;
  }
  const labels = host.split('.');
  if (labels.length < 2 || /^\d+$/.test(labels.at(-1) ?? '') || host.startsWith('[')) return null;
  if (labels.some((l) => !/^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/.test(l))) return null;
  return labels[0] === 'www' && labels.length > 2 ? labels.slice(1).join('.') : host;
}
