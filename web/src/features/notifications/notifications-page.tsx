// /account/notifications: the three channels (seed 003: should_send_email, should_send_in_app
// and should_send_push, all on by default), each saved as it is switched; and this browser's
// push subscription, subscribed or not with the browser's PushManager.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import {
  getGetNotificationPreferencesQueryKey,
  useGetNotificationPreferences,
  useGetPushPublicKey,
  useSubscribePush,
  useUnsubscribePush,
  useUpdateNotificationPreferences,
} from '../../../../generated/react-query/notifications/notifications';
import type { NotificationPreferences } from '../../../../generated/react-query/model';
import { ApiError } from '../../platform/api-fetch';
import { problemMessage } from '../../platform/problem';
import { SaveStatus, SignedInOnly } from '../account-settings/signed-in-only';
import { currentSubscription, PushPermissionError, pushSupport, subscribeBrowser } from './push';

const CHANNELS: readonly { key: keyof NotificationPreferences; label: string; hint: string }[] = [
  { key: 'should_send_in_app', label: 'In-app', hint: 'Show notifications under the bell in the sidebar.' },
  { key: 'should_send_email', label: 'Email', hint: 'Send notifications to your email address.' },
  { key: 'should_send_push', label: 'Push', hint: 'Send notifications to the browsers you subscribe below, even when the app is closed.' },
];

export default function NotificationsPage() {
  return (
    <SignedInOnly title="Notifications">
      <p className="text-neutral-600 dark:text-neutral-400">
        You hear about your scheduled tasks, price alerts, requests to read your threads, Space invitations and connector syncs.
      </p>
      <Channels />
      <ThisBrowser />
    </SignedInOnly>
  );
}

function Channels() {
  const client = useQueryClient();
  const prefs = useGetNotificationPreferences({ query: { select: (r) => (r.status === 200 ? r.data : undefined) } });
  const update = useUpdateNotificationPreferences({
    mutation: {
      // One save at a time, in the order made: each sends all three channels, so a switch made
      // while one is under way waits for it, and the last choice is the one the server keeps.
      scope: { id: 'notification-preferences' },
      onSuccess: (r) => client.setQueryData(getGetNotificationPreferencesQueryKey(), r),
    },
  });
  const shown = update.isPending ? update.variables.data : prefs.data;
  if (prefs.isError) return <SaveStatus pending={false} saved={false} error={problemMessage(prefs.error)} />;
  return (
    <fieldset className="space-y-3">
      <legend className="text-lg font-medium">How you are notified</legend>
      {CHANNELS.map((c) => (
        <label key={c.key} className="flex items-start gap-3">
          <input
            type="checkbox"
            role="switch"
            className="mt-1"
            aria-checked={shown?.[c.key] ?? false}
            checked={shown?.[c.key] ?? false}
            disabled={!shown}
            onChange={(e) => shown && update.mutate({ data: { ...shown, [c.key]: e.target.checked } })}
          />
          <span>
            <span className="font-medium">{c.label}</span> <span className="text-sm text-neutral-500 dark:text-neutral-400">{c.hint}</span>
          </span>
        </label>
      ))}
      <SaveStatus pending={update.isPending} saved={update.isSuccess} error={update.isError ? problemMessage(update.error) : null} />
    </fieldset>
  );
}

function ThisBrowser() {
  const support = pushSupport();
  const key = useGetPushPublicKey({ query: { enabled: support === 'supported', select: (r) => (r.status === 200 ? r.data.public_key : undefined) } });
  const [endpoint, setEndpoint] = useState<string | null | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);
  const subscribe = useSubscribePush();
  const unsubscribe = useUnsubscribePush();
  useEffect(() => {
    currentSubscription().then(
      (s) => setEndpoint(s?.endpoint ?? null),
      () => setEndpoint(null),
    );
  }, []);
  const busy = subscribe.isPending || unsubscribe.isPending;

  const turnOn = async () => {
    setError(null);
    try {
      if (!key.data) return;
      const sub = await subscribeBrowser(key.data);
      await subscribe.mutateAsync({ data: sub });
      setEndpoint(sub.endpoint);
    } catch (err) {
      setError(err instanceof PushPermissionError ? err.message : problemMessage(err));
    }
  };
  const turnOff = async () => {
    setError(null);
    try {
      const sub = await currentSubscription();
      if (sub) {
        await unsubscribe.mutateAsync({ data: { endpoint: sub.endpoint } }).catch((err) => {
          // Dropped by the server already (the push service said it expired): unsubscribe here too.
          if (!(err instanceof ApiError) || err.problem.code !== 'push_subscription_not_found') throw err;
        });
        await sub.unsubscribe();
      }
      setEndpoint(null);
    } catch (err) {
      setError(problemMessage(err));
    }
  };

  return (
    <section aria-labelledby="this-browser" className="space-y-2">
      <h2 id="this-browser" className="text-lg font-medium">
        This browser
      </h2>
      {support === 'unsupported' ? (
        <p className="text-sm text-neutral-600 dark:text-neutral-400">This browser cannot receive push notifications.</p>
      ) : support === 'denied' ? (
        <p className="text-sm text-neutral-600 dark:text-neutral-400">Notifications are blocked for this site. Allow them in your browser’s site settings.</p>
      ) : endpoint ? (
        <div className="flex items-center gap-3">
          <p className="text-sm">This browser receives push notifications.</p>
          <button type="button" className="rounded-full border px-3 py-1 text-sm" disabled={busy} onClick={turnOff}>
            Stop push notifications here
          </button>
        </div>
      ) : (
        <div className="flex items-center gap-3">
          <p className="text-sm">This browser does not receive push notifications.</p>
          <button type="button" className="rounded-full border px-3 py-1 text-sm" disabled={busy || !key.data || endpoint === undefined} onClick={turnOn}>
            Get push notifications here
          </button>
        </div>
      )}
      {error && (
        <p role="alert" className="text-sm text-red-600">
          {error}
        </p>
      )}
    </section>
  );
}
