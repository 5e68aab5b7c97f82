// A translator backed by a LibreTranslate-compatible server: POST {base}/translate with
// {q, source: 'auto', target, format: 'text', api_key?} answers {translatedText}. `q` may be a
// string or an array; the answer's `translatedText` then has the same shape.
export type Translator = (texts: string[], target: string) => Promise<string[]>;

/** Longest wait for the translation server before the originals are shown instead. */
export const TRANSLATE_TIMEOUT_MS = 10_000;

type LibreTranslateAnswer = { translatedText?: unknown; error?: unknown };

export function libreTranslate(opts: { url: string; apiKey?: string; timeoutMs?: number }): Translator {
  const endpoint = new URL('translate', opts.url.endsWith('/') ? opts.url : `${opts.url}/`);
  const timeoutMs = opts.timeoutMs ?? TRANSLATE_TIMEOUT_MS;
  return async (texts, target) => {
    // One text goes as a plain string: servers older than array support still understand it.
    const q = texts.length === 1 ? texts[0] : texts;
    const res = await fetch(endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ q, source: 'auto', target, format: 'text', ...(opts.apiKey ? { api_key: opts.apiKey } : {}) }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const body = (await res.json().catch(() => ({}))) as LibreTranslateAnswer;
    if (!res.ok) throw new Error(`translation server answered ${res.status}${typeof body.error === 'string' ? `: ${body.error}` : ''}`);
    const out = body.translatedText;
    if (typeof out === 'string') return [out];
    if (Array.isArray(out) && out.every((t) => typeof t === 'string')) return out as string[];
    throw new Error('translation server answered without translatedText');
  };
}
