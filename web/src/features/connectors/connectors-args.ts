// The connector modals' arguments: which connector, and whose connection it makes (the person's
// own, or their organisation's from /account/org/connectors).
export type ConnectorsEnableArgs = { name: string; scope?: 'user' | 'org' };

/** The picker: a connected file connector's source, synced into `repository` when picked. */
export type ConnectorPickerArgs = { name: string; repository: { file_repository_type: 'USER' | 'ORG' | 'COLLECTION'; owner_id?: string | null } };

/**
 * Gmail with Calendar's permission modals (seed 001 §2): what Google will ask before connecting,
 * and what it did not grant (`missing`) after, with a way to connect again.
 */
export type GooglePermissionsArgs = { scope?: 'user' | 'org'; missing?: ('mail' | 'calendar')[] };
