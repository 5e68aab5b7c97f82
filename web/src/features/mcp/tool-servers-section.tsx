// The person's tool servers on /account/assistant: their own remote servers and the ones the
// administrator installed, each with its tools; adding and editing open the 'MCP server' modal.
import { useListMcpServers } from '../../../../generated/react-query/mcp/mcp';
import type { McpServerList } from '../../../../generated/react-query/model';
import { useModals } from '../../platform/modals/context';
import { problemMessage } from '../../platform/problem';

const OUTCOMES: Record<string, string> = {
  connected: 'The tool server is connected.',
  connection_cancelled: 'Connecting the tool server was cancelled.',
  connection_error: 'The tool server could not be connected. Try again.',
};

export function ToolServersSection() {
  const { open } = useModals();
  const servers = useListMcpServers({ query: { select: (r) => (r.data as McpServerList).servers } });
  const outcome = new URLSearchParams(window.location.search).get('mcp');
  return (
    <section aria-labelledby="tool-servers" className="mt-10 space-y-3">
      <h2 id="tool-servers" className="text-lg font-medium">
        Tool servers (MCP)
      </h2>
      <p className="text-sm text-neutral-500 dark:text-neutral-400">Tools you enable here may be used by your answers, with your approval for each call.</p>
      {outcome && OUTCOMES[outcome] && <p role="status">{OUTCOMES[outcome]}</p>}
      {servers.isError && <p role="alert">{problemMessage(servers.error)}</p>}
      {servers.data && servers.data.length === 0 && <p className="text-neutral-500">No tool servers yet.</p>}
      <ul className="flex flex-col gap-2">
        {servers.data?.map((s) => (
          <li key={s.server_id} className="flex flex-wrap items-center gap-2 rounded-lg border border-neutral-200 p-3 dark:border-neutral-800">
            <span className="font-medium">{s.name}</span>
            <span className="text-sm text-neutral-500 dark:text-neutral-400">
              {s.kind === 'installed' ? 'installed by the administrator' : s.url}
              {s.authorization === 'authorized' ? ' · connected' : ''}
            </span>
            <span className="ml-auto flex gap-2">
              <button type="button" className="btn-secondary" onClick={() => open('mcpServiceTools', { server_id: s.server_id, name: s.name })}>
                Tools
              </button>
              {s.kind === 'remote' && s.url && (
                <button
                  type="button"
                  className="btn-ghost"
                  onClick={() => open('mcpServer', { server: { server_id: s.server_id, name: s.name, url: s.url! } })}
                >
                  Edit
                </button>
              )}
            </span>
          </li>
        ))}
      </ul>
      <button type="button" className="btn-primary" onClick={() => open('mcpServer', {})}>
        Add an MCP server
      </button>
    </section>
  );
}
