// React keys taken from what a list shows rather than from positions: the text itself, with
// "#2", "#3"... after repeats, so two equal rows (an answer may cite a page twice) stay distinct.
export function contentKeys(texts: readonly string[]): string[] {
  const used = new Set<string>();
  return texts.map((text) => {
    let key = text;
    for (let n = 2; used.has(key); n++) key = `${text}#${n}`;
    used.add(key);
    return key;
  });
}
