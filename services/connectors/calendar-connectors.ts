// The connectors whose calendar availability reads (issue 36): Gmail with Calendar (Google's
// freeBusy) and Outlook (Graph's getSchedule). Pure, so the mocks pick the calendar the same way.

export const CALENDAR_CONNECTORS = ['gmail', 'outlook'] as const;
export type CalendarConnector = (typeof CALENDAR_CONNECTORS)[number];

/** The calendar offered when none is connected. */
export const AVAILABILITY_CONNECTOR: CalendarConnector = 'gmail';

export const isCalendarConnector = (name: string): name is CalendarConnector => (CALENDAR_CONNECTORS as readonly string[]).includes(name);
