// The 'MCP service tools' modal (seed 003 §7): the server's tools, asked of it now, each enabled
// for answers or not, and whether its calls wait for approval. A server that asks for a sign-in
// offers to connect it.
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { getListMcpServerToolsQueryKey, useListMcpServerTools, useSetMcpToolSetting } from '../../../../generated/react-query/mcp/mcp';
import type { McpToolList } from '../../../../generated/react-query/model';
import { ApiError } from '../../platform/api-fetch';
import type { ModalProps } from '../../platform/modals/types';
import { problemMessage } from '../../platform/problem';
import { ModalTitle } from '../../ui/modal-parts';
import { connectServer } from './connect-server';
import type { McpServiceToolsArgs } from './mcp-args';

type Setting = { enabled: boolean; approval: 'ask' | 'always' };

export default function McpToolsModal({ args, close }: ModalProps<McpServiceToolsArgs>) {
  const client = useQueryClient();
  const key = getListMcpServerToolsQueryKey(args.server_id);
  const tools = useListMcpServerTools(args.server_id, { query: { select: (r) => (r.data as McpToolList).tools, retry: false } });
  // One save at a time, in the order made: each sends a tool's whole setting, so a change made
  // while one is under way waits for it, and the last choice is the one the server keeps.
  const set = useSetMcpToolSetting({ mutation: { scope: { id: 'mcp-tool-settings' }, onSuccess: () => client.invalidateQueries({ queryKey: key }) } });
  // A change shows at once; it goes back if the server refuses it.
  const [shown, setShown] = useState<Record<string, Setting>>({});
  const change = (tool: string, setting: Setting) => {
    setShown((old) => ({ ...old, [tool]: setting }));
    set.mutate(
      { serverId: args.server_id, toolName: tool, data: setting },
      {
        onError: () =>
          setShown((old) => {
            const { [tool]: _gone, ...rest } = old;
            return rest;
          }),
      },
    );
  };
  const needsSignIn = tools.error instanceof ApiError && tools.error.code === 'mcp_authorization_required';

  return (
    <div className="flex flex-col gap-4">
      <ModalTitle>{args.name}: tools</ModalTitle>
      {tools.isPending && <p className="text-neutral-500">Asking the server for its tools…</p>}
      {tools.isError && (
        <div className="flex flex-col gap-2">
          <p role="alert" className="text-sm text-red-600 dark:text-red-400">
            {problemMessage(tools.error)}
          </p>
          {needsSignIn && (
            <button type="button" className="btn-primary self-start" onClick={() => void connectServer(args.server_id)}>
              Connect account
            </button>
          )}
        </div>
      )}
      {tools.data && tools.data.length === 0 && <p className="text-neutral-500">This server offers no tools.</p>}
      {tools.data && tools.data.length > 0 && (
        <ul className="flex max-h-96 flex-col gap-3 overflow-y-auto">
          {tools.data.map((tool) => {
            const t = { ...tool, ...shown[tool.name] };
            return (
              <li key={t.name} className="flex flex-col gap-1 rounded-lg border border-neutral-200 p-3 dark:border-neutral-800">
                <label className="flex items-center gap-2 font-medium">
                  <input type="checkbox" checked={t.enabled} onChange={(e) => change(t.name, { enabled: e.target.checked, approval: t.approval })} />
                  {t.title ?? t.name}
                </label>
                {t.description && <p className="text-sm text-neutral-500 dark:text-neutral-400">{t.description}</p>}
                <label className="flex items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    checked={t.approval === 'always'}
                    disabled={!t.enabled}
                    onChange={(e) => change(t.name, { enabled: t.enabled, approval: e.target.checked ? 'always' : 'ask' })}
                  />
                  Run without asking me
                </label>
              </li>
            );
          })}
        </ul>
      )}
      {set.isError && (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {problemMessage(set.error)}
        </p>
      )}
      <div className="flex justify-end">
        <button type="button" className="btn-primary" onClick={close}>
          Done
        </button>
      </div>
    </div>
  );
}
