// The security headers on a real express app: the app's strict policy, the docs page's own policy
// naming its inline scripts by hash, the local bucket's files left to their own policy, and the
// web app's page free of inline script.
import express from 'express';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { parseOwnPickerConfig } from '../shared/connector-picker-config.js';
import { inlineScriptHashes, securityHeaders, storageOrigins, tileOrigins } from './security-headers.js';

const DOCS_SCRIPT = 'window.__redoc_state = {"a":1};';
let dir: string;
let server: Server;
let base: string;

function directives(header: string | null) {
  return new Map(
    (header ?? '')
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([name, ...values]) => [name!, values]),
  );
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'security-headers-'));
  writeFileSync(join(dir, 'api-docs.html'), `<html><head><script>${DOCS_SCRIPT}</script><script src="/x.js"></script></head></html>`);
  const app = express();
  app.use(securityHeaders({ publicUrl: 'http://localhost:3000', s3: null, webDist: join(dir, 'web') }));
  app.get('/storage/local/a.txt', (_req, res) => res.set('content-security-policy', 'sandbox').send('bytes'));
  app.get(/.*/, (_req, res) => res.send('<!doctype html>'));
  server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

describe('the app pages', () => {
  test('a CSP with no inline script, frame-ancestors self, and X-Frame-Options', async () => {
    const res = await fetch(`${base}/library`);
    const csp = directives(res.headers.get('content-security-policy'));
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'self'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    // Plain http on a LAN must keep working: no upgrade to https, no HSTS.
    expect(csp.has('upgrade-insecure-requests')).toBe(false);
    expect(res.headers.get('strict-transport-security')).toBeNull();
    expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  });

  test('over https: HSTS and upgrade-insecure-requests', async () => {
    const app = express();
    app.use(securityHeaders({ publicUrl: 'https://answers.example.com', s3: null, webDist: join(dir, 'web') }));
    app.get(/.*/, (_req, res) => res.send('ok'));
    const s = await new Promise<Server>((resolve) => {
      const started = app.listen(0, '127.0.0.1', () => resolve(started));
    });
    try {
      const res = await fetch(`http://127.0.0.1:${(s.address() as { port: number }).port}/`);
      expect(directives(res.headers.get('content-security-policy')).has('upgrade-insecure-requests')).toBe(true);
      expect(res.headers.get('strict-transport-security')).toBe('max-age=31536000');
    } finally {
      await new Promise((resolve) => s.close(resolve));
    }
  });

  test("the providers' own pickers the administrator configured may load their scripts, and only those", async () => {
    const ownPickers = parseOwnPickerConfig({
      CONNECTOR_DROPBOX_CHOOSER_APP_KEY: 'k',
      CONNECTOR_DROPBOX_CHOOSER_SCRIPT_URL: 'http://127.0.0.1:9/dropins.js',
    }).config;
    const app = express();
    app.use(securityHeaders({ publicUrl: 'http://localhost:3000', s3: null, webDist: join(dir, 'web'), connectors: { ownPickers } }));
    app.get(/.*/, (_req, res) => res.send('ok'));
    const s = await new Promise<Server>((resolve) => {
      const started = app.listen(0, '127.0.0.1', () => resolve(started));
    });
    try {
      const csp = directives((await fetch(`http://127.0.0.1:${(s.address() as { port: number }).port}/`)).headers.get('content-security-policy'));
      expect(csp.get('script-src')).toEqual(["'self'", 'http://127.0.0.1:9']);
      expect(csp.has('frame-src')).toBe(false);
    } finally {
      await new Promise((resolve) => s.close(resolve));
    }
  });

  test('an S3 endpoint may receive uploads, path style or bucket host style', () => {
    expect(
      storageOrigins({ endpoint: 'https://s3.example.com', bucket: 'b', region: 'r', accessKeyId: 'k', secretAccessKey: 's', forcePathStyle: false }),
    ).toEqual(['https://s3.example.com', 'https://b.s3.example.com']);
  });
});

describe('the API docs page', () => {
  test.each(['/api/docs', '/api/docs/'])('%s: its own policy allows exactly its inline scripts, by hash; nothing from the internet', async (path) => {
    const res = await fetch(`${base}${path}`);
    const csp = directives(res.headers.get('content-security-policy'));
    expect(csp.get('script-src')).toEqual(["'self'", `'${inlineScriptHashes(`<script>${DOCS_SCRIPT}</script>`)[0]}'`]);
    expect(csp.get('img-src')).toEqual(["'self'", 'data:']);
    expect(csp.get('connect-src')).toEqual(["'self'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'self'"]);
    expect(csp.get('script-src')).not.toContain("'unsafe-inline'");
    expect([...csp.values()].flat()).not.toContain("'unsafe-eval'");
  });
});

describe('the local bucket', () => {
  test('its files keep their own policy', async () => {
    const res = await fetch(`${base}/storage/local/a.txt`);
    expect(res.headers.get('content-security-policy')).toBe('sandbox');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });
});

describe('web/index.html', () => {
  test('runs no inline script (the app CSP would block it)', () => {
    const html = readFileSync(new URL('../../web/index.html', import.meta.url), 'utf8');
    expect(inlineScriptHashes(html)).toEqual([]);
  });
});

describe('the map tile server in img-src (MAP_TILE_URL)', () => {
  test('its origin, with {s} subdomains as a wildcard; none without tiles', () => {
    const tiles = (urlTemplate: string) => tileOrigins({ urlTemplate, attribution: 'x' });
    expect(tiles('https://tile.openstreetmap.org/{z}/{x}/{y}.png')).toEqual(['https://tile.openstreetmap.org']);
    expect(tiles('https://{s}.tile.example.org/{z}/{x}/{y}.png?key=1')).toEqual(['https://*.tile.example.org']);
    expect(tiles('http://127.0.0.1:8080/{z}/{x}/{y}.png')).toEqual(['http://127.0.0.1:8080']);
    expect(tileOrigins(null)).toEqual([]);
  });
});
