// Key presses for chrome.debugger's Input.dispatchKeyEvent: "Enter", "ctrl+a", "shift+Tab", or
// several separated by spaces ("Tab Tab Enter"). Modifier bits are the protocol's.
export type KeyPress = { key: string; code: string; keyCode: number; modifiers: number; text?: string };

const MODIFIERS: Record<string, number> = { alt: 1, option: 1, ctrl: 2, control: 2, meta: 4, cmd: 4, command: 4, super: 4, shift: 8 };

const NAMED: Record<string, { key: string; code: string; keyCode: number; text?: string }> = {
  enter: { key: 'Enter', code: 'Enter', keyCode: 13, text: '\r' },
  return: { key: 'Enter', code: 'Enter', keyCode: 13, text: '\r' },
  tab: { key: 'Tab', code: 'Tab', keyCode: 9 },
  escape: { key: 'Escape', code: 'Escape', keyCode: 27 },
  esc: { key: 'Escape', code: 'Escape', keyCode: 27 },
  backspace: { key: 'Backspace', code: 'Backspace', keyCode: 8 },
  delete: { key: 'Delete', code: 'Delete', keyCode: 46 },
  space: { key: ' ', code: 'Space', keyCode: 32, text: ' ' },
  arrowup: { key: 'ArrowUp', code: 'ArrowUp', keyCode: 38 },
  up: { key: 'ArrowUp', code: 'ArrowUp', keyCode: 38 },
  arrowdown: { key: 'ArrowDown', code: 'ArrowDown', keyCode: 40 },
  down: { key: 'ArrowDown', code: 'ArrowDown', keyCode: 40 },
  arrowleft: { key: 'ArrowLeft', code: 'ArrowLeft', keyCode: 37 },
  left: { key: 'ArrowLeft', code: 'ArrowLeft', keyCode: 37 },
  arrowright: { key: 'ArrowRight', code: 'ArrowRight', keyCode: 39 },
  right: { key: 'ArrowRight', code: 'ArrowRight', keyCode: 39 },
  home: { key: 'Home', code: 'Home', keyCode: 36 },
  end: { key: 'End', code: 'End', keyCode: 35 },
  pageup: { key: 'PageUp', code: 'PageUp', keyCode: 33 },
  pagedown: { key: 'PageDown', code: 'PageDown', keyCode: 34 },
};

/** The presses a key text names, or null when one of them is not a key. */
export function parseKeys(text: string): KeyPress[] | null {
  const presses: KeyPress[] = [];
  for (const combo of text.trim().split(/\s+/)) {
    const parts = combo.split('+').filter(Boolean);
    const last = parts.pop();
    if (!last) return null;
    let modifiers = 0;
    for (const p of parts) {
      const bit = MODIFIERS[p.toLowerCase()];
      if (bit === undefined) return null;
      modifiers |= bit;
    }
    const named = NAMED[last.toLowerCase()];
    if (named) presses.push({ ...named, modifiers, ...(modifiers & ~8 ? { text: undefined } : {}) });
    else if (/^f([1-9]|1[0-2])$/i.test(last))
      presses.push({ key: last.toUpperCase(), code: last.toUpperCase(), keyCode: 111 + Number(last.slice(1)), modifiers });
    else if (last.length === 1) {
      const upper = last.toUpperCase();
      const isLetter = /[a-z]/i.test(last);
      const isDigit = /\d/.test(last);
      const code = isLetter ? `Key${upper}` : isDigit ? `Digit${last}` : '';
      const keyCode = isLetter || isDigit ? upper.charCodeAt(0) : 0;
      const shifted = modifiers & 8 && isLetter ? upper : last;
      // Only a plain (or shifted) press writes its character; ctrl+a selects, it does not type "a".
      presses.push({ key: shifted, code, keyCode, modifiers, ...(modifiers & ~8 ? {} : { text: shifted }) });
    } else return null;
  }
  return presses;
}
