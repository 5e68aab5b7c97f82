// The parts of Notion API 2022-06-28's resources this adapter reads (https://developers.notion.com/reference).
export type RichText = { plain_text: string };
export type Parent =
  | { type: 'workspace'; workspace: true }
  | { type: 'page_id'; page_id: string }
  | { type: 'database_id'; database_id: string }
  | { type: 'block_id'; block_id: string };
export type PropertyValue = { type: string; [value: string]: unknown };
export type NotionPage = {
  object: 'page';
  id: string;
  url?: string;
  last_edited_time: string;
  archived?: boolean;
  in_trash?: boolean;
  parent: Parent;
  properties: Record<string, PropertyValue>;
};
export type NotionDatabase = {
  object: 'database';
  id: string;
  url?: string;
  last_edited_time: string;
  archived?: boolean;
  in_trash?: boolean;
  parent: Parent;
  title: RichText[];
  description?: RichText[];
};
export type NotionBlock = { object: 'block'; id: string; type: string; has_children: boolean; [type: string]: unknown };
export type NotionList<T> = { object: 'list'; results: T[]; next_cursor: string | null; has_more: boolean };
