// POST /rest/sse/index_files (streamIndexFiles): submits uploaded files for indexing and streams
// their progress. Left out of the generated hooks as an SSE call; framing reuses the answer
// stream's parser.
import type { FileIndexRequest } from '../../../../../generated/react-query/model';
import type { FileIndexProgress } from '../../../../../generated/sdk/types.gen';
import { ApiError, type Problem } from '../../../app/api-fetch';
import { parseSseStream } from '../../search/answer-stream';

export const INDEX_FILES_PATH = '/rest/sse/index_files';

const STATUSES = new Set<FileIndexProgress['status']>(['processing', 'success', 'failure']);
const isProgress = (v: unknown): v is FileIndexProgress =>
  typeof v === 'object' && v !== null && typeof (v as FileIndexProgress).file_uuid === 'string' && STATUSES.has((v as FileIndexProgress).status);

/** Errors before the stream starts (problem+json) throw an ApiError; then each `message` event is yielded. */
export async function streamIndexFiles(body: FileIndexRequest, signal?: AbortSignal): Promise<AsyncGenerator<FileIndexProgress>> {
  const response = await fetch(INDEX_FILES_PATH, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
    body: JSON.stringify(body),
    signal,
  });
  if (!response.ok || !response.body) {
    const problem = await response.json().catch(() => null);
    throw new ApiError(
      problem && typeof problem === 'object' && 'code' in problem
        ? (problem as Problem)
        : { type: 'about:blank', title: response.statusText, status: response.status, code: 'http_error' },
    );
  }
  return progressEvents(response.body);
}

async function* progressEvents(body: ReadableStream<Uint8Array>): AsyncGenerator<FileIndexProgress> {
  for await (const m of parseSseStream(body)) {
    if (m.event !== 'message') continue;
    const data: unknown = JSON.parse(m.data);
    if (isProgress(data)) yield data;
  }
}
