// startApp reads as the order the parts start in (issue 31: under 80 lines); what each part needs
// is built beside it, in a function of its own. Later parts grew it to 87 lines once.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const source = readFileSync(new URL('./runtime.ts', import.meta.url), 'utf8').split('\n');

describe('startApp', () => {
  it('stays under 80 lines', () => {
    const first = source.findIndex((line) => line.startsWith('export async function startApp('));
    const last = source.findIndex((line, i) => i > first && line === '}');
    expect(first).toBeGreaterThan(-1);
    expect(last - first + 1).toBeLessThan(80);
  });
});
