// A picked item named as its source names it the moment it is picked, so the connector files table
// shows its name (and whether it is a file or a folder) at once, not its remote id until the sync's
// first step. One metadata call per picked id through the connection's adapter, paced by its
// limiter; the calls wait for no Retry-After and retry nothing (the person's request is waiting),
// and an id the source does not answer for keeps its id as a name: the sync names it, or says why.
import type { RemoteItem } from './adapters/types.js';
import type { AdapterDeps } from './connection-call.js';
import { adapterOf, wellFormed } from './sync.js';

/** Ids looked up in one pick at most (about 3 s at the slowest file provider's pace); the rest are named by the sync. */
export const PICK_LOOKUPS_MAX = 50;
/** A provider that asked the connection to wait longer than this is not asked again while a person waits. */
const WAITING_MS = 1000;

export type Pick = { id: string; driveId: string | null };

/** The items the source describes, by remote id; an id missing here was not looked up or not answered for. */
export async function pickedAtSource(deps: AdapterDeps, connectionUuid: string, picks: Pick[]): Promise<Map<string, RemoteItem>> {
  const found = new Map<string, RemoteItem>();
  const source = await adapterOf(deps, connectionUuid, { answerNow: true });
  if (!source || source.waitingMs() > WAITING_MS) return found;
  await Promise.all(
    picks.slice(0, PICK_LOOKUPS_MAX).map(async (p) => {
      if (source.waitingMs() > WAITING_MS) return;
      const item = await source.adapter.item({ remoteId: p.id, driveId: p.driveId }).catch(() => null);
      // Another id than the one asked about would name the wrong row.
      if (wellFormed(item) && item.remoteId === p.id && (item.kind === 'FILE' || item.kind === 'FOLDER')) found.set(p.id, item);
    }),
  );
  return found;
}
