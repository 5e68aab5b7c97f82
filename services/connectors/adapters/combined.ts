// One app connector made of several sources (Gmail and Calendar, Jira and Confluence, Outlook's
// mail and calendar): the walk reads each part to its end in turn, the delta drains each part's
// changes in turn, and remote ids carry the part's name so two parts never share one.
import type { AppChange, AppDocument, AppSourceAdapter } from './app-types.js';

type Walk = { part: string; at: string | null };
type Cursor = { cursors: Record<string, string>; part: string | null };

const prefixed = (part: string, d: AppDocument): AppDocument => ({
  ...d,
  remoteId: `${part}:${d.remoteId}`,
  parentRemoteId: d.parentRemoteId === null ? null : `${part}:${d.parentRemoteId}`,
});

export function combinedAdapter(parts: Record<string, AppSourceAdapter>): AppSourceAdapter {
  const names = Object.keys(parts);
  const after = (part: string) => names[names.indexOf(part) + 1] ?? null;
  return {
    deltaMissesRemovals: Object.values(parts).some((p) => p.deltaMissesRemovals),
    async listPage(checkpoint) {
      const walk: Walk = checkpoint ? (JSON.parse(checkpoint) as Walk) : { part: names[0], at: null };
      const page = await parts[walk.part].listPage(walk.at);
      const next = page.checkpoint ? walk.part : after(walk.part);
      return {
        documents: page.documents.map((d) => prefixed(walk.part, d)),
        checkpoint: next === null ? null : JSON.stringify({ part: next, at: page.checkpoint } satisfies Walk),
      };
    },
    async startCursor() {
      const cursors: Record<string, string> = {};
      for (const name of names) cursors[name] = await parts[name].startCursor();
      return JSON.stringify({ cursors, part: null } satisfies Cursor);
    },
    async deltaPage(cursor) {
      const c = JSON.parse(cursor) as Cursor;
      const part = c.part ?? names[0];
      const page = await parts[part].deltaPage(c.cursors[part]);
      const next = page.more ? part : after(part);
      const changes: AppChange[] = page.changes.map((ch) => ({
        remoteId: `${part}:${ch.remoteId}`,
        removed: ch.removed,
        document: ch.document && prefixed(part, ch.document),
      }));
      return { changes, cursor: JSON.stringify({ cursors: { ...c.cursors, [part]: page.cursor }, part: next } satisfies Cursor), more: next !== null };
    },
  };
}
