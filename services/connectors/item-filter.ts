// The seed's connector file filter (seed 001 §3), and the clauses the connector files list and a
// resync read alike: by remote id, picked roots only, under a folder, by a word of the name.
import type { SelectQueryBuilder } from 'kysely';
import type { ConnectorsTables } from './tables.js';

export type ConnectorFileFilter = {
  uuids?: string[];
  ids?: string[];
  upload_ids?: string[];
  connection_ids?: string[];
  connection_types?: string[];
  file_types?: string[];
  parent_uuids?: string[];
  remote_file_ids?: string[];
  root_files_only?: boolean;
  status?: string[];
  search_keyword?: string;
};

/** A LIKE pattern's own characters, escaped so a name's `%` or `_` is only itself. */
export const likeEscaped = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export function whereItemsMatch<O>(
  q: SelectQueryBuilder<ConnectorsTables, 'connector_items', O>,
  f: ConnectorFileFilter,
): SelectQueryBuilder<ConnectorsTables, 'connector_items', O> {
  let out = q;
  if (f.remote_file_ids?.length) out = out.where('remote_id', 'in', f.remote_file_ids);
  if (f.root_files_only) out = out.where('picked', '=', true);
  const parents = f.parent_uuids ?? [];
  if (parents.length) out = out.where((eb) => eb.or(parents.map((p) => eb(eb.val(p), '=', eb.fn.any('parent_uuids')))));
  const keyword = f.search_keyword?.trim();
  if (keyword) out = out.where('name', 'ilike', `%${likeEscaped(keyword)}%`);
  return out;
}
