// Pure rules of a person's memories: the clock and the new key come in with the command; each
// decision returns the events to append (none when nothing changes) or throws a memory error.
import type { ActingUser } from '../shared/actor.js';
import { memoryErrors } from './errors.js';
import {
  type AllMemoriesForgotten,
  MEMORY_FEEDBACK_NEGATIVE,
  MEMORY_FEEDBACK_POSITIVE,
  MEMORY_FEEDBACK_TYPES,
  type MemoriesState,
  type MemoriesSwitched,
  type MemoryEdited,
  type MemoryFeedbackGiven,
  type MemoryFeedbackType,
  type MemoryForgotten,
  type MemoryOrigin,
  type MemoryRemembered,
  type MemoryVerdict,
  enabledAt,
} from './events.js';
import { MEMORY_COMMENT_MAX, MEMORY_CONTENT_MAX } from './limits.js';

/** Two memories are the same when they say the same words, whatever the case, spacing or final stop. */
export const sameText = (content: string) =>
  content
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .replace(/[.!\s]+$/, '')
    .trim();

const chars = (s: string) => [...s].length;

function checkedContent(text: string) {
  const content = text.replace(/\s+/g, ' ').trim();
  if (!content) throw memoryErrors.contentRequired();
  if (chars(content) > MEMORY_CONTENT_MAX) throw memoryErrors.contentTooLong();
  return content;
}

function existing(state: MemoriesState, key: string) {
  const m = Object.hasOwn(state.memories, key) ? state.memories[key] : undefined;
  if (!m) throw memoryErrors.notFound();
  return m;
}

const known = (state: MemoriesState, content: string, except?: string) =>
  Object.entries(state.memories).some(([k, m]) => k !== except && sameText(m.content) === sameText(content));

/** A memory added by hand: the same text twice is refused. */
export function decideAdd(state: MemoriesState, cmd: ActingUser & { key: string; content: string }): MemoryRemembered[] {
  const content = checkedContent(cmd.content);
  if (known(state, content)) throw memoryErrors.exists();
  return [remembered(cmd, content, 'manual', null)];
}

/**
 * What an answer's extraction found: the statements not remembered already (nor twice in one
 * go); none when memories were off when the question was asked (`askedAt`, else now) or are
 * off now. Bad statements are dropped, never an error.
 */
export function decideExtracted(
  state: MemoriesState,
  cmd: ActingUser & { statements: readonly { key: string; content: string }[]; fromEntryUuid: string; askedAt?: string },
) {
  if (!state.enabled || !enabledAt(state, cmd.askedAt ?? cmd.now.toISOString())) return [];
  const out: MemoryRemembered[] = [];
  const seen = new Set(Object.values(state.memories).map((m) => sameText(m.content)));
  for (const s of cmd.statements) {
    const content = s.content.replace(/\s+/g, ' ').trim();
    if (!content || chars(content) > MEMORY_CONTENT_MAX || seen.has(sameText(content))) continue;
    seen.add(sameText(content));
    out.push(remembered({ ...cmd, key: s.key }, content, 'answer', cmd.fromEntryUuid));
  }
  return out;
}

function remembered(cmd: ActingUser & { key: string }, content: string, origin: MemoryOrigin, from: string | null): MemoryRemembered {
  return {
    type: 'MemoryRemembered',
    data: { user_id: cmd.userId, memory_key: cmd.key, content, origin, from_entry_uuid: from, remembered_at: cmd.now.toISOString() },
  };
}

export function decideEdit(state: MemoriesState, cmd: ActingUser & { key: string; content: string }): MemoryEdited[] {
  const m = existing(state, cmd.key);
  const content = checkedContent(cmd.content);
  if (m.content === content) return [];
  if (known(state, content, cmd.key)) throw memoryErrors.exists();
  return [{ type: 'MemoryEdited', data: { user_id: cmd.userId, memory_key: cmd.key, content, edited_at: cmd.now.toISOString() } }];
}

export function decideForget(state: MemoriesState, cmd: ActingUser & { key: string }): MemoryForgotten[] {
  existing(state, cmd.key);
  return [{ type: 'MemoryForgotten', data: { user_id: cmd.userId, memory_key: cmd.key, forgotten_at: cmd.now.toISOString() } }];
}

export function decideForgetAll(state: MemoriesState, cmd: ActingUser): AllMemoriesForgotten[] {
  if (Object.keys(state.memories).length === 0) return [];
  return [{ type: 'AllMemoriesForgotten', data: { user_id: cmd.userId, forgotten_at: cmd.now.toISOString() } }];
}

/**
 * The helpful / not-helpful click (seed 003 §4): clicking the verdict already given clears it.
 * Not helpful, or `should_forget`, keeps the memory out of every later answer.
 */
export function decideToggle(
  state: MemoriesState,
  cmd: ActingUser & { key: string; verdict: MemoryVerdict; shouldForget: boolean; feedbackEntryUuid: string | null },
): MemoryFeedbackGiven[] {
  const m = existing(state, cmd.key);
  if (cmd.verdict !== 'helpful' && cmd.verdict !== 'not_helpful') throw memoryErrors.invalidFeedback();
  const cleared = m.verdict === cmd.verdict;
  const verdict = cleared ? null : cmd.verdict;
  const shouldForget = cleared ? false : verdict === 'not_helpful' && cmd.shouldForget;
  if (m.verdict === verdict && m.should_forget === shouldForget) return [];
  return [feedback(cmd, { verdict, should_forget: shouldForget, feedback_type: null, comment: null })];
}

/**
 * The detailed feedback after a click: a preset reason (a negative one means not helpful, a
 * positive one helpful) or 'comment' with text; `should_forget` keeps it out of answers.
 */
export function decideFeedback(
  state: MemoriesState,
  cmd: ActingUser & { key: string; type: MemoryFeedbackType; comment: string | null; shouldForget: boolean; feedbackEntryUuid: string | null },
): MemoryFeedbackGiven[] {
  const m = existing(state, cmd.key);
  if (!(MEMORY_FEEDBACK_TYPES as readonly string[]).includes(cmd.type)) throw memoryErrors.invalidFeedback();
  const comment = cmd.comment?.trim() || null;
  if (cmd.type === 'comment' && !comment) throw memoryErrors.commentRequired();
  if (comment && chars(comment) > MEMORY_COMMENT_MAX) throw memoryErrors.commentTooLong();
  const verdict: MemoryVerdict | null = (MEMORY_FEEDBACK_NEGATIVE as readonly string[]).includes(cmd.type)
    ? 'not_helpful'
    : (MEMORY_FEEDBACK_POSITIVE as readonly string[]).includes(cmd.type)
      ? 'helpful'
      : m.verdict;
  // A memory once to be forgotten stays so until the person clears their verdict.
  const shouldForget = verdict === 'not_helpful' && (cmd.shouldForget || m.should_forget);
  return [feedback(cmd, { verdict, should_forget: shouldForget, feedback_type: cmd.type, comment })];
}

function feedback(
  cmd: ActingUser & { key: string; feedbackEntryUuid: string | null },
  f: Pick<MemoryFeedbackGiven['data'], 'verdict' | 'should_forget' | 'feedback_type' | 'comment'>,
): MemoryFeedbackGiven {
  return {
    type: 'MemoryFeedbackGiven',
    data: { user_id: cmd.userId, memory_key: cmd.key, ...f, feedback_entry_uuid: cmd.feedbackEntryUuid, given_at: cmd.now.toISOString() },
  };
}

export function decideSwitch(state: MemoriesState, cmd: ActingUser & { enabled: boolean }): MemoriesSwitched[] {
  if (state.enabled === cmd.enabled) return [];
  return [{ type: 'MemoriesSwitched', data: { user_id: cmd.userId, enabled: cmd.enabled, switched_at: cmd.now.toISOString() } }];
}
