// The built-in guide in the passage index, through events: at start, when the guide's text
// changed (its hash), its passages are appended as `GuidePublished` events to the `guide`
// stream, and the passages projection (fed by guideFeed) replaces the `help` corpus with them.
// A rebuild replays the latest guide like every other source.
import type { EventStore } from '../eventstore/store.js';
import { ConcurrencyError, type NewEvent, type StoredEvent } from '../eventstore/types.js';
import { type PassageFeed, type PassageOp, HELP_CORPUS } from '../passages/index.js';
import { type HelpPassage, loadHelpCorpus } from './corpus.js';
import { GUIDE_STREAM, type GuidePublished } from './events.js';

const GUIDE_SOURCE = 'guide';
const PASSAGES_PER_EVENT = 500;

/** The events that publish a guide: its passages in parts, the hash on each. */
export function guideEvents(passages: HelpPassage[], hash: string): NewEvent<'GuidePublished', GuidePublished['data']>[] {
  const events: NewEvent<'GuidePublished', GuidePublished['data']>[] = [];
  for (let i = 0; i === 0 || i < passages.length; i += PASSAGES_PER_EVENT)
    events.push({ type: 'GuidePublished', data: { hash, part: events.length, passages: passages.slice(i, i + PASSAGES_PER_EVENT) } });
  return events;
}

/** Publishes the guide when it changed since the last start; true when it did. Instances starting together publish it once. */
export async function publishGuide(store: EventStore, guide = loadHelpCorpus()): Promise<boolean> {
  const events = await store.readStream(GUIDE_STREAM);
  const last = events.at(-1) as StoredEvent<'GuidePublished', GuidePublished['data']> | undefined;
  if (last?.data.hash === guide.hash) return false;
  try {
    await store.append(GUIDE_STREAM, events.length || 'no_stream', guideEvents(guide.passages, guide.hash));
    return true;
  } catch (err) {
    // Another instance published it first.
    if (err instanceof ConcurrencyError) return false;
    throw err;
  }
}

export const guideFeed: PassageFeed = {
  handles: ['GuidePublished'],
  ops(event): PassageOp[] {
    const { part, passages } = (event as StoredEvent<'GuidePublished', GuidePublished['data']>).data;
    return [
      {
        kind: 'put',
        corpus: HELP_CORPUS,
        source: GUIDE_SOURCE,
        replace: part === 0,
        passages: passages.map((p) => ({ id: p.id, url: p.url, title: p.title, heading: p.heading, content: p.content, ordinal: p.ordinal, page: null })),
      },
    ];
  },
};
