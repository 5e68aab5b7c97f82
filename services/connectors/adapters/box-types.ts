// The parts of Box API 2.0's resources this adapter reads (https://developer.box.com/reference/).
export type BoxUser = { type: 'user'; id: string; login?: string; name?: string };
export type BoxItem = {
  type: 'file' | 'folder' | 'web_link';
  id: string;
  name?: string;
  size?: number;
  modified_at?: string;
  item_status?: 'active' | 'trashed' | 'deleted';
  parent?: { type: 'folder'; id: string } | null;
  owned_by?: BoxUser;
  shared_link?: { access?: 'open' | 'company' | 'collaborators' } | null;
  /** Whether the item has collaborations of its own (asked for in `fields`). */
  has_collaborations?: boolean;
};
export type BoxItems = { entries: BoxItem[]; limit?: number; next_marker?: string | null };
export type BoxCollaboration = {
  id: string;
  role?: string;
  status?: 'accepted' | 'pending' | 'rejected';
  accessible_by?: BoxUser | { type: 'group'; id: string; name?: string } | null;
  invite_email?: string | null;
};
/** An event's source: the item itself, or (for some events) an event source resource naming it by item_type and item_id. */
export type BoxEventSource = Partial<BoxItem> & { type?: string; id?: string; item_type?: string; item_id?: string };
export type BoxEvent = { event_id: string; event_type: string; source?: BoxEventSource | null };
export type BoxEvents = { chunk_size: number; next_stream_position: string | number; entries: BoxEvent[] };
export type BoxTokenExchange = { access_token: string; expires_in: number; token_type?: string; issued_token_type?: string };
/** GET /search, paged by offset. */
export type BoxSearch = { entries: BoxItem[]; total_count: number; limit?: number; offset?: number };
