// The 'MCP server' modal (seed 003 §7): add a remote tool server (Streamable HTTP) by name and
// address, or rename it, move it or remove it; and connect it when it asks for a sign-in.
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { getListMcpServersQueryKey, useAddMcpServer, useRemoveMcpServer, useUpdateMcpServer } from '../../../../generated/react-query/mcp/mcp';
import type { McpServer } from '../../../../generated/react-query/model';
import { useModals } from '../../platform/modals/context';
import type { ModalProps } from '../../platform/modals/types';
import { problemMessage } from '../../platform/problem';
import { toast, TOAST_DURATION } from '../../platform/toasts';
import { ModalTitle } from '../../ui/modal-parts';
import { connectServer } from './connect-server';
import type { McpServerArgs } from './mcp-args';

export default function McpServerModal({ args, close }: ModalProps<McpServerArgs>) {
  const editing = args.server;
  const client = useQueryClient();
  const { open } = useModals();
  const [name, setName] = useState(editing?.name ?? '');
  const [url, setUrl] = useState(editing?.url ?? '');
  const [error, setError] = useState<string | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: getListMcpServersQueryKey() });
  const add = useAddMcpServer();
  const update = useUpdateMcpServer();
  const remove = useRemoveMcpServer();
  const busy = add.isPending || update.isPending || remove.isPending;

  async function save(event: React.FormEvent) {
    event.preventDefault();
    setError(null);
    try {
      const saved = (editing ? await update.mutateAsync({ serverId: editing.server_id, data: { name, url } }) : await add.mutateAsync({ data: { name, url } }))
        .data as McpServer;
      await refresh();
      toast.success(editing ? 'Tool server saved' : 'Tool server added', { duration: TOAST_DURATION.short });
      close();
      open('mcpServiceTools', { server_id: saved.server_id, name: saved.name });
    } catch (err) {
      setError(problemMessage(err));
    }
  }

  async function removeServer() {
    if (!editing) return;
    setError(null);
    try {
      await remove.mutateAsync({ serverId: editing.server_id });
      await refresh();
      toast.success('Tool server removed', { duration: TOAST_DURATION.short });
      close();
    } catch (err) {
      setError(problemMessage(err));
    }
  }

  async function connect() {
    if (!editing) return;
    setError(null);
    try {
      if (!(await connectServer(editing.server_id))) toast.success('This server needs no sign-in.', { duration: TOAST_DURATION.normal });
    } catch (err) {
      setError(problemMessage(err));
    }
  }

  return (
    <form onSubmit={save} className="flex flex-col gap-4">
      <ModalTitle>{editing ? 'Edit MCP server' : 'Add an MCP server'}</ModalTitle>
      <p className="text-sm text-neutral-500 dark:text-neutral-400">
        A remote tool server (Streamable HTTP). Its tools answer your questions once you enable them, and each call waits for your approval unless you allow it.
      </p>
      <label className="flex flex-col gap-1 text-sm font-medium">
        Name
        <input className="field" value={name} onChange={(e) => setName(e.target.value)} maxLength={80} required />
      </label>
      <label className="flex flex-col gap-1 text-sm font-medium">
        Server URL
        <input className="field" type="url" value={url} onChange={(e) => setUrl(e.target.value)} placeholder="https://tools.example.com/mcp" required />
      </label>
      {error && (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
      <div className="flex flex-wrap justify-end gap-2">
        {editing && (
          <>
            <button type="button" className="btn-ghost mr-auto" onClick={removeServer} disabled={busy}>
              Remove
            </button>
            <button type="button" className="btn-secondary" onClick={connect} disabled={busy}>
              Connect account
            </button>
          </>
        )}
        <button type="button" className="btn-ghost" onClick={close}>
          Cancel
        </button>
        <button type="submit" className="btn-primary" disabled={busy || !name.trim() || !url.trim()}>
          {editing ? 'Save' : 'Add'}
        </button>
      </div>
    </form>
  );
}
