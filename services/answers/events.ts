// The answers domain's own events: the built-in guide, published to the `guide` stream when its
// text changes (guide.ts), which feeds the passage index's `help` corpus. An answer's own events
// (AnswerSourcesFound, AnswerCompleted, AnswerStopped, AnswerFailed) are its thread's and live in
// threads/events.ts: answers append them through threads' use cases (recordSources, finishEntry).
import type { HelpPassage } from './corpus.js';

export const GUIDE_STREAM = 'guide';

export type GuidePublished = { type: 'GuidePublished'; data: { hash: string; part: number; passages: HelpPassage[] } };
