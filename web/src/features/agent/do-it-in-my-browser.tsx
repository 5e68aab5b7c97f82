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
import { sendToExtension, useAgentExtension } from './extension-bridge';

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

export function DoItInMyBrowser({ question }: { question: string }) {
  const extension = useAgentExtension();
  const { user } = useSession();
  const modals = useModals();
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (extension.present && user) void handTokenOver();
  }, [extension.present, user]);
  if (!extension.checked) return null;
  const onClick = () => {
    if (!extension.present) modals.open('install');
    else if (!user) modals.open('login', { origin: 'agent', title: 'Sign in to let the agent work in your browser' });
    else setOpen((o) => !o);
  };
  return (
    <>
      <button type="button" className="btn-ghost" aria-label="Do it in my browser" aria-expanded={extension.present ? open : undefined} onClick={onClick}>
        <MousePointerClick className="size-4" /> <span className="hidden sm:inline">Do it in my browser</span>
      </button>
      {open && <StartAgentForm question={question} onCancel={() => setOpen(false)} />}
    </>
  );
}

function StartAgentForm({ question, onCancel }: { question: string; onCancel: () => void }) {
  const navigate = useNavigate();
  const [task, setTask] = useState(question);
  const [startUrl, setStartUrl] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const start = async (e: React.FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const token = (await createAgentToken()).data as { token: string };
      const answer = await sendToExtension({
        type: 'START_TASK',
        token: token.token,
        task: task.trim(),
        ...(startUrl.trim() ? { start_url: startUrl.trim() } : {}),
      });
      if (!answer || typeof answer.task_uuid !== 'string') throw new Error(typeof answer?.error === 'string' ? answer.error : NO_EXTENSION_ANSWER);
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
        <button type="submit" className="btn-primary" disabled={busy || !task.trim()}>
          Start
        </button>
        <button type="button" className="btn-secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
