// The three task modals (seed 003 §2: task shortcut, finance alert, scheduled task): one form
// per trigger, creating a task or editing one. The finance alert needs quotes: without a
// market-data provider it says so at once, at its top, and offers no fields to fill in vain.
import { useState } from 'react';
import { useGetTask } from '../../../../generated/react-query/tasks/tasks';
import type { Task, TaskInput } from '../../../../generated/react-query/model';
import type { ModalProps } from '../../platform/modals/types';
import { ModalTitle } from '../../ui/modal-parts';
import { defaultFields, fieldsOf, FREQUENCIES, type ScheduleFields, scheduleOf, WEEKDAYS } from './schedule-fields';
import { type TaskKind, type TaskModalArgs, TRIGGER_LABELS } from './task-args';
import { useMarketDataStatus } from './market-data-status';
import { ALL_CHANNELS, type NotifyChannels, TaskNotifyFields } from './task-notify-fields';
import { useTaskActions } from './use-tasks';

export function TaskFormModal({ kind, args, close }: ModalProps<TaskModalArgs> & { kind: TaskKind }) {
  const existing = useGetTask(args.taskId ?? '', { query: { enabled: !!args.taskId, select: (r) => r.data as Task } });
  if (args.taskId && !existing.data) return <p className="text-sm text-neutral-500">Loading…</p>;
  return <TaskForm kind={kind} task={existing.data ?? null} args={args} close={close} />;
}

const localZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

function TaskForm({ kind, task, args, close }: { kind: TaskKind; task: Task | null; args: TaskModalArgs; close: () => void }) {
  const actions = useTaskActions();
  const market = useMarketDataStatus();
  const [title, setTitle] = useState(task?.title ?? args.title ?? '');
  const [prompt, setPrompt] = useState(task?.query.prompt ?? args.prompt ?? '');
  const [fields, setFields] = useState<ScheduleFields>(task?.schedule ? fieldsOf(task.schedule) : defaultFields());
  const [tzid] = useState(task?.schedule?.tzid ?? localZone());
  const [expiry, setExpiry] = useState(task?.expiryDate?.slice(0, 10) ?? '');
  const [alertType, setAlertType] = useState(task?.alert?.alertType ?? 'STOCK_PRICE_TARGET');
  const [symbol, setSymbol] = useState(task?.alert?.event_entity ?? '');
  const [price, setPrice] = useState(task?.alert?.price?.toString() ?? '');
  const [lower, setLower] = useState(task?.alert?.value_lower_bound?.toString() ?? '');
  const [upper, setUpper] = useState(task?.alert?.value_upper_bound?.toString() ?? '');
  const [channels, setChannels] = useState<NotifyChannels>(task?.notificationSettings ?? ALL_CHANNELS);
  const set = (f: Partial<ScheduleFields>) => setFields((old) => ({ ...old, ...f }));
  const num = (s: string) => (s.trim() === '' ? null : Number(s));
  const alertBlocked = kind === 'ALERT' && market.configured !== true;
  const pending = actions.create.isPending || actions.update.isPending;

  const submit = () => {
    const input: TaskInput = { task_type: kind, title: title.trim() || null, query: { prompt } };
    if (kind !== 'SHORTCUT') input.notificationSettings = channels;
    if (kind === 'SCHEDULE')
      Object.assign(input, { schedule: scheduleOf(fields), tzid, expiryDate: expiry ? new Date(`${expiry}T23:59:59`).toISOString() : null });
    if (kind === 'ALERT')
      input.alert =
        alertType === 'STOCK_PRICE_TARGET'
          ? { alertType, event_entity: symbol, price: num(price), currency: 'usd' }
          : { alertType, event_entity: symbol, value_lower_bound: num(lower), value_upper_bound: num(upper) };
    const done = { onSuccess: close };
    if (task) {
      const { task_type: _t, ...patch } = input;
      actions.update.mutate(
        {
          taskId: task.task_id,
          data: {
            ...patch,
            title: patch.title ?? undefined,
            schedule: patch.schedule ?? undefined,
            alert: patch.alert ?? undefined,
            notificationSettings: patch.notificationSettings ?? undefined,
            tzid: patch.tzid ?? undefined,
          },
        },
        done,
      );
    } else actions.create.mutate({ data: input }, done);
  };

  // No market data on this server: say so before anything is filled in, and offer only to close.
  if (kind === 'ALERT' && market.unavailableReason)
    return (
      <section className="space-y-4" aria-label={TRIGGER_LABELS[kind]}>
        <ModalTitle>{`${task ? 'Edit' : 'New'} ${TRIGGER_LABELS[kind].toLowerCase()}`}</ModalTitle>
        <p role="alert" className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-800 dark:bg-amber-950/50 dark:text-amber-200">
          Price alerts cannot be created on this server. {market.unavailableReason}
        </p>
        <div className="flex justify-end">
          <button type="button" className="btn-secondary" onClick={close}>
            Close
          </button>
        </div>
      </section>
    );

  return (
    <form
      className="space-y-4"
      aria-label={TRIGGER_LABELS[kind]}
      onSubmit={(e) => {
        e.preventDefault();
        if (!alertBlocked) submit();
      }}
    >
      <ModalTitle>{`${task ? 'Edit' : 'New'} ${TRIGGER_LABELS[kind].toLowerCase()}`}</ModalTitle>
      <label className="block space-y-1 text-sm">
        <span className="font-medium">{kind === 'SHORTCUT' ? 'Shortcut name' : 'Title'}</span>
        <input className="field w-full" value={title} onChange={(e) => setTitle(e.target.value)} maxLength={200} required={kind === 'SHORTCUT'} />
      </label>
      <label className="block space-y-1 text-sm">
        <span className="font-medium">Prompt</span>
        <textarea className="field min-h-24 w-full" value={prompt} onChange={(e) => setPrompt(e.target.value)} />
      </label>
      {kind === 'SCHEDULE' && (
        <fieldset className="grid grid-cols-2 gap-3 text-sm">
          <label className="space-y-1">
            <span className="font-medium">Repeats</span>
            <select className="field w-full" value={fields.kind} onChange={(e) => set({ kind: e.target.value })}>
              {FREQUENCIES.map(([k, label]) => (
                <option key={k} value={k}>
                  {label}
                </option>
              ))}
            </select>
          </label>
          <label className="space-y-1">
            <span className="font-medium">Time</span>
            <input type="time" className="field w-full" value={fields.time} onChange={(e) => set({ time: e.target.value })} required />
          </label>
          {fields.kind === 'ONCE' && (
            <label className="space-y-1">
              <span className="font-medium">Date</span>
              <input type="date" className="field w-full" value={fields.date} onChange={(e) => set({ date: e.target.value })} required />
            </label>
          )}
          {fields.kind === 'WEEKLY' && (
            <label className="space-y-1">
              <span className="font-medium">Day</span>
              <select className="field w-full" value={fields.dayOfWeek} onChange={(e) => set({ dayOfWeek: Number(e.target.value) })}>
                {WEEKDAYS.map((d, i) => (
                  <option key={d} value={i}>
                    {d}
                  </option>
                ))}
              </select>
            </label>
          )}
          {fields.kind === 'YEARLY' && (
            <label className="space-y-1">
              <span className="font-medium">Month</span>
              <input type="number" min={1} max={12} className="field w-full" value={fields.month} onChange={(e) => set({ month: Number(e.target.value) })} />
            </label>
          )}
          {(fields.kind === 'MONTHLY' || fields.kind === 'YEARLY') && (
            <label className="space-y-1">
              <span className="font-medium">Day of month</span>
              <input type="number" min={1} max={31} className="field w-full" value={fields.day} onChange={(e) => set({ day: Number(e.target.value) })} />
            </label>
          )}
          <label className="space-y-1">
            <span className="font-medium">Ends on (optional)</span>
            <input type="date" className="field w-full" value={expiry} onChange={(e) => setExpiry(e.target.value)} />
          </label>
          <p className="col-span-2 text-xs text-neutral-500 dark:text-neutral-400">Times are in {tzid}.</p>
        </fieldset>
      )}
      {kind === 'ALERT' && (
        <fieldset className="grid grid-cols-2 gap-3 text-sm">
          <label className="space-y-1">
            <span className="font-medium">Alert when</span>
            <select className="field w-full" value={alertType} onChange={(e) => setAlertType(e.target.value as typeof alertType)}>
              <option value="STOCK_PRICE_TARGET">The price reaches a target</option>
              <option value="STOCK_PRICE_MOVEMENT">The price moves by a percentage</option>
            </select>
          </label>
          <label className="space-y-1">
            <span className="font-medium">Symbol</span>
            <input className="field w-full uppercase" value={symbol} onChange={(e) => setSymbol(e.target.value)} placeholder="AAPL" required />
          </label>
          {alertType === 'STOCK_PRICE_TARGET' ? (
            <label className="space-y-1">
              <span className="font-medium">Target price (USD)</span>
              <input type="number" step="any" min={0} className="field w-full" value={price} onChange={(e) => setPrice(e.target.value)} required />
            </label>
          ) : (
            <>
              <label className="space-y-1">
                <span className="font-medium">Lower bound (%)</span>
                <input type="number" step="any" className="field w-full" value={lower} onChange={(e) => setLower(e.target.value)} />
              </label>
              <label className="space-y-1">
                <span className="font-medium">Upper bound (%)</span>
                <input type="number" step="any" className="field w-full" value={upper} onChange={(e) => setUpper(e.target.value)} />
              </label>
            </>
          )}
        </fieldset>
      )}
      {kind !== 'SHORTCUT' && <TaskNotifyFields value={channels} onChange={setChannels} />}
      <div className="flex justify-end gap-2">
        <button type="button" className="btn-secondary" onClick={close}>
          Cancel
        </button>
        <button type="submit" className="btn-primary" disabled={pending || !prompt.trim() || alertBlocked}>
          {task ? 'Save' : 'Create'}
        </button>
      </div>
    </form>
  );
}
