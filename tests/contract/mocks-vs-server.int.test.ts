// The mocks follow the server's rules: the same scripted requests (contract-script.ts) run
// against the real server on PostgreSQL and against the MSW scenarios must give the same status,
// the same problem code and the same observed facts at every step.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestDatabase } from '../support/database.js';
import { startServerProcess, type ServerProcess } from '../support/server-process.js';
import { runContractScript, type Outcome } from './contract-script.js';
import { mockTarget, serverTarget } from './targets.js';

let database: { url: string; drop: () => Promise<void> };
let server: ServerProcess;
let site: Server;
let pageHost = '';

beforeAll(async () => {
  // A page for the Space link steps, on loopback, which both sides are told to allow.
  site = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<title>A page</title><p>Some words.</p>'));
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  pageHost = `127.0.0.1:${(site.address() as AddressInfo).port}`;
  database = await createTestDatabase('mocks_contract');
  server = await startServerProcess({
    databaseUrl: database.url,
    env: { SPACE_LINKS_ALLOW_PRIVATE_HOSTS: pageHost, SIGN_IN_RATE_LIMIT: '1000', WELCOME_MAIL_DELAY_SECONDS: '0' },
  });
});
afterAll(async () => {
  await server?.stop();
  await database?.drop();
  await new Promise((resolve) => site?.close(resolve));
});

test('the mocks answer the scripted requests with the statuses and codes of the server', async () => {
  const pageUrl = `http://${pageHost}/guide`;
  const fromServer = await runContractScript(serverTarget(server.url), { pageUrl });
  const fromMocks = await runContractScript(
    mockTarget({ allowPrivateHosts: [pageHost], translation: 'off', marketData: 'off', f1: 'off', students: 'off', sports: 'off' }),
    {
      pageUrl,
    },
  );
  const differences = fromServer.flatMap((s, i) => (JSON.stringify(s) === JSON.stringify(fromMocks[i]) ? [] : [{ server: s, mocks: fromMocks[i] }]));
  expect(differences).toEqual([]);
  // The script covers successes and the problems it is about, so agreement means something.
  const codes = new Set(fromServer.map((s: Outcome) => s.code));
  for (const code of [
    'title_required',
    'invalid_link',
    'link_blocked',
    'thread_private',
    'enterprise_only',
    'invalid_request',
    'not_space_owner',
    'email_not_verified',
    'file_too_large',
    'invalid_two_factor_code',
    'invalid_backup_code',
  ])
    expect(codes, `the server never answered ${code}`).toContain(code);
  expect(fromServer.filter((s) => s.status < 300).length).toBeGreaterThan(20);
  // A long script (some 200 requests, many hashing passwords): about 20 s alone, more beside other test files.
}, 90_000);
