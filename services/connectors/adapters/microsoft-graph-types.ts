// The parts of Microsoft Graph v1.0's resources the OneDrive and SharePoint adapter reads
// (https://learn.microsoft.com/graph/api/resources/driveitem, permission, site, drive).
export type GraphIdentity = {
  user?: { id?: string; email?: string; displayName?: string };
  siteUser?: { id?: string; email?: string; loginName?: string };
  group?: { id?: string; email?: string; displayName?: string };
};
export type GraphPermission = {
  id: string;
  roles?: string[];
  grantedToV2?: GraphIdentity;
  grantedToIdentitiesV2?: GraphIdentity[];
  link?: { scope?: 'anonymous' | 'organization' | 'users' | 'existingAccess'; type?: string };
  invitation?: { email?: string };
};
export type DriveItem = {
  id: string;
  name?: string;
  size?: number;
  webUrl?: string;
  lastModifiedDateTime?: string;
  parentReference?: { driveId?: string; id?: string; path?: string };
  folder?: { childCount?: number };
  file?: { mimeType?: string };
  root?: object;
  /** Present when the item was removed (delta only). */
  deleted?: { state?: string };
  /** Present when the item is shared with others. */
  shared?: { scope?: string };
  /** sharedWithMe: the item itself, in its owner's drive. */
  remoteItem?: Omit<DriveItem, 'remoteItem'>;
};
export type Collection<T> = { value: T[]; '@odata.nextLink'?: string; '@odata.deltaLink'?: string };
export type Site = { id: string; name?: string; displayName?: string; webUrl?: string };
export type Drive = { id: string; name?: string; driveType?: string; webUrl?: string };
