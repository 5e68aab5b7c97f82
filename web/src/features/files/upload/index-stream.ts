// POST /rest/sse/index_files (streamIndexFiles): submits uploaded files for indexing and streams
// their progress, on the app's one event-stream client.
import type { FileIndexRequest } from '../../../../../generated/react-query/model';
import type { FileIndexProgress, StreamIndexFilesData } from '../../../../../generated/sdk/types.gen';
import { openEventStream, type StreamMessage } from '../../../platform/event-stream';

export const INDEX_FILES_PATH: StreamIndexFilesData['url'] = '/rest/sse/index_files';

const STATUSES = new Set<FileIndexProgress['status']>(['processing', 'success', 'failure']);
const isProgress = (v: unknown): v is FileIndexProgress =>
  typeof v === 'object' && v !== null && typeof (v as FileIndexProgress).file_uuid === 'string' && STATUSES.has((v as FileIndexProgress).status);

/** Errors before the stream starts (problem+json) throw an ApiError; then each `message` event is yielded. */
export async function streamIndexFiles(body: FileIndexRequest, signal?: AbortSignal): Promise<AsyncGenerator<FileIndexProgress>> {
  return progressEvents(await openEventStream(INDEX_FILES_PATH, { method: 'POST', body, signal }));
}

async function* progressEvents(messages: AsyncIterable<StreamMessage>): AsyncGenerator<FileIndexProgress> {
  for await (const m of messages) {
    if (m.event !== 'message') continue;
    const data: unknown = JSON.parse(m.data);
    if (isProgress(data)) yield data;
  }
}
