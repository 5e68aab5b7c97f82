// A file's passages in the shared passage index: one corpus per repository, ids `file:<uuid>:<n>`,
// and the url a citation opens (the file's page, at that page when it has pages).
import type { Trx } from '../eventstore/types.js';
import type { FilePassage } from './extract/extract.js';
import type { Repository } from './events.js';
import { corpusOf } from './repository-access.js';

export const fileCitationUrl = (fileUuid: string, page: number | null) => `/files/${fileUuid}${page ? `?page=${page}` : ''}`;

/** Replaces every passage of the file; inserted in slices so a large file stays under the bind-parameter limit. */
export async function replaceFilePassages(
  trx: Trx,
  file: { file_uuid: string; title: string; file_type: string; repository: Repository },
  passages: FilePassage[],
) {
  await trx.deleteFrom('passages').where('file_uuid', '=', file.file_uuid).execute();
  const corpus = corpusOf(file.repository);
  const rows = passages.map((p) => ({
    id: `file:${file.file_uuid}:${p.ordinal}`,
    corpus,
    url: fileCitationUrl(file.file_uuid, p.page),
    title: file.title,
    heading: p.heading,
    content: p.content,
    ordinal: p.ordinal,
    file_uuid: file.file_uuid,
    page: p.page,
    file_type: file.file_type,
    file_repository_type: file.repository.type,
  }));
  for (let i = 0; i < rows.length; i += 1000)
    await trx
      .insertInto('passages')
      .values(rows.slice(i, i + 1000))
      .execute();
}
