import type { SourceData, WebFilters } from '../threads/index.js';

/** A piece of text an answer may cite, from any source adapter. */
export type Passage = {
  url: string;
  title: string;
  /** The section within the document, or '' for a whole web result. */
  heading: string;
  content: string;
  domain: string;
  published_date: string | null;
  /** Set when the passage is from a file: its uuid, page, type and repository. */
  file?: FilePassageOrigin;
  /** Set when the passage is one of the asker's memories: when it was remembered. */
  memory?: { timestamp: string; kind: 'memory' | 'conversation_history' };
  /** Set when the passage comes from a connector (an app's document, a synced file): what its citation shows of it. */
  connector?: ConnectorOrigin;
};

export type ConnectorOrigin = {
  connection_type: string;
  /** An app's document: its connector, title and authors; a synced file: its address at the source. */
  connector_type?: string;
  generated_file_title?: string;
  authors?: string[];
  connection_file_url?: string | null;
};

export type FilePassageOrigin = { file_uuid: string; page: number | null; file_type: string; repository_type: 'USER' | 'ORG' | 'COLLECTION' };

/** What a search may be narrowed by: the question's web search filters (web search alone reads them). */
export type SearchOptions = { filters?: WebFilters };

/** Every source (help corpus, web search, later files and Spaces) answers the same question. */
export type SourceAdapter = { name: string; search: (query: string, k: number, options?: SearchOptions) => Promise<Passage[]> };

export function toSource(p: Passage): SourceData {
  const c = p.connector;
  return {
    url: p.url,
    name: p.heading ? `${p.title}: ${p.heading}` : p.title,
    snippet: p.content.length > 300 ? `${p.content.slice(0, 297)}...` : p.content,
    meta_data: {
      domain_name: p.domain,
      published_date: p.published_date,
      ...(p.file ? { file_uuid: p.file.file_uuid, page: p.file.page, generated_file_title: p.title } : {}),
      ...(c ? { connection_type: c.connection_type } : {}),
      ...(c?.generated_file_title ? { generated_file_title: c.generated_file_title } : {}),
      ...(c?.authors ? { authors: c.authors } : {}),
      ...(c && c.connection_file_url !== undefined ? { connection_file_url: c.connection_file_url } : {}),
    },
    ...(p.file || c?.connector_type
      ? {
          file_metadata: {
            ...(p.file ? { file_repository_type: p.file.repository_type, file_type: p.file.file_type } : {}),
            ...(c?.connector_type ? { connector_type: c.connector_type } : {}),
          },
        }
      : {}),
    ...(p.memory ? { [p.memory.kind === 'memory' ? 'is_memory' : 'is_conversation_history']: true, timestamp: p.memory.timestamp } : {}),
  };
}
