// The parts of Slack Web API's answers this adapter reads (https://api.slack.com/methods).
export type SlackAnswer = { ok: boolean; error?: string; response_metadata?: { next_cursor?: string } };
export type SlackChannel = { id: string; name: string; is_private?: boolean; is_member?: boolean; is_archived?: boolean };
export type SlackMessage = {
  ts: string;
  text?: string;
  user?: string;
  bot_id?: string;
  username?: string;
  subtype?: string;
  thread_ts?: string;
  edited?: { ts: string };
};
export type SlackUser = { id: string; name?: string; real_name?: string; profile?: { real_name?: string; display_name?: string; email?: string } };
export type ChannelList = SlackAnswer & { channels: SlackChannel[] };
export type History = SlackAnswer & { messages: SlackMessage[]; has_more?: boolean };
export type Members = SlackAnswer & { members: string[] };
export type UserInfo = SlackAnswer & { user: SlackUser };
export type AuthTest = SlackAnswer & { url?: string; team_id?: string; user_id?: string };
