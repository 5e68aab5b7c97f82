// When to show "Lose your answer?" (seed 003 §2): only on /search, only to anonymous visitors,
// and not again until a cooldown has passed since it last showed.
export const LOSS_AVERSION_COOLDOWN_MS = 24 * 60 * 60 * 1000;
/** Where the last showing is kept, among the settings' impression counters (epoch ms). */
export const LOSS_AVERSION_COUNTER = 'lossAversionShownAt';

export function lossAversionDue(p: { pathname: string; anonymous: boolean; hasAnswer: boolean; lastShownAt: number | undefined; now: number }) {
  if (!p.anonymous || !p.hasAnswer) return false;
  if (p.pathname !== '/search' && !p.pathname.startsWith('/search/')) return false;
  return p.lastShownAt === undefined || p.now - p.lastShownAt >= LOSS_AVERSION_COOLDOWN_MS;
}
