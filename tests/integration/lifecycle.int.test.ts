// Starting and stopping the real server process: a bad environment stops the start with a
// clear message; SIGTERM lets a request in flight finish, then the process exits 0.
import { spawn } from 'node:child_process';
import { request } from 'node:http';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestDatabase } from '../support/database.js';
import { startServerProcess } from '../support/server-process.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

let database: { url: string; drop: () => Promise<void> };
beforeAll(async () => {
  database = await createTestDatabase('life');
});
afterAll(async () => database?.drop());

function runMain(env: Record<string, string>) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'services/app/main.ts'], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

describe('start', () => {
  test('bad environment values stop the start with a message naming each one', async () => {
    const { code, output } = await runMain({ PORT: 'abc', DATABASE_URL: 'not-a-url', AUTH_SECRET: 'short' });
    expect(code).toBe(1);
    expect(output).toContain('Invalid configuration:');
    expect(output).toContain('PORT: must be a port number from 0 to 65535');
    expect(output).toContain('DATABASE_URL: must be a postgres:// or postgresql:// URL');
    expect(output).toContain('AUTH_SECRET: must be at least 32 characters');
    expect(output).not.toMatch(/\n\s+at /); // no stack trace
  });
});

describe('graceful shutdown', () => {
  test('SIGTERM while a slow request is in flight: it finishes, new connections are refused, the process exits 0', { timeout: 60_000 }, async () => {
    // The welcome mail goes out at once, so no workflow is left waiting when the signal comes.
    const server = await startServerProcess({ databaseUrl: database.url, env: { WELCOME_MAIL_DELAY_SECONDS: '0' } });
    const body = JSON.stringify({ name: 'Slow Sender', email: 'slow@example.com', password: 'correct horse battery' });
    const { hostname, port } = new URL(server.url);

    // A client that sends its body slowly: the request is in flight when the signal comes.
    const req = request({
      host: hostname,
      port,
      method: 'POST',
      path: '/api/auth/sign-up/email',
      // 100-continue: the server says it has the request (headers parsed, handling begun) before the body is sent.
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), expect: '100-continue' },
    });
    const received = new Promise((resolve) => req.once('continue', resolve));
    const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
      req.on('response', (res) => {
        let text = '';
        res.on('data', (d) => (text += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      });
      req.on('error', reject);
    });
    req.flushHeaders();
    await received;
    await new Promise((resolve) => req.write(body.slice(0, 20), resolve));

    const exited = new Promise<number | null>((resolve) => server.child.once('exit', (code) => resolve(code)));
    server.child.kill('SIGTERM');
    await expect
      .poll(
        () =>
          fetch(`${server.url}/healthz`).then(
            () => 'serving',
            () => 'refused',
          ),
        { timeout: 5000 },
      )
      .toBe('refused');

    req.end(body.slice(20));
    const res = await answer;
    expect(res.status, res.body).toBe(200);
    expect(JSON.parse(res.body).user.email).toBe('slow@example.com');

    // Its keep-alive connection does not hold the stop until the keep-alive timeout (5 s): the
    // process is gone before that timeout could have closed the connection.
    const keepAliveTimeout = new Promise((r) => setTimeout(() => r('still running at the keep-alive timeout'), 5_000).unref());
    expect(await Promise.race([exited, keepAliveTimeout])).toBe(0);
    expect(server.logs()).not.toMatch(/stop failed|did not stop cleanly/);

    // What the request did is kept.
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    const { rows } = await client.query('select email from accounts');
    await client.end();
    expect(rows).toEqual([{ email: 'slow@example.com' }]);
  });
});
