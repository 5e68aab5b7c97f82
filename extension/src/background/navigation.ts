// Navigation and tab rules (seed 003 §5): an address without '://' gets https://; 'back' and
// 'forward' move through history; only https and file tabs other than the current one are offered.
import type { BrowserTab } from '../../../generated/agent/messages.gen';

export type NavigationTarget = { kind: 'back' } | { kind: 'forward' } | { kind: 'url'; url: string };

export function navigationTarget(raw: string): NavigationTarget {
  const url = raw.trim();
  if (url.toLowerCase() === 'back') return { kind: 'back' };
  if (url.toLowerCase() === 'forward') return { kind: 'forward' };
  return { kind: 'url', url: url.includes('://') ? url : `https://${url}` };
}

export type TabLike = { id?: number; url?: string; title?: string; lastAccessed?: number; groupId?: number };

export function offeredTabs(tabs: TabLike[], currentTabId: number | undefined, max = 500): BrowserTab[] {
  return tabs
    .filter((t) => t.id !== undefined && t.id !== currentTabId && /^(https|file):/i.test(t.url ?? ''))
    .slice(0, max)
    .map((t) => ({
      id: t.id!,
      url: t.url!,
      title: t.title ?? '',
      ...(t.lastAccessed ? { last_accessed: Math.round(t.lastAccessed) } : {}),
      ...(t.groupId !== undefined && t.groupId >= 0 ? { group_id: t.groupId } : {}),
    }));
}
