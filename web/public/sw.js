// The service worker of Web Push notifications: shows what the server pushed (the payload is
// JSON: title, body, url, notification_id) and, on a click, marks it read and opens its link in
// this app (an open window of the app is reused). A link to another site is never opened.
self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { title: event.data ? event.data.text() : '' };
  }
  const title = typeof data.title === 'string' && data.title ? data.title : 'Answer Engine';
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof data.body === 'string' ? data.body : '',
      tag: typeof data.notification_id === 'string' ? data.notification_id : undefined,
      data: { url: typeof data.url === 'string' ? data.url : '/', id: typeof data.notification_id === 'string' ? data.notification_id : null },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL(event.notification.data?.url || '/', self.location.origin);
  if (url.origin !== self.location.origin) return;
  const id = event.notification.data?.id;
  // Opened from the push: read in the centre too (the person's session cookie goes with it).
  const read = id ? fetch(`/rest/notifications/${encodeURIComponent(id)}/read`, { method: 'POST', credentials: 'same-origin' }).catch(() => {}) : null;
  event.waitUntil(
    Promise.all([
      read,
      self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
        const open = windows.find((w) => new URL(w.url).origin === url.origin && 'focus' in w);
        if (open) return open.navigate(url.href).then((w) => (w ?? open).focus());
        return self.clients.openWindow(url.href);
      }),
    ]),
  );
});

// The push service replaced the subscription (keys rotated, or expired): tell the server the new one.
self.addEventListener('pushsubscriptionchange', (event) => {
  const next = event.newSubscription;
  if (!next) return;
  event.waitUntil(
    fetch('/rest/notifications/push/subscriptions', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(next.toJSON()),
    }),
  );
});
