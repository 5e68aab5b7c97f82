// The connector modals' arguments: which connector, and whose connection it makes (the person's
// own, or their organisation's from /account/org/connectors).
export type ConnectorsEnableArgs = { name: string; scope?: 'user' | 'org' };

import type { ConnectorPickerCredentials } from '../../../../generated/react-query/model';

type Repository = { file_repository_type: 'USER' | 'ORG' | 'COLLECTION'; owner_id?: string | null };

/**
 * The picker: a connected file connector's source, synced into `repository` when picked. `site`:
 * SharePoint's site chosen in the site selector; `mode`: Box's 'Upload files' (files only) or
 * 'Upload folders' (folders only); `own`: the provider's own picker, tried first when configured.
 */
export type ConnectorPickerArgs = {
  name: string;
  repository: Repository;
  site?: { id: string; name: string };
  mode?: 'files' | 'folders';
  own?: ConnectorPickerCredentials;
};

/** The SharePoint site selector (seed 001 §2), before the picker on the chosen site. */
export type SharepointSiteArgs = { repository: Repository };

/**
 * Gmail with Calendar's permission modals (seed 001 §2): what Google will ask before connecting,
 * and what it did not grant (`missing`) after, with a way to connect again.
 */
export type GooglePermissionsArgs = { scope?: 'user' | 'org'; missing?: ('mail' | 'calendar')[] };
