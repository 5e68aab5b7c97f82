// The language to translate into: the most preferred language of an Accept-Language header
// (RFC 9110 §12.5.4), as its primary subtag ('de-CH;q=0.9' → 'de'), which is what
// LibreTranslate-compatible servers take as `target`. Anything unusable falls back to English.
export const DEFAULT_TARGET_LANGUAGE = 'en';

const TAG = /^[a-z]{1,8}(?:-[a-z0-9]{1,8})*$/i;
const QUALITY = /^q=(0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/i;
/** ISO 639 codes are two or three letters; 'i-…' and 'x-…' tags name no language a server knows. */
const PRIMARY = /^[a-z]{2,3}$/;

type Choice = { language: string; quality: number; position: number };

function parseRange(part: string, position: number): Choice | null {
  const [tag = '', ...params] = part.split(';').map((s) => s.trim());
  if (!TAG.test(tag)) return null; // also drops '*': any language is no choice at all
  let quality = 1;
  for (const param of params) {
    const q = QUALITY.exec(param);
    if (!q) return null; // a malformed weight: ignore the range rather than guess
    quality = Number(q[1]);
  }
  const language = tag.split('-')[0]!.toLowerCase();
  if (quality === 0 || !PRIMARY.test(language)) return null;
  return { language, quality, position };
}

export function targetLanguage(header: string | undefined | null): string {
  if (!header) return DEFAULT_TARGET_LANGUAGE;
  const choices = header
    .split(',')
    .map((part, i) => parseRange(part, i))
    .filter((c): c is Choice => c !== null)
    // Highest weight first; equal weights keep the header's order.
    .sort((a, b) => b.quality - a.quality || a.position - b.position);
  return choices[0]?.language ?? DEFAULT_TARGET_LANGUAGE;
}
