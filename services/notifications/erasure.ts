// Notifications in the log (docs/data-rights.md): a person's notifications are theirs, and one
// they caused (who invited, who asked: it names them) is redacted too, as the projection drops
// both at AccountErased; a push subscription's endpoint and keys identify their browser.
import { blank, type Redactors } from '../eventstore/erasure.js';
import type { NotificationSent, PushSubscribed } from './events.js';

export const notificationRedactors: Redactors = {
  NotificationSent: (e, p) => {
    const d = e.data as NotificationSent['data'];
    return d.user_id === p.userId || d.actor_user_id === p.userId ? blank(d, ['title', 'body', 'url']) : undefined;
  },
  PushSubscribed: (e, p) => ((e.data as PushSubscribed['data']).user_id === p.userId ? blank(e.data, ['endpoint', 'p256dh', 'auth']) : undefined),
};
