// A Slack message's text as plain text (https://api.slack.com/reference/surfaces/formatting):
// `&lt; &gt; &amp;` decoded once, `<@U…>` mentions as @name, `<#C…|name>` as #name, links as
// `label (url)`. Pure; names come from the adapter's cache of users.info. The text stays data.
const TOKEN = /<([@#!]?)([^>|]*)(?:\|([^>]*))?>/g;

const decode = (s: string) => s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

/** The users a text mentions, at most `max` of them. */
export function mentionedUsers(text: string, max = 20): string[] {
  const ids = new Set<string>();
  for (const m of text.matchAll(TOKEN)) if (m[1] === '@' && ids.size < max) ids.add(m[2]);
  return [...ids];
}

export function slackText(text: string, names: ReadonlyMap<string, string>): string {
  const plain = text.replace(TOKEN, (_all, sigil: string, target: string, label: string | undefined) => {
    if (sigil === '@') return `@${label ?? names.get(target) ?? target}`;
    if (sigil === '#') return `#${label ?? target}`;
    if (sigil === '!') return `@${label ?? target.split('^')[0]}`;
    return label ? `${label} (${target})` : target;
  });
  return decode(plain);
}
