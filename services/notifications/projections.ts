// The notifications as read models: `notification_preferences` (a row once the person changes
// them; all on without one), `notifications` (the in-app ones) and `push_subscriptions`.
import type { Projection } from '../eventstore/types.js';
import type { AccountErased } from '../identity/events.js';
import { signalCentreChanged } from './centre-signals.js';
import { NOTIFY_EVENTS, type NotificationEvent, type PersonNotifyEvent } from './events.js';
import { own } from './tables.js';

export const notificationsProjection: Projection = {
  name: 'notifications',
  tables: ['notification_preferences', 'notifications', 'push_subscriptions'],
  handles: [...NOTIFY_EVENTS, 'AccountErased'],
  async apply(trx, event) {
    // A deleted account's notifications and subscriptions go with it (docs/data-rights.md).
    if (event.type === 'AccountErased') {
      const userId = (event.data as AccountErased['data']).user_id;
      for (const table of ['notification_preferences', 'notifications', 'push_subscriptions'] as const)
        await own(trx).deleteFrom(table).where('user_id', '=', userId).execute();
      // Others' notifications of what the person did name them: they go too.
      await own(trx).deleteFrom('notifications').where('actor_user_id', '=', userId).execute();
      return;
    }
    const e = event as unknown as PersonNotifyEvent | NotificationEvent;
    switch (e.type) {
      case 'NotificationPreferencesChanged': {
        const { user_id, should_send_email, should_send_in_app, should_send_push, changed_at } = e.data;
        const prefs = { should_send_email, should_send_in_app, should_send_push, updated_at: changed_at };
        await own(trx)
          .insertInto('notification_preferences')
          .values({ user_id, ...prefs })
          .onConflict((oc) => oc.column('user_id').doUpdateSet(prefs))
          .execute();
        return;
      }
      case 'PushSubscribed': {
        const { subscription_id, user_id, endpoint, p256dh, auth, subscribed_at } = e.data;
        await own(trx)
          .insertInto('push_subscriptions')
          .values({ subscription_id, user_id, endpoint, p256dh, auth, subscribed_at })
          .onConflict((oc) => oc.column('subscription_id').doUpdateSet({ user_id, endpoint, p256dh, auth, subscribed_at }))
          .execute();
        return;
      }
      case 'PushUnsubscribed':
        await own(trx).deleteFrom('push_subscriptions').where('subscription_id', '=', e.data.subscription_id).where('user_id', '=', e.data.user_id).execute();
        return;
      case 'AllNotificationsRead':
        await own(trx)
          .updateTable('notifications')
          .set({ read_at: e.data.read_at })
          .where('user_id', '=', e.data.user_id)
          .where('read_at', 'is', null)
          .where('created_at', '<=', new Date(e.data.read_at))
          .execute();
        await signalCentreChanged(trx, e.data.user_id);
        return;
      case 'NotificationSent': {
        const d = e.data;
        // Kept out of the centre when the person had in-app notifications off.
        if (!d.in_app) return;
        await own(trx)
          .insertInto('notifications')
          .values({
            id: d.notification_id,
            user_id: d.user_id,
            actor_user_id: d.actor_user_id ?? null,
            kind: d.kind,
            title: d.title,
            body: d.body,
            url: d.url,
            created_at: d.sent_at,
            read_at: null,
          })
          .execute();
        await signalCentreChanged(trx, d.user_id);
        return;
      }
      case 'NotificationRead':
        await own(trx)
          .updateTable('notifications')
          .set({ read_at: e.data.read_at })
          .where('id', '=', e.data.notification_id)
          .where('user_id', '=', e.data.user_id)
          .where('read_at', 'is', null)
          .execute();
        await signalCentreChanged(trx, e.data.user_id);
        return;
    }
  },
};
