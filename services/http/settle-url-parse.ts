// Node 24 deprecates url.parse() (DEP0169) for code outside node_modules, and until it has
// warned once it looks at the caller's stack on every call to know whose code called it. The
// contract validator calls it on every request from inside node_modules, so it never warns and
// paid for a stack trace each time. One call from here, with deprecation warnings silenced for
// that call, settles it: Node has "warned", and stops looking.
import { parse } from 'node:url';

let settled = false;

export function settleUrlParseDeprecation() {
  if (settled) return;
  settled = true;
  const silenced = process.noDeprecation;
  process.noDeprecation = true;
  try {
    parse('/');
  } finally {
    process.noDeprecation = silenced;
  }
}
