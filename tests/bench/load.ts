// The load generator, run as its own process so it does not share the server's event loop:
// `tsx tests/bench/load.ts '<json options>'` prints one JSON line with the figures.
import autocannon from 'autocannon';

type LoadOptions = { url: string; headers: Record<string, string>; connections: number; seconds: number };

export type LoadResult = {
  requestsPerSecond: number;
  p50: number;
  p90: number;
  p99: number;
  total: number;
  ok: number;
  non2xx: number;
  errors: number;
  timeouts: number;
};

const opts = JSON.parse(process.argv[2] ?? '{}') as LoadOptions;
const result = await autocannon({
  url: opts.url,
  headers: opts.headers,
  connections: opts.connections,
  duration: opts.seconds,
  // Hard bounds besides the duration: a stuck server times out instead of hanging the run.
  timeout: 10,
  maxOverallRequests: 2_000_000,
});
const out: LoadResult = {
  requestsPerSecond: result.requests.average,
  p50: result.latency.p50,
  p90: result.latency.p90,
  p99: result.latency.p99,
  total: result.requests.total,
  ok: result['2xx'],
  non2xx: result.non2xx,
  errors: result.errors,
  timeouts: result.timeouts,
};
process.stdout.write(`${JSON.stringify(out)}\n`);
