// The task calls as the pages and modals use them: every change refreshes the lists and says
// what happened in a toast with the server's action word ("Scheduled task paused").
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import {
  useCopyTask,
  useCreateTask,
  useDeleteTask,
  useListTasks,
  usePauseTask,
  useResumeTask,
  useRunTask,
  useUpdateTask,
} from '../../../../generated/react-query/tasks/tasks';
import type { Task, TaskChange } from '../../../../generated/react-query/model';
import { problemMessage } from '../../platform/problem';
import { useSession } from '../../platform/session';
import { TOAST_DURATION, toast } from '../../platform/toasts';

const refresh = (client: QueryClient) => client.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).startsWith('/rest/tasks') });

/** The signed-in person's tasks (none for a visitor), optionally of one kind. */
export function useTasks(taskType?: Task['task_type']) {
  const { user } = useSession();
  return useListTasks(taskType ? { task_type: taskType } : undefined, {
    query: {
      enabled: !!user,
      select: (r) => (r.data as { tasks: Task[] }).tasks,
      // A run under way, or one due, is watched closely; otherwise the list refreshes now and then.
      refetchInterval: (q) => {
        const tasks = (q.state.data?.data as { tasks?: Task[] } | undefined)?.tasks ?? [];
        const soon = tasks.some((t) => t.last_run?.status === 'running' || (t.status === 'ACTIVE' && t.next_run_at && Date.parse(t.next_run_at) <= Date.now()));
        return soon ? 2_000 : 30_000;
      },
    },
  });
}

export function useTaskActions() {
  const client = useQueryClient();
  const mutation = {
    onSuccess: (r: { data: unknown }) => {
      toast.success((r.data as TaskChange).message, { duration: TOAST_DURATION.normal });
      void refresh(client);
    },
    onError: (err: unknown) => {
      toast.error(problemMessage(err), { duration: TOAST_DURATION.long });
    },
  };
  return {
    create: useCreateTask({ mutation }),
    update: useUpdateTask({ mutation }),
    remove: useDeleteTask({ mutation }),
    pause: usePauseTask({ mutation }),
    resume: useResumeTask({ mutation }),
    copy: useCopyTask({ mutation }),
    run: useRunTask({ mutation }),
  };
}
