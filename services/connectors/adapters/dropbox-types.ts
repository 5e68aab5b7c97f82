// The parts of Dropbox API v2's resources this adapter reads (https://www.dropbox.com/developers/documentation/http/documentation).
export type DropboxEntry =
  | {
      '.tag': 'file';
      id: string;
      name: string;
      path_lower: string;
      path_display: string;
      server_modified?: string;
      size?: number;
      sharing_info?: { parent_shared_folder_id?: string };
      has_explicit_shared_members?: boolean;
    }
  | { '.tag': 'folder'; id: string; name: string; path_lower: string; path_display: string; sharing_info?: { shared_folder_id?: string } }
  | { '.tag': 'deleted'; name: string; path_lower: string; path_display: string };
export type ListFolderResult = { entries: DropboxEntry[]; cursor: string; has_more: boolean };
export type FileMembers = {
  users: { access_type: { '.tag': string }; user: { account_id: string; email?: string } }[];
  groups: { access_type: { '.tag': string }; group: { group_id: string; group_name?: string } }[];
  invitees: { access_type: { '.tag': string }; invitee: { '.tag': string; email?: string } }[];
  cursor?: string;
};
/** files/search_v2 and search/continue_v2: each match's metadata is the entry. */
export type SearchResult = { matches: { metadata: { '.tag': 'metadata'; metadata: DropboxEntry } }[]; has_more: boolean; cursor?: string };
