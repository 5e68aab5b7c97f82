// Which client asked: the assistant browser says so with the header `X-Client: assistant-browser`
// or the token `AssistantBrowser/` in its User-Agent (spec: recordCometEvent's description). Its
// first and third questions are attribution milestones (services/attribution).
import type { RequestHeaders } from '../shared/actor.js';
import type { AskClient } from './events.js';

const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) ?? '';

export function askClientOf(headers: RequestHeaders): AskClient | null {
  if (first(headers['x-client']).trim().toLowerCase() === 'assistant-browser') return 'assistant_browser';
  if (/(^|\s)AssistantBrowser\//.test(first(headers['user-agent']))) return 'assistant_browser';
  return null;
}
