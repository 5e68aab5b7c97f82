// The benchmark's HTTP client: asks over POST /rest/threads/ask with a user's cookie and times
// the stream: first byte, the `sources` event, and the end (`completed`).
export type Timing = { first: number; sources: number; whole: number; ownSources: number; foreign: number };

const ASK_TIMEOUT_MS = 30_000;

/** Asks every question, `concurrency` at a time, each bounded by ASK_TIMEOUT_MS. */
export async function runAsks(base: string, cookie: string, qs: string[], concurrency: number) {
  const timings: Timing[] = [];
  const errors: string[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (let i = next++; i < qs.length; i = next++) {
        try {
          timings.push(await ask(base, cookie, qs[i]));
        } catch (err) {
          errors.push(err instanceof Error ? err.message : String(err));
        }
      }
    }),
  );
  return { timings, errors };
}

async function ask(base: string, cookie: string, question: string): Promise<Timing> {
  const started = performance.now();
  const res = await fetch(`${base}/rest/threads/ask`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'text/event-stream', cookie },
    body: JSON.stringify({ query_str: question, search_mode: 'auto' }),
    signal: AbortSignal.timeout(ASK_TIMEOUT_MS),
  });
  if (res.status !== 200) throw new Error(`ask answered ${res.status}: ${await res.text()}`);
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  let first = 0;
  let sources = 0;
  let text = '';
  let ownSources = 0;
  let foreign = 0;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    first ||= performance.now() - started;
    text += value;
    if (!sources && text.includes('event: sources\n')) {
      sources = performance.now() - started;
      const data = /event: sources\ndata: (.*)\n/.exec(text.slice(text.indexOf('event: sources\n')));
      if (data) {
        const list = (JSON.parse(data[1]) as { sources: { meta_data?: { domain_name?: string } }[] }).sources;
        ownSources = list.filter((s) => s.meta_data?.domain_name === 'user').length;
        foreign = list.filter((s) => !['user', 'help'].includes(s.meta_data?.domain_name ?? '')).length;
      }
    }
  }
  const whole = performance.now() - started;
  if (text.includes('event: failed')) throw new Error(`answer failed: ${text.slice(text.indexOf('event: failed'), text.indexOf('event: failed') + 300)}`);
  if (!text.includes('event: completed')) throw new Error('stream ended without completed');
  if (!sources) throw new Error('no sources event');
  return { first, sources, whole, ownSources, foreign };
}

export function percentile(xs: number[], p: number) {
  if (!xs.length) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
}
