// The step that ends a pending upload never indexed: the expiry is appended first (with the
// expected version, so a submit racing it either lands before and keeps the upload, or finds it
// expired), then the object, if the browser ever sent it, is removed from storage. Run again, it
// only removes the object again, which is no error.
import type { EventStore } from '../eventstore/store.js';
import type { Storage } from '../storage/storage.js';
import { decideUploadExpiry } from './decide.js';
import { evolveFile, fileStream, NO_FILE, type FileState } from './events.js';

export type UploadExpiryDeps = { store: EventStore; storage: Storage; now: () => Date };

/** Whether the file reads its bytes from `key` (a file submitted before uploads were sealed does). */
const holdsFile = (state: FileState, key: string) => state.current?.object_key === key;

/** True when the upload is expired (now or before) and its object gone; false when it was submitted. */
export async function expireUpload(deps: UploadExpiryDeps, upload: { file_uuid: string; object_key: string }): Promise<boolean> {
  const stream = fileStream(upload.file_uuid);
  const { state, version } = await deps.store.aggregate(stream, NO_FILE, evolveFile);
  const events = decideUploadExpiry(state, upload, deps.now());
  if (events.length) await deps.store.append(stream, version, events);
  const expired = events.length > 0 || state.uploads[upload.object_key] === 'expired';
  // A submitted upload was sealed away from its key (unless submitted before sealing existed): what
  // is left there now is a replayed form's, or the upload's own bytes, and nobody reads either.
  const sealedAway = state.uploads[upload.object_key] === 'submitted' && !holdsFile(state, upload.object_key);
  if (expired || sealedAway) await deps.storage.delete(upload.object_key);
  return expired;
}
