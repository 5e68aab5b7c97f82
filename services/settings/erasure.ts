// The person's own settings in the log (docs/data-rights.md): their "about me" and their sites
// and what they said of them are personal; the stream is wholly theirs.
import { blank, type Redactors } from '../eventstore/erasure.js';
import { accountSettingsStream } from './events.js';

const mine = (streamId: string, userId: string) => streamId === accountSettingsStream(userId);

export const settingsRedactors: Redactors = {
  PersonalizationChanged: (e, p) => (mine(e.streamId, p.userId) ? blank(e.data, ['about_me']) : undefined),
  SiteInstructionSaved: (e, p) => (mine(e.streamId, p.userId) ? blank(e.data, ['domain', 'instructions']) : undefined),
  // Working hours and days say when someone is at work: blanked with the rest.
  MeetingDefaultsChanged: (e, p) => (mine(e.streamId, p.userId) ? blank(e.data, ['minutes', 'day_start_hour', 'day_end_hour', 'weekdays']) : undefined),
  SiteInstructionRemoved: (e, p) => (mine(e.streamId, p.userId) ? blank(e.data, ['domain']) : undefined),
};
