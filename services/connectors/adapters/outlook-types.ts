// The parts of Microsoft Graph v1.0's message and event resources the Outlook adapter reads
// (https://learn.microsoft.com/graph/api/resources/message, .../resources/event), as zod shapes.
import { z } from 'zod';

const address = z.object({ emailAddress: z.object({ name: z.string().optional(), address: z.string().optional() }).optional() });
const body = z.object({ contentType: z.string().optional(), content: z.string().optional() });
const removed = z.object({ reason: z.string().optional() }).optional();

export const outlookMessage = z.object({
  id: z.string().min(1),
  '@removed': removed,
  subject: z.string().nullish(),
  body: body.nullish(),
  from: address.nullish(),
  toRecipients: z.array(address).max(5000).nullish(),
  ccRecipients: z.array(address).max(5000).nullish(),
  receivedDateTime: z.string().nullish(),
  lastModifiedDateTime: z.string().nullish(),
  webLink: z.string().nullish(),
});
export type OutlookMessage = z.infer<typeof outlookMessage>;

const when = z.object({ dateTime: z.string().optional(), timeZone: z.string().optional() });
export const outlookEvent = z.object({
  id: z.string().min(1),
  '@removed': removed,
  subject: z.string().nullish(),
  body: body.nullish(),
  start: when.nullish(),
  end: when.nullish(),
  location: z.object({ displayName: z.string().optional() }).nullish(),
  organizer: address.nullish(),
  attendees: z.array(address).max(5000).nullish(),
  isCancelled: z.boolean().nullish(),
  lastModifiedDateTime: z.string().nullish(),
  webLink: z.string().nullish(),
});
export type OutlookEvent = z.infer<typeof outlookEvent>;

const links = { '@odata.nextLink': z.string().optional(), '@odata.deltaLink': z.string().optional() };
export const messagePage = z.object({ value: z.array(outlookMessage), ...links });
export const eventPage = z.object({ value: z.array(outlookEvent), ...links });
