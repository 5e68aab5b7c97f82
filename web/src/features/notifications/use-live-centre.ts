// The centre, live: while someone is signed in, the server's notification stream is kept open
// and each `unread` event refreshes the list (the bell's count and the panel), so a new
// notification shows without a reload. A stream that ends or fails is opened again, after a
// pause that grows while the server is unreachable.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { getListNotificationsQueryKey } from '../../../../generated/react-query/notifications/notifications';
import { openEventStream } from '../../platform/event-stream';

const RETRY_MIN_MS = 1000;
const RETRY_MAX_MS = 30_000;

export function useLiveCentre(enabled: boolean) {
  const client = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    const abort = new AbortController();
    let retryMs = RETRY_MIN_MS;
    (async () => {
      while (!abort.signal.aborted) {
        try {
          const events = await openEventStream('/rest/notifications/stream', { signal: abort.signal });
          for await (const e of events) {
            retryMs = RETRY_MIN_MS;
            if (e.event === 'unread') await client.invalidateQueries({ queryKey: getListNotificationsQueryKey() });
          }
        } catch {
          // Aborted, signed out or the server away: the loop's pause and check decide.
        }
        if (abort.signal.aborted) return;
        await new Promise((r) => setTimeout(r, retryMs));
        retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
      }
    })();
    return () => abort.abort();
  }, [enabled, client]);
}
