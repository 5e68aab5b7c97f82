// /agent/:taskUuid: one task of the in-browser agent as the person follows it in the web app: its
// steps with the screenshots they kept, the action waiting for them (Confirm or Decline), with pause, resume and stop, and the
// calls to their tool servers (Approve or Decline, as in an answer). The browser extension drives
// the tabs; this page only reads the task and controls it.
import { useQueryClient } from '@tanstack/react-query';
import { useParams } from 'react-router';
import {
  getGetAgentTaskQueryKey,
  useConfirmAgentAction,
  useGetAgentTask,
  usePauseAgentTask,
  useResumeAgentTask,
  useStopAgentTask,
} from '../../../../generated/react-query/agent/agent';
import type { AgentTask } from '../../../../generated/react-query/model';
import { problemMessage } from '../../platform/problem';
import { SignedInOnly } from '../account-settings/signed-in-only';
import { ToolCalls } from '../mcp/tool-calls';
import { StepScreenshot } from './step-screenshot';

const STATUS: Record<AgentTask['status'], string> = {
  running: 'Running',
  paused: 'Paused',
  awaiting_confirmation: 'Waiting for you',
  completed: 'Done',
  stopped: 'Stopped',
  failed: 'Failed',
};
const REASON: Record<NonNullable<AgentTask['pending_confirmation']>['reason'], string> = {
  spends_money: 'This would spend money.',
  sends_message: 'This would send a message.',
  submits_personal_data: 'This would submit personal or payment data.',
  leaves_task_sites: "This would leave the task's sites.",
};
const ENDED: AgentTask['status'][] = ['completed', 'stopped', 'failed'];

export default function AgentTaskPage() {
  return (
    <SignedInOnly title="Agent task">
      <AgentTaskView />
    </SignedInOnly>
  );
}

function AgentTaskView() {
  const { taskUuid = '' } = useParams();
  const client = useQueryClient();
  const task = useGetAgentTask(taskUuid, {
    query: {
      select: (r) => r.data as AgentTask,
      // A task under way changes with each step; an ended one does not.
      refetchInterval: (q) => (ENDED.includes((q.state.data?.data as AgentTask | undefined)?.status ?? 'running') ? false : 2_000),
    },
  });
  const settle = { mutation: { onSuccess: () => client.invalidateQueries({ queryKey: getGetAgentTaskQueryKey(taskUuid) }) } };
  const pause = usePauseAgentTask(settle);
  const resume = useResumeAgentTask(settle);
  const stop = useStopAgentTask(settle);
  const confirm = useConfirmAgentAction(settle);
  const failure = [pause, resume, stop, confirm].find((m) => m.isError)?.error;
  const busy = [pause, resume, stop, confirm].some((m) => m.isPending);

  if (task.isError) return <p role="alert">{problemMessage(task.error)}</p>;
  if (!task.data) return <p className="text-neutral-500">Loading…</p>;
  const t = task.data;
  const pending = t.pending_confirmation;
  return (
    <div className="space-y-4">
      <p className="font-medium">{t.task}</p>
      <p className="text-sm text-neutral-600 dark:text-neutral-400">{STATUS[t.status]}</p>
      {pending && t.status === 'awaiting_confirmation' ? (
        <fieldset aria-label="Confirm the next action" className="space-y-2 rounded-lg border border-amber-300 p-3">
          <p>{pending.description}</p>
          <p className="text-sm">{REASON[pending.reason]}</p>
          <div className="flex gap-2">
            <button
              type="button"
              className="btn-primary"
              disabled={busy}
              onClick={() => confirm.mutate({ taskUuid, data: { step: pending.step, approved: true } })}
            >
              Confirm
            </button>
            <button
              type="button"
              className="btn-secondary"
              disabled={busy}
              onClick={() => confirm.mutate({ taskUuid, data: { step: pending.step, approved: false } })}
            >
              Decline
            </button>
          </div>
        </fieldset>
      ) : null}
      {!ENDED.includes(t.status) ? (
        <div className="flex gap-2">
          {t.status === 'paused' ? (
            <button type="button" className="btn-secondary" disabled={busy} onClick={() => resume.mutate({ taskUuid })}>
              Resume
            </button>
          ) : (
            <button type="button" className="btn-secondary" disabled={busy} onClick={() => pause.mutate({ taskUuid })}>
              Pause
            </button>
          )}
          <button type="button" className="btn-secondary" disabled={busy} onClick={() => stop.mutate({ taskUuid })}>
            Stop
          </button>
        </div>
      ) : null}
      {failure ? <p role="alert">{problemMessage(failure)}</p> : null}
      {/* The task's tool calls are listed under its id, as an answer's are under its own. */}
      <ToolCalls backendUuid={taskUuid} answering={!ENDED.includes(t.status)} />
      <ol aria-label="Steps" className="space-y-1 text-sm">
        {t.steps.map((s) => (
          <li key={s.step}>
            {s.summary}
            {s.error ? <span className="text-red-700 dark:text-red-300"> — {s.error}</span> : null}
            <StepScreenshot taskUuid={taskUuid} step={s} />
          </li>
        ))}
      </ol>
      {t.summary ? <p>{t.summary}</p> : null}
      {t.failure ? <p role="alert">{t.failure}</p> : null}
    </div>
  );
}
