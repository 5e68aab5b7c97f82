// How deep a question is answered (AskRequest.answer_depth): the picker's options, in order, and
// the depth kept as this device's preferred search mode (local settings, seed 000). A preference
// the picker does not offer asks at `quick`.
import type { AnswerDepth } from '../../../../generated/sdk/types.gen';

export type AnswerDepthOption = { depth: AnswerDepth; label: string; description: string };

export const QUICK_OPTION: AnswerDepthOption = { depth: 'quick', label: 'Quick', description: 'One search, answered fast' };
export const PRO_OPTION: AnswerDepthOption = {
  depth: 'pro',
  label: 'Pro',
  description: 'Pro Search: several searches, more pages read, its steps shown',
};

export const RESEARCH_OPTION: AnswerDepthOption = {
  depth: 'research',
  label: 'Research',
  description: 'A long report with sections, each claim cited; takes a few minutes',
};

/** The depths offered, in the picker's order. */
export const ANSWER_DEPTH_OPTIONS: readonly AnswerDepthOption[] = [QUICK_OPTION, PRO_OPTION, RESEARCH_OPTION];

/** Why Pro is disabled where the server has no web search (GET /rest/server/features). */
export const PRO_NEEDS_WEB = 'Pro Search searches the web, which is off on this server';

/** The depth to ask at: the preferred one when offered (Pro only where the server searches the web), else quick. */
export function answerDepthOf(preferred: string | null, webSearch: boolean, options: readonly AnswerDepthOption[] = ANSWER_DEPTH_OPTIONS): AnswerDepth {
  const depth = options.find((o) => o.depth === preferred)?.depth ?? 'quick';
  return depth === 'pro' && !webSearch ? 'quick' : depth;
}
