// Rules of a bug report (seed 000 §3 "Bug report", §5): the text is required and not blank, the
// category one of nine, the issue's title its first line; and which thread, if any, the report
// was filed from (seed 000 §4: that thread is then made public read). Pure: no clock, no I/O.
import { bugReportErrors } from './errors.js';

export const BUG_REPORT_CATEGORIES = ['AGENT', 'BROWSER', 'PRODUCT', 'AI', 'ENTERPRISE', 'PLATFORM', 'MOBILE', 'SEARCH', 'WEB'] as const;
export type BugReportCategory = (typeof BUG_REPORT_CATEGORIES)[number];

/** Issue titles longer than this are cut (trackers show about this much in a list). */
export const MAX_TITLE_LENGTH = 120;

export type BugReportInput = { bug_text: string; url?: string | null; email?: string | null; category?: string | null };
export type Reporter = { name: string; email: string } | null;

/** What is sent to the tracker, and the thread (its slug or uuid) to share afterwards, if any. */
export type BugReportDecision = {
  issue: { title: string; description: string; assigneeEmail: string | null };
  threadKey: string | null;
};

export const isBlank = (text: string) => text.trim() === '';

export function isCategory(value: string): value is BugReportCategory {
  return (BUG_REPORT_CATEGORIES as readonly string[]).includes(value);
}

/** The first line with words in it, cut to MAX_TITLE_LENGTH characters. */
export function titleOf(text: string) {
  const line = text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .find((l) => l !== '')!;
  const chars = [...line];
  return chars.length <= MAX_TITLE_LENGTH ? line : `${chars.slice(0, MAX_TITLE_LENGTH - 1).join('')}…`;
}

/**
 * The thread a page address shows: `/search/{slug}` or `/search/{slug}/{entry}` on one of this
 * server's own origins; null for any other page (`/search/new` and `/search/render` are not threads).
 */
export function threadKeyOf(url: string | null | undefined, origins: readonly string[]): string | null {
  if (!url) return null;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (!origins.includes(parsed.origin)) return null;
  const match = /^\/search\/([^/]+)(?:\/[^/]+)?\/?$/.exec(parsed.pathname);
  if (!match) return null;
  const key = decodeURIComponent(match[1]!);
  return key === 'new' || key === 'render' ? null : key;
}

export function decideBugReport(input: BugReportInput, ctx: { reporter: Reporter; origins: readonly string[] }): BugReportDecision {
  if (isBlank(input.bug_text)) throw bugReportErrors.bugTextRequired();
  const category = input.category ?? null;
  if (category !== null && !isCategory(category)) throw bugReportErrors.unknownCategory(category);
  const assigneeEmail = input.email?.trim() || null;
  const facts = [
    ['Page', input.url || 'not given'],
    ['Category', category ?? 'not given'],
    ['Reporter', ctx.reporter ? `${ctx.reporter.name} <${ctx.reporter.email}>` : 'a visitor (not signed in)'],
    ['Assignee', assigneeEmail ?? 'not given'],
  ];
  const description = `${input.bug_text.trim()}\n\n---\n${facts.map(([k, v]) => `- **${k}**: ${v}`).join('\n')}\n`;
  return {
    issue: { title: titleOf(input.bug_text), description, assigneeEmail },
    threadKey: threadKeyOf(input.url, ctx.origins),
  };
}
