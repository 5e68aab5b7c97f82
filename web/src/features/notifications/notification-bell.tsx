// The bell in the sidebar: the person's unread count, and the centre in a popover (newest
// first, each opening its link and marking it read; "Mark all read"). Kept live by the
// server's notification stream. Nothing for a visitor.
import { useQueryClient } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { Bell } from '../../ui/icons';
import * as Popover from 'radix-ui/popover';
import { useState } from 'react';
import { Link } from 'react-router';
import {
  getListNotificationsQueryKey,
  useListNotifications,
  useMarkAllNotificationsRead,
  useMarkNotificationRead,
} from '../../../../generated/react-query/notifications/notifications';
import type { Notification, NotificationList } from '../../../../generated/react-query/model';
import { useSession } from '../../platform/session';
import { useLiveCentre } from './use-live-centre';

export function NotificationBell({ open }: { open: boolean }) {
  const { user } = useSession();
  useLiveCentre(!!user);
  const list = useListNotifications(undefined, { query: { enabled: !!user, select: (r) => r.data as NotificationList } });
  const [shown, setShown] = useState(false);
  if (!user) return null;
  const unread = list.data?.unread_count ?? 0;
  const label = unread ? `Notifications, ${unread} unread` : 'Notifications';
  return (
    <Popover.Root open={shown} onOpenChange={setShown}>
      <Popover.Trigger
        aria-label={label}
        title={label}
        className={clsx(
          'relative flex items-center gap-3 rounded-lg py-2 text-sm text-neutral-600 hover:bg-neutral-200/50 hover:text-neutral-900 dark:text-neutral-400 dark:hover:bg-neutral-800/70 dark:hover:text-neutral-100',
          open ? 'px-3' : 'justify-center',
        )}
      >
        <Bell className="size-4 shrink-0" />
        <span className={open ? '' : 'sr-only'}>Notifications</span>
        {unread > 0 && (
          <span
            data-testid="unread-count"
            aria-hidden="true"
            className={clsx(
              'min-w-5 rounded-full bg-red-600 px-1.5 text-center text-xs font-semibold text-white',
              open ? 'ml-auto' : 'absolute -top-0.5 right-1',
            )}
          >
            {unread > 99 ? '99+' : unread}
          </span>
        )}
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          side="right"
          align="end"
          sideOffset={8}
          aria-label="Notification centre"
          className="z-50 w-80 max-w-[calc(100vw-2rem)] rounded-xl border border-neutral-200 bg-white p-2 shadow-xl dark:border-neutral-800 dark:bg-neutral-900"
        >
          <Centre notifications={list.data?.notifications ?? []} unread={unread} loading={list.isPending} onOpen={() => setShown(false)} />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

function Centre({ notifications, unread, loading, onOpen }: { notifications: Notification[]; unread: number; loading: boolean; onOpen: () => void }) {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: getListNotificationsQueryKey() });
  const markRead = useMarkNotificationRead({ mutation: { onSettled: refresh } });
  const markAll = useMarkAllNotificationsRead({ mutation: { onSettled: refresh } });
  return (
    <div className="flex flex-col gap-1">
      <div className="flex items-center justify-between px-2 py-1">
        <h2 className="text-sm font-semibold">Notifications</h2>
        <div className="flex items-center gap-3 text-xs">
          {unread > 0 && (
            <button type="button" className="underline" disabled={markAll.isPending} onClick={() => markAll.mutate()}>
              Mark all read
            </button>
          )}
          <Link to="/account/notifications" className="underline" onClick={onOpen}>
            Settings
          </Link>
        </div>
      </div>
      {loading ? (
        <p className="px-2 py-4 text-sm text-neutral-500">Loading…</p>
      ) : notifications.length === 0 ? (
        <p className="px-2 py-4 text-sm text-neutral-500">No notifications yet.</p>
      ) : (
        <ul aria-label="Notifications" className="max-h-96 overflow-y-auto">
          {notifications.map((n) => (
            <li key={n.id} className="flex items-start gap-2 rounded-lg px-2 py-2 hover:bg-neutral-100 dark:hover:bg-neutral-800">
              <span aria-hidden="true" className={clsx('mt-1.5 size-2 shrink-0 rounded-full', n.read_at ? 'bg-transparent' : 'bg-blue-600')} />
              <Link
                to={n.url}
                className="min-w-0 flex-1"
                onClick={() => {
                  if (!n.read_at) markRead.mutate({ notificationId: n.id });
                  onOpen();
                }}
              >
                <span className={clsx('block text-sm', !n.read_at && 'font-medium')}>{n.title}</span>
                {n.body && <span className="block text-xs text-neutral-500 dark:text-neutral-400">{n.body}</span>}
                <time dateTime={n.created_at} className="block text-xs text-neutral-400">
                  {new Date(n.created_at).toLocaleString()}
                </time>
              </Link>
              {!n.read_at && (
                <button
                  type="button"
                  className="shrink-0 text-xs underline"
                  aria-label={`Mark “${n.title}” read`}
                  onClick={() => markRead.mutate({ notificationId: n.id })}
                >
                  Mark read
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
