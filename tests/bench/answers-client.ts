// The benchmark's HTTP client: asks over POST /rest/threads/ask with a user's cookie and times
// the stream: first byte, the `sources` event, and the end (`completed`).
import http from 'node:http';
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

// node:http with keep-alive, not fetch: the client shares the machine's two cores with the
// server, and fetch's web streams cost it about twice the CPU per ask.
const agent = new http.Agent({ keepAlive: true, maxSockets: 1024 });

function ask(base: string, cookie: string, question: string): Promise<Timing> {
  const started = performance.now();
  const body = JSON.stringify({ query_str: question, search_mode: 'auto' });
  return new Promise<Timing>((resolve, reject) => {
    let first = 0;
    let sources = 0;
    const req = http.request(`${base}/rest/threads/ask`, {
      method: 'POST',
      agent,
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), accept: 'text/event-stream', cookie },
    });
    const timer = setTimeout(() => req.destroy(new Error(`ask timed out after ${ASK_TIMEOUT_MS} ms`)), ASK_TIMEOUT_MS);
    req.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        first ||= performance.now() - started;
        text += chunk;
        if (!sources && text.includes('event: sources\n')) sources = performance.now() - started;
      });
      res.on('error', (err) => {
        clearTimeout(timer);
        reject(err);
      });
      res.on('end', () => {
        clearTimeout(timer);
        if (res.statusCode !== 200) reject(new Error(`ask answered ${res.statusCode}: ${text}`));
        else {
          const whole = performance.now() - started;
          try {
            resolve(timing(text, first, sources, whole));
          } catch (err) {
            reject(err);
          }
        }
      });
    });
    req.end(body);
  });
}

/** Checks the finished stream and counts its sources by where they came from. */
function timing(text: string, first: number, sources: number, whole: number): Timing {
  if (text.includes('event: failed')) throw new Error(`answer failed: ${text.slice(text.indexOf('event: failed'), text.indexOf('event: failed') + 300)}`);
  if (!text.includes('event: completed')) throw new Error('stream ended without completed');
  if (!sources) throw new Error('no sources event');
  const data = /event: sources\ndata: (.*)\n/.exec(text.slice(text.indexOf('event: sources\n')));
  const list = data ? (JSON.parse(data[1]) as { sources: { meta_data?: { domain_name?: string } }[] }).sources : [];
  return {
    first,
    sources,
    whole,
    ownSources: list.filter((s) => s.meta_data?.domain_name === 'user').length,
    // The asker's own memories and earlier questions (services/memories/sources.ts, owner-filtered) are theirs too.
    foreign: list.filter((s) => !['user', 'help', 'memory', 'your history'].includes(s.meta_data?.domain_name ?? '')).length,
  };
}

export function percentile(xs: number[], p: number) {
  if (!xs.length) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
}
