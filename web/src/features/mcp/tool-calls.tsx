// The tool calls of one answer (seed 003 §7): each with its server, tool, arguments and result,
// and Approve / Decline on one waiting for the person. Results are text from an outside server:
// shown as plain text, never as markup. Polled while the answer is written or a call is open.
import { useQueryClient } from '@tanstack/react-query';
import { getListMcpToolCallsQueryKey, useDecideMcpToolCall, useListMcpToolCalls } from '../../../../generated/react-query/mcp/mcp';
import type { McpToolCall } from '../../../../generated/react-query/model';
import { problemMessage } from '../../platform/problem';

const POLL_MS = 1000;
const STATUS: Record<McpToolCall['status'], string> = {
  awaiting_approval: 'Waiting for your approval',
  running: 'Running',
  done: 'Done',
  failed: 'Failed',
  declined: 'Declined',
};

export function ToolCalls({ backendUuid, answering }: { backendUuid: string; answering: boolean }) {
  const client = useQueryClient();
  const params = { backend_uuid: backendUuid };
  const calls = useListMcpToolCalls(params, {
    query: {
      select: (r) => (r.data as { calls: McpToolCall[] }).calls,
      refetchInterval: (q) => {
        const open = ((q.state.data?.data as { calls?: McpToolCall[] } | undefined)?.calls ?? []).some(
          (c) => c.status === 'awaiting_approval' || c.status === 'running',
        );
        return answering || open ? POLL_MS : false;
      },
    },
  });
  const decide = useDecideMcpToolCall({ mutation: { onSuccess: () => client.invalidateQueries({ queryKey: getListMcpToolCallsQueryKey(params) }) } });
  if (!calls.data?.length) return null;
  return (
    <section aria-label="Tool calls" className="flex flex-col gap-2">
      {calls.data.map((c) => (
        <div key={c.call_id} className="rounded-lg border border-neutral-200 p-3 text-sm dark:border-neutral-800" data-testid="tool-call">
          <p className="font-medium">
            {c.server_name} · {c.tool_name} <span className="font-normal text-neutral-500">— {STATUS[c.status]}</span>
          </p>
          <pre className="mt-1 overflow-x-auto whitespace-pre-wrap text-xs text-neutral-600 dark:text-neutral-400">{JSON.stringify(c.arguments, null, 2)}</pre>
          {c.result !== null && <pre className="mt-1 max-h-60 overflow-auto whitespace-pre-wrap text-xs">{c.result}</pre>}
          {c.status === 'awaiting_approval' && (
            <div className="mt-2 flex gap-2">
              <button
                type="button"
                className="btn-primary"
                disabled={decide.isPending}
                onClick={() => decide.mutate({ callId: c.call_id, data: { approved: true } })}
              >
                Approve
              </button>
              <button
                type="button"
                className="btn-ghost"
                disabled={decide.isPending}
                onClick={() => decide.mutate({ callId: c.call_id, data: { approved: false } })}
              >
                Decline
              </button>
            </div>
          )}
        </div>
      ))}
      {decide.isError && <p role="alert">{problemMessage(decide.error)}</p>}
    </section>
  );
}
