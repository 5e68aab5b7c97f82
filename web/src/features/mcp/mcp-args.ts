// The tool-server modals' arguments: the server to edit (none: add one), and the server whose tools to choose.
export type McpServerArgs = { server?: { server_id: string; name: string; url: string } };
export type McpServiceToolsArgs = { server_id: string; name: string };
