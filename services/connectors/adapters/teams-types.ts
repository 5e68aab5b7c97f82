// The parts of Microsoft Graph v1.0's team, channel, conversation member and chatMessage
// resources the Teams adapter reads (https://learn.microsoft.com/graph/api/resources/chatmessage), as zod shapes.
import { z } from 'zod';

const links = { '@odata.nextLink': z.string().optional(), '@odata.deltaLink': z.string().optional() };
export const teamPage = z.object({ value: z.array(z.object({ id: z.string().min(1), displayName: z.string().nullish() })).max(10_000), ...links });
export const channelPage = teamPage;
export const memberPage = z.object({
  value: z.array(z.object({ email: z.string().nullish(), userId: z.string().nullish(), displayName: z.string().nullish() })).max(100_000),
  ...links,
});
export type MemberPage = z.infer<typeof memberPage>;

const message = z.object({
  id: z.string().min(1),
  '@removed': z.object({ reason: z.string().optional() }).optional(),
  messageType: z.string().nullish(),
  subject: z.string().nullish(),
  body: z.object({ contentType: z.string().optional(), content: z.string().nullish() }).nullish(),
  from: z
    .object({ user: z.object({ displayName: z.string().nullish() }).nullish(), application: z.object({ displayName: z.string().nullish() }).nullish() })
    .nullish(),
  createdDateTime: z.string().nullish(),
  lastModifiedDateTime: z.string().nullish(),
  deletedDateTime: z.string().nullish(),
  webUrl: z.string().nullish(),
});
/** A channel message; asked with `$expand=replies`, a top-level one carries its replies (up to 1,000, then a next link). */
export const teamsMessage = message.extend({
  replies: z.array(message).max(1000).optional(),
  'replies@odata.nextLink': z.string().optional(),
});
export type TeamsMessage = z.infer<typeof teamsMessage>;
export const messagePage = z.object({ value: z.array(teamsMessage), ...links });
