// This browser's Web Push subscription: whether the browser can have one, the one it has, and
// subscribing (asking permission, registering the service worker /sw.js, subscribing with the
// server's VAPID key) or unsubscribing. The server is told by the caller (generated hooks).

export type PushSupport = 'supported' | 'unsupported' | 'denied';

export function pushSupport(): PushSupport {
  if (typeof window === 'undefined' || !('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window)) return 'unsupported';
  return Notification.permission === 'denied' ? 'denied' : 'supported';
}

/** The subscription this browser holds for this site, if any. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (pushSupport() === 'unsupported') return null;
  const registration = await navigator.serviceWorker.getRegistration('/');
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/** The VAPID public key (base64url) as the bytes PushManager wants. */
export function keyBytes(base64url: string) {
  const base64 = base64url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  return Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
}

export class PushPermissionError extends Error {}

/** Asks permission, registers the service worker and subscribes; the subscription's JSON for the server. */
export async function subscribeBrowser(publicKey: string) {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new PushPermissionError('Notifications are blocked for this site. Allow them in your browser’s site settings.');
  await navigator.serviceWorker.register('/sw.js', { scope: '/' });
  const registration = await navigator.serviceWorker.ready;
  const subscription = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) });
  return subscription.toJSON() as { endpoint: string; expirationTime: number | null; keys: { p256dh: string; auth: string } };
}
