// A Space's linked pages in the passage index: their SpaceLinkAdded events carry the page's text,
// which the one chunker cuts the same way at every replay. Corpus `space:<uuid>`, one source per
// link; the same page in two Spaces is two sets of passages.
import type { StoredEvent } from '../../eventstore/types.js';
import { type PassageFeed, type PassageOp, spaceCorpus } from '../../passages/index.js';
import type { SpaceEvent } from '../events.js';
import { chunkPage } from './chunk.js';

export const linkSource = (spaceUuid: string, link: string) => `link:${spaceUuid}:${link}`;

export const linkPassageFeed: PassageFeed = {
  handles: ['SpaceLinkAdded', 'SpaceLinkRemoved', 'SpaceDeleted'],
  ops(event: StoredEvent): PassageOp[] {
    const e = { type: event.type, data: event.data } as SpaceEvent;
    if (e.type !== 'SpaceLinkAdded' && e.type !== 'SpaceLinkRemoved' && e.type !== 'SpaceDeleted') return [];
    const corpus = spaceCorpus(e.data.uuid);
    if (e.type === 'SpaceDeleted') return [{ kind: 'drop-corpus', corpus }];
    const source = linkSource(e.data.uuid, e.data.link);
    if (e.type === 'SpaceLinkRemoved') return [{ kind: 'drop-source', corpus, source }];
    const passages = chunkPage({ url: e.data.link, title: e.data.title, text: e.data.text }).map((c) => ({
      id: `${e.data.uuid}:${c.id}`,
      url: c.url,
      title: c.title,
      heading: c.heading,
      content: c.content,
      ordinal: c.ordinal,
      page: null,
    }));
    return [{ kind: 'put', corpus, source, replace: true, passages }];
  },
};
