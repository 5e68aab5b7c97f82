// The parts of Asana API 1.0's resources this adapter reads (https://developers.asana.com/reference).
export type AsanaPage<T> = { data: T[]; next_page: { offset: string } | null };
export type AsanaRef = { gid: string; name?: string };
export type AsanaTask = {
  gid: string;
  name: string;
  notes?: string;
  permalink_url?: string;
  modified_at: string;
  completed?: boolean;
  assignee?: { name?: string } | null;
  created_by?: { name?: string } | null;
  parent?: { gid: string } | null;
};
