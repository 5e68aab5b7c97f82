// Reading the TXT records that prove a domain: DNS in the app (node:dns/promises), or, in tests
// only (config refuses it unless NODE_ENV=test), a JSON file read at each lookup.
import { resolveTxt } from 'node:dns/promises';
import { readFile } from 'node:fs/promises';

/** The TXT records at a name, each as one string (DNS splits long ones into parts); none when there are none. */
export type TxtResolver = (name: string) => Promise<string[]>;

const NO_RECORDS = new Set(['ENODATA', 'ENOTFOUND', 'ENONAME', 'NXDOMAIN']);

export const dnsTxtResolver: TxtResolver = async (name) => {
  try {
    return (await resolveTxt(name)).map((parts) => parts.join(''));
  } catch (err) {
    if (NO_RECORDS.has((err as NodeJS.ErrnoException).code ?? '')) return [];
    throw err;
  }
};

/** Test-only: `{"<name>": ["<text>", ...]}` from a file the test writes. */
export function fileTxtResolver(path: string): TxtResolver {
  return async (name) => {
    const records = JSON.parse(await readFile(path, 'utf8').catch(() => '{}')) as Record<string, unknown>;
    const found = records[name];
    return Array.isArray(found) ? found.filter((r): r is string => typeof r === 'string') : [];
  };
}
