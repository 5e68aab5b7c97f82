// The browser domain's personal data in the log (docs/data-rights.md): the address a download
// mail went to, when it is one of the person's or the mail was theirs.
import { blank, type Redactors } from '../eventstore/erasure.js';
import type { BrowserDownloadMailRequested } from './events.js';

export const browserRedactors: Redactors = {
  BrowserDownloadMailRequested: (e, p) => {
    const d = e.data as BrowserDownloadMailRequested['data'];
    return d.user_id === p.userId || p.emails.includes(String(d.to).toLowerCase()) ? blank(d, ['to']) : undefined;
  },
};
