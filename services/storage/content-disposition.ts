// The Content-Disposition header of a download, shared by both adapters (the local bucket sends
// it, S3 is told to send it). RFC 6266: a plain ASCII `filename` for old clients and an RFC 5987
// `filename*` carrying the exact UTF-8 name.

export function contentDisposition(filename: string, inline: boolean): string {
  const type = inline ? 'inline' : 'attachment';
  // Lone surrogates would make encodeURIComponent throw: replace them as toWellFormed() does.
  const name = filename
    .replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd')
    .replace(/[\r\n]/g, ' ')
    .trim();
  if (!name) return type;
  const fallback = name.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  return `${type}; filename="${fallback}"; filename*=UTF-8''${encodeRfc5987(name)}`;
}

/** Percent-encodes everything outside RFC 5987's attr-char set. */
function encodeRfc5987(value: string): string {
  return encodeURIComponent(value).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}
