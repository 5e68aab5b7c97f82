// The parts of the Gmail API v1 and Calendar API v3 answers these adapters read
// (https://developers.google.com/gmail/api/reference/rest, https://developers.google.com/calendar/api/v3/reference),
// as zod shapes: an answer that does not fit is refused before it is used (provider-shape.ts).
import { z } from 'zod';

const header = z.object({ name: z.string(), value: z.string() });
/** One MIME part; its children are checked as the tree is read (gmail-mime.ts), so its depth is bounded there, not by the stack. */
export const gmailPart = z.object({
  mimeType: z.string().optional(),
  filename: z.string().optional(),
  headers: z.array(header).max(1000).optional(),
  body: z.object({ size: z.number().optional(), data: z.string().optional(), attachmentId: z.string().optional() }).optional(),
  parts: z.array(z.unknown()).max(500).optional(),
});
export type GmailPart = z.infer<typeof gmailPart>;

export const gmailMessage = z.object({
  id: z.string().min(1),
  threadId: z.string().optional(),
  labelIds: z.array(z.string()).optional(),
  snippet: z.string().optional(),
  internalDate: z.string().regex(/^\d+$/).optional(),
  payload: gmailPart,
});
export type GmailMessage = z.infer<typeof gmailMessage>;

export const gmailList = z.object({
  messages: z.array(z.object({ id: z.string().min(1) })).optional(),
  nextPageToken: z.string().optional(),
});

export const gmailProfile = z.object({ emailAddress: z.string(), historyId: z.string().min(1) });

const ref = z.object({ message: z.object({ id: z.string().min(1), labelIds: z.array(z.string()).optional() }) });
export const gmailHistory = z.object({
  history: z
    .array(
      z.object({
        id: z.string(),
        messagesAdded: z.array(ref).optional(),
        messagesDeleted: z.array(ref).optional(),
        labelsAdded: z.array(ref).optional(),
        labelsRemoved: z.array(ref).optional(),
      }),
    )
    .optional(),
  nextPageToken: z.string().optional(),
  historyId: z.string().min(1),
});

const when = z.object({ dateTime: z.string().optional(), date: z.string().optional(), timeZone: z.string().optional() });
const person = z.object({ email: z.string().optional(), displayName: z.string().optional() });
export const calendarEvent = z.object({
  id: z.string().min(1),
  status: z.string().optional(),
  summary: z.string().optional(),
  description: z.string().optional(),
  location: z.string().optional(),
  htmlLink: z.string().optional(),
  updated: z.string().optional(),
  start: when.optional(),
  end: when.optional(),
  organizer: person.optional(),
  creator: person.optional(),
  attendees: z.array(person).max(5000).optional(),
});
export type CalendarEvent = z.infer<typeof calendarEvent>;
export const calendarEvents = z.object({
  items: z.array(calendarEvent).optional(),
  nextPageToken: z.string().optional(),
  nextSyncToken: z.string().optional(),
});
