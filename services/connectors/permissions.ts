// The permissions a connection needs that the person may decline at the provider: Google's consent
// screen lets a person untick Gmail or Calendar while still connecting (granular consent), so the
// scope the token endpoint answers with is compared with what Gmail with Calendar needs (seed 001
// §2: the calendar and mail permission modal, the Gmail failed-permissions modal). Pure, shared
// with the browser and the mocks.
import type { ConnectorName } from './registry.js';

export const GMAIL_READONLY = 'https://www.googleapis.com/auth/gmail.readonly';
export const CALENDAR_READONLY = 'https://www.googleapis.com/auth/calendar.readonly';

export const CONNECTOR_PERMISSIONS = ['mail', 'calendar'] as const;
export type ConnectorPermission = (typeof CONNECTOR_PERMISSIONS)[number];

const NEEDED: Partial<Record<ConnectorName, Record<ConnectorPermission, string>>> = {
  gmail: { mail: GMAIL_READONLY, calendar: CALENDAR_READONLY },
};

/** What the connection lacks of what its connector needs; nothing when the provider did not name the scope it granted. */
export function missingPermissions(connector: string, grantedScope: string | null): ConnectorPermission[] {
  const needed = NEEDED[connector as ConnectorName];
  if (!needed || grantedScope === null) return [];
  const granted = new Set(grantedScope.split(/[\s,]+/));
  return CONNECTOR_PERMISSIONS.filter((p) => !granted.has(needed[p]));
}
