// The line under an answer saying what wrote it. The offline model quotes its sources, so its
// label says which sources it quoted: this Space's files, the asker's own sources (their files,
// memories, web results) or the built-in user guide (whose passages' domain is `help`, at /help/...).
import type { StreamSource } from '../ask/answer-stream';

export const OFFLINE_MODEL = 'offline-extractive';
export const FROM_SPACE_FILES = "Answered offline from this Space's files";
export const FROM_YOUR_SOURCES = 'Answered offline from your sources';
export const FROM_USER_GUIDE = 'Answered offline from the user guide';

type SourceKind = 'space' | 'guide' | 'other';

function kindOf(s: StreamSource): SourceKind {
  if (s.file_metadata?.file_repository_type === 'COLLECTION') return 'space';
  if (!s.file_metadata && !s.is_memory && !s.is_conversation_history && (s.meta_data?.domain_name === 'help' || s.url.startsWith('/help/'))) return 'guide';
  return 'other';
}

export function modelLabel(model: string, sources: readonly StreamSource[] = []) {
  if (model !== OFFLINE_MODEL) return `Answered by ${model}`;
  const kinds = new Set(sources.map(kindOf));
  if (kinds.has('other')) return FROM_YOUR_SOURCES;
  if (kinds.has('space')) return FROM_SPACE_FILES;
  return FROM_USER_GUIDE;
}
