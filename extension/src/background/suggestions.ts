// What the web app may offer the person from their own browser (seed 003 §7's GET_QUICK_ACTIONS
// and GET_PERSONAL_SUGGESTIONS): tasks for the agent on the tab they are looking at, and pages from
// their recent history to pick up again. A page's title and address are shown, never written into
// a task: page text reaches the model only as data (the agent reads the page itself), so a title
// that says "ignore your instructions" is a title and nothing more.
import type { TabLike } from './navigation';

/** A page of the browser's history (the bridge's HISTORY_SEARCH item). */
type Visited = { url: string; title: string; last_visit_time?: number; visit_count?: number };

/** A task the web app can start as is, at the tab's address (START_TASK's task and start_url). */
export type QuickAction = { id: 'summarize' | 'key_points' | 'explain'; label: string; task: string; start_url: string };
/** A page of the person's history, with a task to pick it up again. */
export type PersonalSuggestion = { url: string; title: string; host: string; visit_count: number; task: string; start_url: string };

/** The most a personal-suggestions message may ask for, and the history it reads them from. */
export const SUGGESTIONS_MAX = 20;
export const SUGGESTIONS_HISTORY_READ = 200;

const TITLE_MAX_CHARS = 200;

/** A page the agent may work on (the tabs it is offered: https and file), and not the app's own. */
function workable(url: string | undefined, appOrigin: string): URL | null {
  if (!url) return null;
  try {
    const u = new URL(url);
    if (u.protocol !== 'https:' && u.protocol !== 'file:') return null;
    return u.origin === appOrigin ? null : u;
  } catch {
    return null;
  }
}

const ACTIONS: Omit<QuickAction, 'start_url'>[] = [
  { id: 'summarize', label: 'Summarize this page', task: 'Summarize the page in the current tab.' },
  { id: 'key_points', label: 'List the key points', task: 'List the key points of the page in the current tab.' },
  { id: 'explain', label: 'Explain it simply', task: 'Explain the page in the current tab in plain words.' },
];

/** The agent's quick actions for a tab; none for a browser page, the app itself or no tab. */
export function quickActionsFor(tab: TabLike | null, appOrigin: string): QuickAction[] {
  const u = workable(tab?.url, appOrigin);
  return u ? ACTIONS.map((a) => ({ ...a, start_url: u.href })) : [];
}

/**
 * The pages worth picking up again: the most visited of the recent history (then the most
 * recently), one a site, no browser pages and none of the app's own, at most `max`.
 */
export function personalSuggestions(items: readonly Visited[], appOrigin: string, max: number): PersonalSuggestion[] {
  const ranked = items
    .map((item) => ({ item, u: workable(item.url, appOrigin) }))
    .filter((x): x is { item: Visited; u: URL } => x.u !== null)
    .sort((a, b) => (b.item.visit_count ?? 0) - (a.item.visit_count ?? 0) || (b.item.last_visit_time ?? 0) - (a.item.last_visit_time ?? 0));
  const seen = new Set<string>();
  const out: PersonalSuggestion[] = [];
  for (const { item, u } of ranked) {
    const host = u.protocol === 'file:' ? 'file' : u.host;
    if (seen.has(host)) continue;
    seen.add(host);
    out.push({
      url: u.href,
      title: item.title.slice(0, TITLE_MAX_CHARS) || u.href.slice(0, TITLE_MAX_CHARS),
      host,
      visit_count: item.visit_count ?? 0,
      task: 'Catch me up on the page in the current tab: what it says and what changed.',
      start_url: u.href,
    });
    if (out.length >= max) break;
  }
  return out;
}
