// Attribution's personal data in the log (docs/data-rights.md): a person's attribution stream is
// wholly theirs; a lead's click id and promotion, and what the browser reported, are blanked.
import { blank, type Redactors } from '../eventstore/erasure.js';

const mine = (streamId: string, userId: string) => streamId === `attribution-user-${userId}`;

export const attributionRedactors: Redactors = {
  DubLeadRecorded: (e, p) => (mine(e.streamId, p.userId) ? blank(e.data, ['click_id', 'promotion']) : undefined),
  CometSessionRecorded: (e, p) => (mine(e.streamId, p.userId) ? blank(e.data, ['session_id', 'browser_version']) : undefined),
  CometEventRecorded: (e, p) => (mine(e.streamId, p.userId) ? blank(e.data, ['properties']) : undefined),
};
