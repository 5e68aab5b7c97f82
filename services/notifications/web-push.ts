// Web Push with the `web-push` library: the VAPID key pair (made once into the data directory,
// or given by VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY), and sending one notification to one
// browser's subscription, encrypted for it (aes128gcm, RFC 8291) and signed (VAPID, RFC 8292).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { Agent } from 'node:https';
import type { LookupFunction } from 'node:net';
import { join } from 'node:path';
import ipaddr from 'ipaddr.js';
import webpush from 'web-push';
import { isPublicAddress, publicOnlyLookup } from '../shared/public-address.js';

export type VapidKeys = { publicKey: string; privateKey: string };

/** The configured pair, else the one kept in `<dataDir>/vapid-keys.json` (made on first start, readable by the owner only). */
export function vapidKeys(dataDir: string, configured: VapidKeys | null): VapidKeys {
  if (configured) return configured;
  const file = join(dataDir, 'vapid-keys.json');
  if (existsSync(file)) {
    const kept = JSON.parse(readFileSync(file, 'utf8')) as VapidKeys;
    if (typeof kept.publicKey === 'string' && typeof kept.privateKey === 'string') return { publicKey: kept.publicKey, privateKey: kept.privateKey };
    throw new Error(`${file} holds no VAPID key pair: remove it to make a new one (browsers then subscribe again)`);
  }
  const made = webpush.generateVAPIDKeys();
  try {
    writeFileSync(file, JSON.stringify(made), { mode: 0o600, flag: 'wx' });
  } catch (err) {
    // Another instance starting at the same moment made the pair first: everyone uses that one.
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return vapidKeys(dataDir, null);
    throw err;
  }
  return made;
}

/**
 * A push service is on the internet: an endpoint on this machine or a private network is refused
 * (the server would post wherever a browser said), unless its host:port is allowed (tests).
 */
export function isPushServiceEndpoint(endpoint: string, allowPrivateHosts: readonly string[]) {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:') return false;
  if (allowPrivateHosts.includes(url.host.toLowerCase())) return true;
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost' || /\.(localhost|local|internal|home\.arpa)$/.test(host) || !host.includes('.'))
    return ipaddr.isValid(host) && isPublicAddress(host);
  return ipaddr.isValid(host) ? isPublicAddress(host) : true;
}

/** A push endpoint whose name resolved to a private address, caught when connecting. */
class PrivatePushAddress extends Error {
  constructor() {
    super('the push service resolved to a private address');
    this.name = 'PrivatePushAddress';
  }
}

export type PushTarget = { endpoint: string; p256dh: string; auth: string };
export type PushPayload = { notification_id: string; kind: string; title: string; body: string; url: string };
/** `gone`: the push service says the subscription is no more (404, 410); other failures throw, to be retried. */
export type PushSender = (target: PushTarget, payload: PushPayload) => Promise<'sent' | 'gone' | 'refused'>;

export function createPushSender(opts: {
  vapid: VapidKeys;
  subject: string;
  allowPrivateHosts: readonly string[];
  /** The TLS agent: tests trust their fake push service's certificate with it. */
  agent?: Agent;
  /** Name resolution of the connections to push services (tests). */
  lookup?: LookupFunction;
  ttlSeconds?: number;
}): PushSender {
  // The endpoint's name is resolved again when connecting, and a private address refused there:
  // a public name that points at this server's network (or is made to, between the check and the
  // call) reaches nothing.
  const publicOnly = new Agent({ keepAlive: true, lookup: publicOnlyLookup(() => new PrivatePushAddress(), opts.lookup) });
  return async (target, payload) => {
    if (!isPushServiceEndpoint(target.endpoint, opts.allowPrivateHosts)) return 'refused';
    const allowedPrivate = opts.allowPrivateHosts.includes(new URL(target.endpoint).host.toLowerCase());
    const agent = opts.agent ?? (allowedPrivate ? undefined : publicOnly);
    try {
      await webpush.sendNotification({ endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } }, JSON.stringify(payload), {
        vapidDetails: { subject: opts.subject, publicKey: opts.vapid.publicKey, privateKey: opts.vapid.privateKey },
        TTL: opts.ttlSeconds ?? 24 * 60 * 60,
        contentEncoding: 'aes128gcm',
        timeout: 10_000,
        ...(agent ? { agent } : {}),
      });
      return 'sent';
    } catch (err) {
      if (err instanceof PrivatePushAddress) return 'refused';
      if (err instanceof webpush.WebPushError && (err.statusCode === 404 || err.statusCode === 410)) return 'gone';
      // The push service's answer, not the request: it holds nothing secret, and no keys.
      if (err instanceof webpush.WebPushError) throw new Error(`push service answered ${err.statusCode}: ${String(err.body).slice(0, 200)}`);
      throw err;
    }
  };
}
