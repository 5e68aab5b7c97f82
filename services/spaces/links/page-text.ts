// The readable text of a DOM subtree as paragraphs: block elements end a paragraph, whitespace
// inside one is collapsed, and scripts, styles and the like are left out.
const BLOCKS = new Set([
  'ADDRESS',
  'ARTICLE',
  'ASIDE',
  'BLOCKQUOTE',
  'BR',
  'CAPTION',
  'DD',
  'DETAILS',
  'DIV',
  'DL',
  'DT',
  'FIELDSET',
  'FIGCAPTION',
  'FIGURE',
  'FOOTER',
  'FORM',
  'H1',
  'H2',
  'H3',
  'H4',
  'H5',
  'H6',
  'HEADER',
  'HR',
  'LI',
  'MAIN',
  'NAV',
  'OL',
  'P',
  'PRE',
  'SECTION',
  'SUMMARY',
  'TABLE',
  'TBODY',
  'THEAD',
  'TFOOT',
  'TR',
  'UL',
]);
const CELLS = new Set(['TD', 'TH']);
const HIDDEN = new Set(['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE', 'SVG', 'IFRAME', 'OBJECT', 'CANVAS', 'HEAD', 'SELECT', 'BUTTON']);

const TEXT_NODE = 3;
const ELEMENT_NODE = 1;

export const collapseWhitespace = (text: string) => text.replace(/\s+/g, ' ').trim();

export function paragraphsOf(root: Node): string[] {
  const paragraphs: string[] = [];
  let current = '';
  const endParagraph = () => {
    const paragraph = collapseWhitespace(current);
    if (paragraph) paragraphs.push(paragraph);
    current = '';
  };
  // An explicit stack rather than recursion: a hostile page can nest elements deeper than
  // the call stack allows. A string on the stack marks where an element ends.
  const stack: Array<Node | 'end-block' | 'end-cell'> = [root];
  while (stack.length) {
    const item = stack.pop()!;
    if (item === 'end-block') endParagraph();
    else if (item === 'end-cell') current += ' ';
    else if (item.nodeType === TEXT_NODE) current += item.textContent ?? '';
    else if (item.nodeType === ELEMENT_NODE || item === root) {
      const tag = item.nodeName.toUpperCase();
      if (HIDDEN.has(tag)) continue;
      if (BLOCKS.has(tag)) {
        endParagraph();
        stack.push('end-block');
      } else if (CELLS.has(tag)) stack.push('end-cell');
      const children = Array.from(item.childNodes);
      for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]);
    }
  }
  endParagraph();
  return paragraphs;
}

export function paragraphsOfPlainText(text: string): string[] {
  return text
    .split(/\n[ \t\r\f\v]*\n/)
    .map(collapseWhitespace)
    .filter(Boolean);
}
