// The web app's side of the browser extension's bridge (extension/src/background/bridge.ts):
// messages through chrome.runtime.sendMessage to the extension's id, which Chrome lets through only
// from the origins the extension was built for (externally_connectable). Without the extension
// (or in another browser) `chrome.runtime` is absent and every call answers null.
import { useQuery } from '@tanstack/react-query';

/** The id the extension's manifest key gives it; a store build has its own (VITE_AGENT_EXTENSION_ID). */
export const AGENT_EXTENSION_ID: string = import.meta.env.VITE_AGENT_EXTENSION_ID ?? 'mjkhagomiajokekdofkgpojcbbnohhml';
const ANSWER_WAIT_MS = 3000;

type Runtime = { sendMessage: (id: string, message: unknown, callback: (answer: unknown) => void) => void; lastError?: { message?: string } };

const runtime = (): Runtime | null => {
  const r = (globalThis as { chrome?: { runtime?: Runtime } }).chrome?.runtime;
  return typeof r?.sendMessage === 'function' ? r : null;
};

/** The extension's answer, or null when it is not installed or does not answer. */
export function sendToExtension(message: { type: string } & Record<string, unknown>): Promise<Record<string, unknown> | null> {
  const r = runtime();
  if (!r) return Promise.resolve(null);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(null), ANSWER_WAIT_MS);
    try {
      r.sendMessage(AGENT_EXTENSION_ID, message, (answer) => {
        clearTimeout(timer);
        // Reading lastError tells Chrome the failure (no such extension) was handled.
        resolve(r.lastError ? null : ((answer as Record<string, unknown> | undefined) ?? null));
      });
    } catch {
      clearTimeout(timer);
      resolve(null);
    }
  });
}

/** Whether the extension is installed here, and its version. */
export function useAgentExtension() {
  const ping = useQuery({
    queryKey: ['agent-extension'],
    queryFn: async () => {
      const answer = await sendToExtension({ type: 'PING' });
      return answer?.ok === true ? { version: String(answer.version ?? '') } : null;
    },
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  return { checked: !ping.isPending, present: Boolean(ping.data), version: ping.data?.version ?? null };
}
