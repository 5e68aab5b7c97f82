// The web app's side of the browser extension's bridge (extension/src/background/bridge.ts):
// messages through chrome.runtime.sendMessage to the extension's id, which Chrome lets through only
// from the origins the extension was built for (externally_connectable). Without the extension
// (or in another browser) `chrome.runtime` is absent and every call answers null.
import { useQuery } from '@tanstack/react-query';

/** The id the extension's manifest key gives it; a store build has its own (VITE_AGENT_EXTENSION_ID). */
export const AGENT_EXTENSION_ID: string = import.meta.env.VITE_AGENT_EXTENSION_ID ?? 'mjkhagomiajokekdofkgpojcbbnohhml';
const ANSWER_WAIT_MS = 3000;
/**
 * START_TASK opens a tab and waits for its page (the extension gives a page 20 s, tab-ops.ts)
 * before it answers with the task: a slow page is not a missing extension.
 */
export const START_TASK_WAIT_MS = 30_000;

type Runtime = { sendMessage: (id: string, message: unknown, callback: (answer: unknown) => void) => void; lastError?: { message?: string } };

const runtime = (): Runtime | null => {
  const r = (globalThis as { chrome?: { runtime?: Runtime } }).chrome?.runtime;
  return typeof r?.sendMessage === 'function' ? r : null;
};

/** What an ask came to: the answer, or none (no extension, or a failure), or no answer in time. */
type Asked = { answer: Record<string, unknown> | null; timedOut: boolean };

function ask(message: { type: string } & Record<string, unknown>, waitMs = ANSWER_WAIT_MS): Promise<Asked> {
  const r = runtime();
  if (!r) return Promise.resolve({ answer: null, timedOut: false });
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve({ answer: null, timedOut: true }), waitMs);
    try {
      r.sendMessage(AGENT_EXTENSION_ID, message, (answer) => {
        clearTimeout(timer);
        // Reading lastError tells Chrome the failure (no such extension) was handled.
        resolve({ answer: r.lastError ? null : ((answer as Record<string, unknown> | undefined) ?? null), timedOut: false });
      });
    } catch {
      clearTimeout(timer);
      resolve({ answer: null, timedOut: false });
    }
  });
}

/** The extension's answer, or null when it is not installed or does not answer within `waitMs`. */
export async function sendToExtension(message: { type: string } & Record<string, unknown>, waitMs?: number): Promise<Record<string, unknown> | null> {
  return (await ask(message, waitMs)).answer;
}

/** A ping unanswered in time is asked again: an extension's service worker may be slow to wake. */
class ExtensionSlow extends Error {}

/** Whether the extension is installed here, and its version. */
export function useAgentExtension() {
  const ping = useQuery({
    queryKey: ['agent-extension'],
    queryFn: async () => {
      const { answer, timedOut } = await ask({ type: 'PING' });
      if (timedOut) throw new ExtensionSlow();
      return answer?.ok === true ? { version: String(answer.version ?? '') } : null;
    },
    staleTime: Number.POSITIVE_INFINITY,
    // Absent, Chrome says so at once (no retry); silent past the wait, it is asked twice more.
    retry: (failures, err) => err instanceof ExtensionSlow && failures < 3,
    retryDelay: 0,
  });
  return { checked: !ping.isPending, present: Boolean(ping.data), version: ping.data?.version ?? null };
}
