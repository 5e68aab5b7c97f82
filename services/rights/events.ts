// Data rights as events: a person's exports (one stream each) and their request to delete the
// account (docs/data-rights.md). Payloads hold ids only, never what the person wrote.
import type { StoredEvent } from '../eventstore/types.js';

export type DataExportRequested = { type: 'DataExportRequested'; data: { export_id: string; user_id: string; requested_at: string } };
export type DataExportReady = {
  type: 'DataExportReady';
  data: { export_id: string; object_key: string; size: number; ready_at: string; expires_at: string };
};
export type DataExportFailed = { type: 'DataExportFailed'; data: { export_id: string; failed_at: string } };
/** The archive's link ran out: its object is removed from storage. */
export type DataExportExpired = { type: 'DataExportExpired'; data: { export_id: string; expired_at: string } };
export type DataExportEvent = DataExportRequested | DataExportReady | DataExportFailed | DataExportExpired;
export const DATA_EXPORT_EVENT_TYPES = ['DataExportRequested', 'DataExportReady', 'DataExportFailed', 'DataExportExpired'] as const;

/**
 * The person asked to delete their account, having given their password and typed the
 * confirmation. `hand_over`: for each Space they own, the member it goes to (absent: removed).
 */
export type AccountDeletionRequested = {
  type: 'AccountDeletionRequested';
  data: { user_id: string; hand_over: Record<string, string>; requested_at: string };
};

export const dataExportStream = (exportId: string) => `data-export-${exportId}`;
export const accountDeletionStream = (userId: string) => `account-deletion-${userId}`;

export type ExportStatus = 'preparing' | 'ready' | 'failed' | 'expired';
export type DataExportState = {
  requested: DataExportRequested['data'] | null;
  status: ExportStatus | null;
  object_key: string | null;
};
export const initialDataExport: DataExportState = { requested: null, status: null, object_key: null };

export function evolveDataExport(state: DataExportState, event: StoredEvent): DataExportState {
  const e = { type: event.type, data: event.data } as DataExportEvent;
  switch (e.type) {
    case 'DataExportRequested':
      return { ...state, requested: e.data, status: 'preparing' };
    case 'DataExportReady':
      return { ...state, status: 'ready', object_key: e.data.object_key };
    case 'DataExportFailed':
      return { ...state, status: 'failed' };
    case 'DataExportExpired':
      return { ...state, status: 'expired' };
    default:
      return state;
  }
}

export type DeletionState = { requested: AccountDeletionRequested['data'] | null };
export const initialDeletion: DeletionState = { requested: null };
export function evolveDeletion(state: DeletionState, event: StoredEvent): DeletionState {
  return event.type === 'AccountDeletionRequested' ? { requested: event.data as AccountDeletionRequested['data'] } : state;
}
