// What both calendar modals show of the calendar connector: which calendar availability is read
// from when one is connected, otherwise the prompt to connect one (Gmail with Calendar or Outlook:
// its OAuth flow, coming back to this page).
import { useGetCalendarAvailability } from '../../../../generated/react-query/connectors/connectors';
import type { CalendarAvailability } from '../../../../generated/react-query/model';
import { CALENDAR_CONNECTORS, connectorInfo } from '../../../../services/connectors/pure';
import { problemMessage } from '../../platform/problem';
import { startConnecting } from '../connectors/use-connectors';

export function useAvailability(days = 7) {
  return useGetCalendarAvailability({ days }, { query: { select: (r) => r.data as CalendarAvailability } });
}

/** The prompt to connect a calendar: the one the server offers first, then the others it reads. */
export function ConnectPrompt({ connector }: { connector: string }) {
  const offered = [connector, ...CALENDAR_CONNECTORS.filter((c) => c !== connector)];
  return (
    <div className="space-y-2 rounded-lg border border-neutral-200 p-3 text-sm dark:border-neutral-700" data-testid="calendar-connect-prompt">
      <p>Connect a calendar to see your free times. Only your calendar's busy times are read, when you look; they are not kept.</p>
      <div className="flex flex-wrap gap-2">
        {offered.map((name, i) => (
          <button
            key={name}
            type="button"
            className={i === 0 ? 'btn-primary' : 'btn-secondary'}
            onClick={() => void startConnecting(name, 'user', `${window.location.pathname}${window.location.search}`)}
          >
            Connect {connectorInfo(name)?.label ?? name}
          </button>
        ))}
      </div>
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
