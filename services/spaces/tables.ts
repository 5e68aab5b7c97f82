// The tables spaces owns. Only this domain's code queries them, through `own()`: it narrows the
// handle every context carries to these tables, so a query on another domain's table does not compile.
import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from '../db/columns.js';
import { ownerOf } from '../db/owned.js';

export interface SpacesTable {
  uuid: string;
  slug: string;
  title: string;
  description: string;
  instructions: string;
  emoji: string;
  access: number;
  enable_web_by_default: boolean;
  template_id: string | null;
  owner_user_id: string;
  thread_count: Generated<number>;
  /** JSON text on write, like thread_entries.sources. */
  links: ColumnType<{ link: string; title: string; added_at: string; text_truncated?: true }[], string, string>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface SpaceMembersTable {
  space_uuid: string;
  member_id: string;
  email: string;
  user_id: string | null;
  level: number;
  invited_at: Timestamp;
}

export interface SpacesTables {
  spaces: SpacesTable;
  space_members: SpaceMembersTable;
}

/** This domain's handle on its own tables (a transaction stays a transaction). */
export const own = ownerOf<SpacesTables>();
