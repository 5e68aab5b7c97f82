// A fake LibreTranslate server (POST /translate), for tests only. "Translates" deterministically:
// into German word by word through a small table, every text prefixed with `[<target>] `. It can
// be told to fail (500), hang (never answer), or answer one text too few, and records requests.
import { listenLoopback, readBody } from './listen.js';

export type LibreTranslateRequest = { q: string | string[]; source: string; target: string; format: string; api_key?: string };
export type LibreTranslateMode = 'ok' | 'fail' | 'hang' | 'short';

const GERMAN: Record<string, string> = {
  hello: 'hallo',
  world: 'Welt',
  the: 'der',
  thread: 'Faden',
  share: 'teilen',
  answer: 'Antwort',
  question: 'Frage',
  good: 'gut',
  morning: 'Morgen',
  and: 'und',
  link: 'Link',
  is: 'ist',
  a: 'ein',
};

/** What the fake answers for one text, for tests to compare against. */
export function fakeTranslation(text: string, target: string) {
  const words = target === 'de' ? text.replace(/[A-Za-z]+/g, (w) => GERMAN[w.toLowerCase()] ?? w) : text;
  return `[${target}] ${words}`;
}

export async function startLibreTranslateFake(opts: { apiKey?: string } = {}) {
  let mode: LibreTranslateMode = 'ok';
  const requests: LibreTranslateRequest[] = [];
  const fake = await listenLoopback(async (req, res) => {
    const json = (status: number, body: object) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (req.method !== 'POST' || req.url !== '/translate') return json(404, { error: 'Not Found' });
    const body = JSON.parse(await readBody(req)) as LibreTranslateRequest;
    requests.push(body);
    if (opts.apiKey && body.api_key !== opts.apiKey) return json(403, { error: 'Invalid API key' });
    if (mode === 'fail') return json(500, { error: 'Translation engine crashed' });
    if (mode === 'hang') return; // never answers; the client's timeout has to end it
    if (typeof body.q === 'string') return json(200, { translatedText: fakeTranslation(body.q, body.target) });
    const out = body.q.map((t) => fakeTranslation(t, body.target));
    json(200, { translatedText: mode === 'short' ? out.slice(1) : out });
  });
  return {
    ...fake,
    requests,
    mode: (next: LibreTranslateMode) => {
      mode = next;
    },
  };
}
