// The parts of Drive API v3's resources this adapter reads (https://developers.google.com/drive/api/reference/rest/v3).
export type Permission = { type: 'user' | 'group' | 'domain' | 'anyone'; emailAddress?: string; domain?: string; role?: string };
export type DriveFile = {
  id: string;
  name: string;
  mimeType: string;
  modifiedTime?: string;
  parents?: string[];
  size?: string;
  webViewLink?: string;
  driveId?: string;
  trashed?: boolean;
  permissions?: Permission[];
};
export type FileList = { nextPageToken?: string; files: DriveFile[] };
export type ChangeList = { nextPageToken?: string; newStartPageToken?: string; changes: { fileId: string; removed?: boolean; file?: DriveFile }[] };
