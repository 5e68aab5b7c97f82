import { createECDH, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import type { LookupFunction } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { createPushSender, isPushServiceEndpoint, vapidKeys } from './web-push.js';

describe('the VAPID key pair', () => {
  let dir: string;
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  test('made once into the data directory, owner-readable only, then kept', () => {
    dir = mkdtempSync(join(tmpdir(), 'vapid-'));
    const made = vapidKeys(dir, null);
    expect(made.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(made.privateKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(statSync(join(dir, 'vapid-keys.json')).mode & 0o777).toBe(0o600);
    expect(vapidKeys(dir, null)).toEqual(made);
    expect(JSON.parse(readFileSync(join(dir, 'vapid-keys.json'), 'utf8'))).toEqual(made);
  });

  test('a configured pair wins and nothing is written', () => {
    dir = mkdtempSync(join(tmpdir(), 'vapid-'));
    const pair = { publicKey: 'p', privateKey: 'q' };
    expect(vapidKeys(dir, pair)).toBe(pair);
    expect(() => statSync(join(dir, 'vapid-keys.json'))).toThrow();
  });
});

describe('push endpoints', () => {
  test('https on a public host only, unless the host:port is allowed', () => {
    expect(isPushServiceEndpoint('https://fcm.googleapis.com/fcm/send/abc', [])).toBe(true);
    expect(isPushServiceEndpoint('https://updates.push.services.mozilla.com/wpush/v2/x', [])).toBe(true);
    for (const bad of [
      'http://fcm.googleapis.com/x',
      'https://localhost/x',
      'https://127.0.0.1:8443/x',
      'https://10.1.2.3/x',
      'https://[::1]/x',
      'https://[::ffff:192.168.0.1]/x',
      'https://169.254.169.254/latest',
      'https://printer.local/x',
      'https://intranet/x',
      'not a url',
    ])
      expect([bad, isPushServiceEndpoint(bad, [])]).toEqual([bad, false]);
    expect(isPushServiceEndpoint('https://127.0.0.1:8443/x', ['127.0.0.1:8443'])).toBe(true);
    expect(isPushServiceEndpoint('https://127.0.0.1:9443/x', ['127.0.0.1:8443'])).toBe(false);
  });
});

describe('sending', () => {
  test('a public name that resolves to a private address is refused when connecting, not called', async () => {
    const asked: string[] = [];
    const lookup = ((host: string, _o: unknown, cb: (e: Error | null, a: { address: string; family: number }[]) => void) => {
      asked.push(host);
      cb(null, [{ address: '127.0.0.1', family: 4 }]);
    }) as unknown as LookupFunction;
    const send = createPushSender({
      vapid: vapidKeys(mkdtempSync(join(tmpdir(), 'vapid-')), null),
      subject: 'mailto:ops@example.com',
      allowPrivateHosts: [],
      lookup,
    });
    const browserKey = createECDH('prime256v1');
    browserKey.generateKeys();
    const target = { endpoint: 'https://push.example.com/send/abc', p256dh: browserKey.getPublicKey('base64url'), auth: randomBytes(16).toString('base64url') };
    await expect(send(target, { notification_id: 'n1', kind: 'task_run', title: 't', body: 'b', url: '/' })).resolves.toBe('refused');
    expect(asked).toEqual(['push.example.com']);
  });
});
