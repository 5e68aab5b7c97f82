// Files' personal data in the log: the names, text and uploader of the person's deleted files, and
// their address on the files they uploaded to a Space that stays (docs/data-rights.md). An object
// key ends with the file's name, so in an erased file's events it ends with "erased" instead (the
// same way in every event, so projections that match on the key still match).
import { blank, type Redactor, type Redactors } from '../eventstore/erasure.js';

export const erasedKey = (key: unknown) => (typeof key === 'string' ? key.replace(/[^/]*$/, 'erased') : key);

const inRemovedFile =
  (keys: string[]): Redactor =>
  (e, p) =>
    p.streams.has(e.streamId) ? withErasedKey(blank(e.data, keys)) : undefined;

const withErasedKey = (data: Record<string, unknown>) => {
  const out = 'object_key' in data ? { ...data, object_key: erasedKey(data.object_key) } : data;
  return 'upload_key' in data ? { ...out, upload_key: erasedKey(data.upload_key) } : out;
};

export const fileRedactors: Redactors = {
  FileSubmitted: (e, p) =>
    p.streams.has(e.streamId)
      ? withErasedKey(blank(e.data, ['filename', 'uploader_email']))
      : e.data.uploaded_by === p.userId || p.emails.includes(String(e.data.uploader_email).toLowerCase())
        ? blank(e.data, ['uploader_email'])
        : undefined,
  FileUploadStarted: inRemovedFile(['filename']),
  FileUploadExpired: inRemovedFile([]),
  FileDeleted: inRemovedFile([]),
  FilePassagesRecorded: inRemovedFile(['title', 'passages']),
  FileIndexed: inRemovedFile(['title', 'description']),
  FileIndexFailed: inRemovedFile(['error']),
  FileReadersChanged: inRemovedFile([]),
};
