// Pure data-rights rules: the clock and ids come in with the command.
import { DELETE_CONFIRMATION, rightsErrors } from './errors.js';
import type { AccountDeletionRequested, DataExportRequested, DeletionState, ExportStatus } from './events.js';

/** How long an archive's link works. */
export const EXPORT_LINK_DAYS = 7;

/** A Space the person owns and the members (member ids) it could be handed to. */
export type OwnedSpace = { uuid: string; heirs: readonly string[] };

export type DeletionCommand = {
  user_id: string;
  confirmation: string;
  owned: readonly OwnedSpace[];
  hand_over: Record<string, string>;
  now: Date;
};

/** The typed confirmation must match; each hand-over names a Space of theirs and one of its joined members. */
export function decideDeletion(state: DeletionState, cmd: DeletionCommand): AccountDeletionRequested[] {
  if (cmd.confirmation.trim() !== DELETE_CONFIRMATION) throw rightsErrors.confirmationMismatch();
  if (state.requested) throw rightsErrors.deletionUnderWay();
  for (const [space, member] of Object.entries(cmd.hand_over)) {
    const owned = cmd.owned.find((s) => s.uuid === space);
    if (!owned?.heirs.includes(member)) throw rightsErrors.invalidHandOver();
  }
  return [{ type: 'AccountDeletionRequested', data: { user_id: cmd.user_id, hand_over: { ...cmd.hand_over }, requested_at: cmd.now.toISOString() } }];
}

export function decideExport(cmd: { export_id: string; user_id: string; now: Date }): DataExportRequested[] {
  return [{ type: 'DataExportRequested', data: { export_id: cmd.export_id, user_id: cmd.user_id, requested_at: cmd.now.toISOString() } }];
}

export const expiryOf = (readyAt: Date) => new Date(readyAt.getTime() + EXPORT_LINK_DAYS * 24 * 3600 * 1000);

/** A ready archive whose link ran out reads as expired even before its expiry is recorded. */
export function statusAt(row: { status: ExportStatus; expires_at: Date | null }, now: Date): ExportStatus {
  return row.status === 'ready' && row.expires_at && row.expires_at.getTime() <= now.getTime() ? 'expired' : row.status;
}

/** Only the owner downloads, and only a ready archive: anyone else learns nothing of it. */
export function checkDownload(row: { user_id: string; status: ExportStatus; expires_at: Date | null } | null, userId: string, now: Date) {
  if (!row || row.user_id !== userId) throw rightsErrors.exportNotFound();
  const status = statusAt(row, now);
  if (status === 'preparing') throw rightsErrors.exportNotReady();
  if (status === 'expired') throw rightsErrors.exportExpired();
  if (status === 'failed') throw rightsErrors.exportFailed();
}
