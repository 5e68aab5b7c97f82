// express-openapi-validator's choice of a response's media type (for the response check: which
// of the operation's schemas applies), remembered per Accept header and media types: the
// package parsed every type again with regular expressions at each response, 148 ms of a 6 s
// load of GET /rest/session (about a third of what validating cost it), 86 ms remembered. A pure
// function of its arguments; keys longer than any browser's Accept header are not remembered,
// and the memory is cleared when full.

export type ResponseContentChooser = { findResponseContent: (accepts: string[], expected: string[]) => string | null };

export const REMEMBERED_KEY_CHARS = 1024;
export const REMEMBERED_CHOICES = 500;

/** Replaces `util.findResponseContent` (the package calls it through its module's exports) with a remembering one. */
export function rememberResponseContent(util: ResponseContentChooser): void {
  const find = util.findResponseContent;
  const known = new Map<string, string | null>();
  util.findResponseContent = (accepts, expected) => {
    const key = `${accepts.join('\n')}\0${expected.join('\n')}`;
    if (key.length > REMEMBERED_KEY_CHARS) return find(accepts, expected);
    let found = known.get(key);
    if (found === undefined) {
      found = find(accepts, expected);
      if (known.size >= REMEMBERED_CHOICES) known.clear();
      known.set(key, found);
    }
    return found;
  };
}
