// A guide heading's anchor, shared by the answer engine (the URL a guide source cites) and the
// web app's /help pages (the id the heading gets), so a citation always opens its section.
// Pure: the browser imports it too.

/** Lower case, runs of other characters as one '-', none at either end. */
export function anchorOf(heading: string) {
  let out = '';
  for (const c of heading.toLowerCase()) {
    if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9')) out += c;
    else if (out && !out.endsWith('-')) out += '-';
  }
  return out.endsWith('-') ? out.slice(0, -1) : out;
}
