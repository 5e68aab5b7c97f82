// `make verify-account` and `make reset-password` (and `make rebuild-projections`, which refuses) beside a running app on its embedded PostgreSQL
// (a fresh install: no DATABASE_URL, no SMTP_URL): each uses the app's server and leaves it
// running (the app stays ready), and what it did shows in the app at once; with no app running it
// starts its own server and stops it after.
import { execFile } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { PASSWORD, unverifiedSignUp, visitor } from '../support/people.js';
import { freePort } from '../support/ports.js';
import { startServerProcess, type ServerProcess } from '../support/server-process.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const run = promisify(execFile);
let dataDir: string;
let pgPort: number;
let server: ServerProcess;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'commands-'));
  chmodSync(dataDir, 0o755); // PostgreSQL runs as the `postgres` user when the tests run as root
  pgPort = await freePort();
  server = await startServerProcess({ databaseUrl: '', env: { DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(pgPort), SMTP_URL: '' } });
}, 120_000);
afterAll(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Runs a command's script as `make` does, with the app's configuration. */
async function command(script: string, email = '') {
  const env = { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(pgPort), PUBLIC_URL: server.url };
  return run(process.execPath, ['--import', 'tsx', script, email], { cwd: ROOT, env }).catch((err: { stdout: string; stderr: string; code: number }) => ({
    stdout: err.stdout,
    stderr: err.stderr,
    code: err.code,
  }));
}

// Two make commands, each starting Node and tsx: 31 s in a clean-clone CI run, over the default 30 s.
test('verify-account and reset-password run while the app runs, and the app stays ready', { timeout: 120_000 }, async () => {
  const email = `ada.${Date.now()}@example.com`;
  const ada = await unverifiedSignUp(server.url, 'Ada', email);

  const verified = await command('scripts/verify-account.ts', email);
  expect(verified.stdout).toContain(`${email} is verified now.`);
  expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
  await expect.poll(async () => (await ada.get('/rest/session')).json.user.email_verified).toBe(true);

  const reset = await command('scripts/reset-password.ts', email);
  const link = reset.stdout.match(/https?:\/\/\S+\/reset-password\?token=\S+/)?.[0];
  expect(link, reset.stdout + reset.stderr).toBeDefined();
  expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
  const anon = await visitor(server.url);
  const done = await anon.post('/api/auth/reset-password', { token: new URL(link!).searchParams.get('token'), new_password: 'from-the-command' });
  expect(done.status, done.text).toBe(204);
  await expect.poll(async () => (await ada.get('/rest/session')).json.user).toBeNull();
  expect((await anon.post('/api/auth/sign-in/email', { email, password: PASSWORD })).status).toBe(401);
  expect((await anon.post('/api/auth/sign-in/email', { email, password: 'from-the-command' })).status).toBe(200);

  const nobody = await command('scripts/reset-password.ts', `nobody.${Date.now()}@example.com`);
  expect(nobody.stdout).toContain('No account has the address');
  expect((await fetch(`${server.url}/readyz`)).status).toBe(200);

  // A rebuild would race the running app's writes: it refuses, and stops nothing.
  const rebuild = await command('scripts/rebuild-projections.ts');
  expect(rebuild.stderr).toContain('stop the app (Ctrl-C where make start runs), then run make rebuild-projections again');
  expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
});

test('with the app stopped, a command starts its own PostgreSQL and stops it after', async () => {
  const email = `bob.${Date.now()}@example.com`;
  await unverifiedSignUp(server.url, 'Bob', email);
  expect(await server.stop()).toBe(0);
  expect(existsSync(join(dataDir, 'pg', 'postmaster.pid'))).toBe(false);
  const verified = await command('scripts/verify-account.ts', email);
  expect(verified.stdout, verified.stderr).toContain(`${email} is verified now.`);
  expect(existsSync(join(dataDir, 'pg', 'postmaster.pid'))).toBe(false);
});
