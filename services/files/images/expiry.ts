// The end of an image upload slot: the expiry is recorded, then the object, if the browser ever
// sent one, is removed. Run again, it only removes the object again, which is no error.
import type { EventStore } from '../../eventstore/store.js';
import type { Storage } from '../../storage/storage.js';
import { decideImageUploadExpiry } from './decide.js';
import { evolveImageUpload, imageUploadStream } from './events.js';

export type ImageExpiryDeps = { store: EventStore; storage: Storage; now: () => Date };

export async function expireImageUpload(deps: ImageExpiryDeps, objectKey: string) {
  const stream = imageUploadStream(objectKey);
  const { state, version } = await deps.store.aggregate(stream, 'none', evolveImageUpload);
  const events = decideImageUploadExpiry(state, objectKey, deps.now());
  if (events.length) await deps.store.append(stream, version, events);
  await deps.storage.delete(objectKey);
}
