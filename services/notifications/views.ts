// A notification as the API shows it (spec/components/schemas/Notification.yaml).
import type { NotificationKind } from './events.js';
import type { NotificationRow } from './queries.js';

const iso = (d: Date | string) => new Date(d).toISOString();

export const notificationView = (n: NotificationRow) => ({
  id: n.id,
  kind: n.kind as NotificationKind,
  title: n.title,
  body: n.body,
  url: n.url,
  created_at: iso(n.created_at),
  read_at: n.read_at === null ? null : iso(n.read_at),
});
