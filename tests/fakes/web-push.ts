// A Web Push service on 127.0.0.1 for tests, speaking what real push services (FCM, Mozilla's
// autopush, Apple's) accept from an application server: an HTTPS POST to the subscription's
// endpoint with a VAPID JWT (RFC 8292), `TTL`, and an aes128gcm-encrypted body (RFC 8291). It
// plays the browser too: `browser()` makes an ECDH P-256 key pair and an auth secret as a
// browser's PushManager would, so the fake DECRYPTS what it receives and a test reads the real
// payload. `gone()` makes an endpoint answer 410, as a push service does for an expired
// subscription. Its certificate is self-signed for 127.0.0.1 (made with openssl): trust it with
// `agent` in process, or NODE_EXTRA_CA_CERTS=`caFile` in a server process.
import { execFileSync } from 'node:child_process';
import { createECDH, createPublicKey, type ECDH, randomBytes, randomUUID, verify } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent, createServer } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decrypt } from 'http_ece';

export type PushSubscriptionJson = { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };
export type ReceivedPush = { endpoint: string; payload: unknown; ttl: number; urgency: string | null; subject: string };

type Browser = { ecdh: ECDH; auth: string; applicationServerKey: string };

function selfSignedCertificate() {
  const dir = mkdtempSync(join(tmpdir(), 'push-fake-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-days',
        '2',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    return { key: readFileSync(join(dir, 'key.pem'), 'utf8'), cert: readFileSync(join(dir, 'cert.pem'), 'utf8'), dir };
  } catch (err) {
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }
}

/** Checks `Authorization: vapid t=<jwt>, k=<public key>` as a push service does; returns the JWT's subject or why it fails. */
function checkVapid(header: string | undefined, origin: string, expectedKey: string): { subject: string } | { error: string } {
  const m = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!m) return { error: 'no VAPID authorization' };
  const [, jwt, k] = m;
  if (k !== expectedKey) return { error: 'the key is not the one the browser subscribed with' };
  const [h, p, s] = jwt.split('.');
  if (!h || !p || !s) return { error: 'malformed JWT' };
  const head = JSON.parse(Buffer.from(h, 'base64url').toString()) as { alg?: string };
  if (head.alg !== 'ES256') return { error: 'JWT is not ES256' };
  const point = Buffer.from(k, 'base64url');
  const key = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33, 65).toString('base64url') },
    format: 'jwk',
  });
  if (!verify('sha256', Buffer.from(`${h}.${p}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(s, 'base64url'))) return { error: 'bad JWT signature' };
  const claims = JSON.parse(Buffer.from(p, 'base64url').toString()) as { aud?: string; exp?: number; sub?: string };
  if (claims.aud !== origin) return { error: `JWT audience ${claims.aud} is not ${origin}` };
  const nowS = Date.now() / 1000;
  if (!claims.exp || claims.exp < nowS || claims.exp > nowS + 24 * 3600 + 60) return { error: 'JWT expiry out of range' };
  if (!claims.sub || !/^(mailto:|https:)/.test(claims.sub)) return { error: 'JWT subject is not mailto: or https:' };
  return { subject: claims.sub };
}

export async function startPushService() {
  const { key, cert, dir } = selfSignedCertificate();
  const browsers = new Map<string, Browser>();
  const gone = new Set<string>();
  const failing = new Map<string, number>();
  const received: ReceivedPush[] = [];
  const rejected: { endpoint: string; status: number; reason: string }[] = [];
  let origin = '';

  const server = createServer({ key, cert }, async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const endpoint = `${origin}${req.url}`;
    const id = /^\/push\/([\w-]+)$/.exec(req.url ?? '')?.[1];
    const browser = id ? browsers.get(id) : undefined;
    const answer = (status: number, reason: string) => {
      if (status >= 400) rejected.push({ endpoint, status, reason });
      res.writeHead(status, { 'content-type': 'text/plain' }).end(reason);
    };
    if (req.method !== 'POST') return answer(405, 'POST only');
    if (!browser || gone.has(id!)) return answer(browser ? 410 : 404, 'push subscription has unsubscribed or expired');
    if (failing.has(id!)) return answer(failing.get(id!)!, 'push service unavailable, try again later');
    const vapid = checkVapid(req.headers.authorization, origin, browser.applicationServerKey);
    if ('error' in vapid) return answer(403, vapid.error);
    if (req.headers['content-encoding'] !== 'aes128gcm') return answer(415, 'aes128gcm only');
    const ttl = Number(req.headers.ttl);
    if (!Number.isInteger(ttl) || ttl < 0) return answer(400, 'TTL header required');
    let plain: Buffer;
    try {
      plain = decrypt(Buffer.concat(chunks), { version: 'aes128gcm', privateKey: browser.ecdh, authSecret: browser.auth });
    } catch (err) {
      return answer(400, `cannot decrypt: ${(err as Error).message}`);
    }
    const text = plain.toString('utf8');
    let payload: unknown = text;
    try {
      payload = JSON.parse(text);
    } catch {}
    received.push({ endpoint, payload, ttl, urgency: (req.headers.urgency as string | undefined) ?? null, subject: vapid.subject });
    res.writeHead(201, { location: `${origin}/message/${randomUUID()}` }).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  origin = `https://127.0.0.1:${port}`;

  return {
    url: origin,
    /** For WEB_PUSH_ALLOW_PRIVATE_HOSTS. */
    hostPort: `127.0.0.1:${port}`,
    /** The certificate to trust (PEM), and its file for NODE_EXTRA_CA_CERTS. */
    ca: cert,
    caFile: join(dir, 'cert.pem'),
    /** An HTTPS agent that trusts this push service, for the app's push sender in process. */
    agent: new Agent({ ca: cert }),
    received,
    rejected,
    /** A browser subscribing with the server's VAPID public key: its PushSubscription as toJSON() gives it. */
    browser(applicationServerKey: string): PushSubscriptionJson {
      const id = randomUUID();
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16).toString('base64url');
      browsers.set(id, { ecdh, auth, applicationServerKey });
      return { endpoint: `${origin}/push/${id}`, expirationTime: null, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth } };
    },
    /** From now on this endpoint answers 410 Gone. */
    gone(endpoint: string) {
      gone.add(endpoint.split('/').at(-1)!);
    },
    /** From now on this endpoint answers `status` (a 5xx: the sender should try again), until `recover`. */
    fail(endpoint: string, status = 503) {
      failing.set(endpoint.split('/').at(-1)!, status);
    },
    recover(endpoint: string) {
      failing.delete(endpoint.split('/').at(-1)!);
    },
    /** The pushes this endpoint received, waiting up to `timeoutMs` for at least `count`. */
    async pushesTo(endpoint: string, count = 1, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const mine = received.filter((r) => r.endpoint === endpoint);
        if (mine.length >= count || Date.now() > deadline) return mine;
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          rmSync(dir, { recursive: true, force: true });
          resolve();
        });
      }),
  };
}

export type PushService = Awaited<ReturnType<typeof startPushService>>;
