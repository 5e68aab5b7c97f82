// The connector modals' arguments: which connector, and whose connection it makes (the person's
// own, or their organisation's from /account/org/connectors).
export type ConnectorsEnableArgs = { name: string; scope?: 'user' | 'org' };

/** The picker: a connected file connector's source, synced into `repository` when picked. */
export type ConnectorPickerArgs = { name: string; repository: { file_repository_type: 'USER' | 'ORG' | 'COLLECTION'; owner_id?: string | null } };
