// "Do it in my browser" under an answer: with the extension installed, the person says what the
// agent should do (the question to start with) and where to start; the app hands the extension a
// short-lived agent token and the task, and follows it at /agent/:taskUuid. Without the
// extension the button opens the install instructions.
import { useEffect, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { createAgentToken } from '../../../../generated/react-query/agent/agent';
import { ApiError } from '../../platform/api-fetch';
import { useModals } from '../../platform/modals/context';
import { problemMessage } from '../../platform/problem';
import { useSession } from '../../platform/session';
import { resetOnSignOut } from '../../platform/sign-out';
import { MousePointerClick } from '../../ui/icons';
import { START_TASK_WAIT_MS, sendToExtension, useAgentExtension } from './extension-bridge';

/** Once a page load: the extension gets a fresh token, so its side panel can start tasks too. */
let handedOver = false;
async function handTokenOver() {
  if (handedOver) return;
  handedOver = true;
  try {
    const token = (await createAgentToken()).data as { token: string };
    await sendToExtension({ type: 'CONNECT', token: token.token });
  } catch {
    handedOver = false;
  }
}

// Signing out tells the extension: it forgets the token and stops the person's tasks.
resetOnSignOut(() => {
  handedOver = false;
  void sendToExtension({ type: 'USER_STATE_CHANGED', signed_in: false });
});

export const NO_EXTENSION_ANSWER = 'The browser extension did not answer. Reload the page, or install it again.';

/**
 * The open forms and what was typed in them, by entry: the thread page takes over from
 * /search/new once the thread exists (mounting the entry anew), and a form opened just before
 * goes on there as it was, rather than closing under the person's cursor.
 */
type Draft = { task: string; startUrl: string };
const drafts = new Map<string, Draft>();
resetOnSignOut(() => drafts.clear());

/** `entryKey`: the entry's key, the same on /search/new and on the thread page. */
export function DoItInMyBrowser({ question, entryKey }: { question: string; entryKey: string }) {
  const extension = useAgentExtension();
  const { user } = useSession();
  const modals = useModals();
  const [open, setOpenState] = useState(() => drafts.has(entryKey));
  const setOpen = (next: boolean) => {
    if (next) drafts.set(entryKey, drafts.get(entryKey) ?? { task: question, startUrl: '' });
    else drafts.delete(entryKey);
    setOpenState(next);
  };
  useEffect(() => {
    if (extension.present && user) void handTokenOver();
  }, [extension.present, user]);
  if (!extension.checked) return null;
  const onClick = () => {
    if (!extension.present) modals.open('install');
    else if (!user) modals.open('login', { origin: 'agent', title: 'Sign in to let the agent work in your browser' });
    else setOpen(!open);
  };
  return (
    <>
      <button type="button" className="btn-ghost" aria-label="Do it in my browser" aria-expanded={extension.present ? open : undefined} onClick={onClick}>
        <MousePointerClick className="size-4" /> <span className="hidden sm:inline">Do it in my browser</span>
      </button>
      {open && (
        <StartAgentForm
          draft={drafts.get(entryKey) ?? { task: question, startUrl: '' }}
          keep={(draft) => drafts.set(entryKey, draft)}
          onDone={() => drafts.delete(entryKey)}
          onCancel={() => setOpen(false)}
        />
      )}
    </>
  );
}

/** What is typed goes to `keep` as it changes (see drafts); `onDone` once the task is handed over. */
function StartAgentForm({ draft, keep, onDone, onCancel }: { draft: Draft; keep: (draft: Draft) => void; onDone: () => void; onCancel: () => void }) {
  const navigate = useNavigate();
  const [task, setTaskState] = useState(draft.task);
  const [startUrl, setStartUrlState] = useState(draft.startUrl);
  const setTask = (value: string) => {
    setTaskState(value);
    keep({ task: value, startUrl });
  };
  const setStartUrl = (value: string) => {
    setStartUrlState(value);
    keep({ task, startUrl: value });
  };
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const start = async (e: React.FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const token = (await createAgentToken()).data as { token: string };
      const answer = await sendToExtension(
        {
          type: 'START_TASK',
          token: token.token,
          task: task.trim(),
          ...(startUrl.trim() ? { start_url: startUrl.trim() } : {}),
        },
        START_TASK_WAIT_MS,
      );
      if (!answer || typeof answer.task_uuid !== 'string') throw new Error(typeof answer?.error === 'string' ? answer.error : NO_EXTENSION_ANSWER);
      onDone();
      navigate(`/agent/${answer.task_uuid}`);
    } catch (err) {
      setError(err instanceof ApiError || !(err instanceof Error) ? problemMessage(err) : err.message);
      setBusy(false);
    }
  };
  return (
    <form
      aria-label="Start the agent"
      onSubmit={start}
      className="mt-2 flex w-full flex-col gap-2 rounded-xl border border-neutral-200 p-3 dark:border-neutral-800"
    >
      <label htmlFor={`${id}-task`} className="text-sm font-medium">
        What should the agent do?
      </label>
      <textarea id={`${id}-task`} className="field w-full" rows={2} maxLength={4000} required value={task} onChange={(e) => setTask(e.target.value)} />
      <label htmlFor={`${id}-url`} className="text-sm font-medium">
        Start at (optional)
      </label>
      <input
        id={`${id}-url`}
        className="field w-full"
        type="text"
        inputMode="url"
        placeholder="example.com/booking"
        value={startUrl}
        onChange={(e) => setStartUrl(e.target.value)}
      />
      <p className="text-xs text-neutral-500 dark:text-neutral-400">
        The agent works in a new tab and asks you here before anything that spends money, sends a message or submits your details.
      </p>
      {error && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
      <div className="flex gap-2">
        <button type="submit" className="btn-primary" disabled={busy || !task.trim()} aria-busy={busy}>
          {busy ? 'Starting…' : 'Start'}
        </button>
        <button type="button" className="btn-secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
