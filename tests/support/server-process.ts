// Runs the real server (services/app/main.ts) as a child process on a free port, against a
// given database, the way `make start` does. Used by crash tests and end-to-end tests.
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { freePort } from './ports.js';
import { rememberDatabase } from './mailbox.js';
import { compileCacheOf } from './compile-cache.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export type ServerProcess = { url: string; child: ChildProcess; logs: () => string; stop: (signal?: NodeJS.Signals) => Promise<number | null> };

/** `root`: the checkout whose server runs (a benchmark compares two); this one by default. */
export async function startServerProcess(opts: ServerOptions): Promise<ServerProcess> {
  if (opts.port !== undefined) return startOn(opts.port, opts);
  // A port another process bound between freePort() and the server's listen: a new port, twice at most.
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOn(await freePort(), opts);
    } catch (err) {
      if (attempt === 3 || !String(err).includes('EADDRINUSE')) throw err;
    }
  }
}

type ServerOptions = { databaseUrl: string; env?: Record<string, string>; port?: number; root?: string };

async function startOn(port: number, opts: ServerOptions): Promise<ServerProcess> {
  // Node with tsx's loader, not the tsx CLI: the CLI runs the script in a grandchild, which a
  // SIGKILL of the CLI would leave running. Here the child is the server itself.
  // The run's bundle of the server when global setup made one (see server-bundle.ts), else the sources through tsx.
  const bundle = process.env.TEST_SERVER_BUNDLE;
  const child = spawn(process.execPath, bundle ? [...bundleFlags(opts.env), bundle] : ['--import', 'tsx', 'services/app/main.ts'], {
    cwd: opts.root ?? ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATABASE_URL: opts.databaseUrl,
      LOG_LEVEL: 'warn',
      AUTH_SECRET: 'test-secret-test-secret-test-secret-0123',
      // A sign-up's password hash at a sixty-fourth of the real cost (services/identity/cheap-password-hashing.ts);
      // a benchmark's server (NODE_ENV=production) pays the real one.
      ...((opts.env?.NODE_ENV ?? 'test') === 'test' ? { TEST_CHEAP_PASSWORD_HASHES: 'true' } : {}),
      // V8's compiled code kept between the run's server starts: about 0.3 s of CPU less a start (2.3-2.7 s, measured).
      ...(bundle ? { NODE_COMPILE_CACHE: compileCacheOf(bundle) } : {}),
      ...opts.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const url = `http://127.0.0.1:${port}`;
  await waitForReady(url, child, () => output);
  rememberDatabase(url, opts.databaseUrl);
  // A server that fails on its own says so in the run's output: its tests then fail on a refused connection.
  let stopping = false;
  child.once('exit', (code) => {
    if (!stopping && code) process.stderr.write(`server ${url} exited with ${code}; its last output:\n${output.slice(-4000)}\n`);
  });
  return {
    url,
    child,
    logs: () => output,
    stop: (signal = 'SIGTERM') =>
      new Promise((resolve) => {
        stopping = true;
        if (child.exitCode !== null || child.signalCode !== null) return resolve(child.exitCode);
        child.once('exit', (code) => resolve(code));
        child.kill(signal);
      }),
  };
}

/**
 * Node's flags for the bundle. Source maps only when TEST_SERVER_SOURCE_MAPS=1 (stack traces in
 * the server's log then name the sources, not the bundle's lines): parsing the bundle's map took
 * about 0.4 s of CPU at every start, a fifth of it (profiled).
 */
function bundleFlags(env: Record<string, string> | undefined) {
  const sourceMaps = (env?.TEST_SERVER_SOURCE_MAPS ?? process.env.TEST_SERVER_SOURCE_MAPS) === '1';
  return sourceMaps ? ['--enable-source-maps'] : [];
}

async function waitForReady(url: string, child: ChildProcess, logs: () => string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${logs()}`);
    // Bounded: whatever else holds the port may accept and never answer.
    const ok = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(5000) }).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  child.kill('SIGKILL');
  throw new Error(`server not ready within ${timeoutMs} ms:\n${logs()}`);
}
