// The connector modals' arguments: which connector, and whose connection it makes (the person's
// own, or their organisation's from /account/org/connectors).
export type ConnectorsEnableArgs = { name: string; scope?: 'user' | 'org' };
