// What both calendar modals show of the calendar connector: which calendar availability is read
// from when one is connected, otherwise the prompt to connect Gmail with Calendar (its OAuth flow,
// coming back to this page).
import { useGetCalendarAvailability } from '../../../../generated/react-query/connectors/connectors';
import type { CalendarAvailability } from '../../../../generated/react-query/model';
import { connectorInfo } from '../../../../services/connectors/pure';
import { problemMessage } from '../../platform/problem';
import { startConnecting } from '../connectors/use-connectors';

export function useAvailability(days = 7) {
  return useGetCalendarAvailability({ days }, { query: { select: (r) => r.data as CalendarAvailability } });
}

export function ConnectPrompt({ connector }: { connector: string }) {
  const label = connectorInfo(connector)?.label ?? connector;
  return (
    <div className="space-y-2 rounded-lg border border-neutral-200 p-3 text-sm dark:border-neutral-700" data-testid="calendar-connect-prompt">
      <p>Connect {label} to see your free times. Only your calendar's busy times are read, when you look; they are not kept.</p>
      <button
        type="button"
        className="btn-primary"
        onClick={() => void startConnecting(connector, 'user', `${window.location.pathname}${window.location.search}`)}
      >
        Connect {label}
      </button>
    </div>
  );
}

/** The calendar line of a modal: the connected calendar, the connect prompt, or why it cannot be read. */
export function CalendarConnection({ availability }: { availability: ReturnType<typeof useAvailability> }) {
  if (availability.isPending) return <p className="text-sm text-neutral-500">Checking your calendar…</p>;
  if (availability.isError) return <p role="alert">{problemMessage(availability.error)}</p>;
  const a = availability.data;
  if (!a.connected) return <ConnectPrompt connector={a.connector} />;
  return <p className="text-sm text-neutral-600 dark:text-neutral-400">Your availability is read from {connectorInfo(a.connector)?.label ?? a.connector}.</p>;
}
