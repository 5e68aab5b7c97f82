// A bundle the dev server builds, kept in Vite's cache folder with the size and time of change of
// each file it was built from: the next start whose files are all unchanged reads it back instead
// of building it again (the mocks' bundle took 2 to 3 s of both cores while the first page
// loaded). Any change, to the app's files or to node_modules, builds it again.
import { mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';

export type Bundle = { code: string; inputs: string[] };
type Stamp = Record<string, [mtimeMs: number, size: number]>;

export async function cachedBundle(cacheFile: string, build: () => Promise<Bundle>): Promise<Bundle> {
  const kept = await read(cacheFile);
  if (kept && (await stamp(kept.inputs)).every((s, i) => s !== null && same(s, kept.stamp[kept.inputs[i]!]))) return { code: kept.code, inputs: kept.inputs };
  const fresh = await build();
  const stamps = await stamp(fresh.inputs);
  // A file gone between the build and now: nothing kept, the next start builds again.
  if (stamps.every((s) => s !== null)) {
    await mkdir(dirname(cacheFile), { recursive: true });
    // Written whole, then renamed: checkouts sharing node_modules share Vite's cache folder.
    const partial = `${cacheFile}.${process.pid}.tmp`;
    await writeFile(partial, JSON.stringify({ ...fresh, stamp: Object.fromEntries(fresh.inputs.map((f, i) => [f, stamps[i]])) }));
    await rename(partial, cacheFile);
  }
  return fresh;
}

async function read(cacheFile: string): Promise<(Bundle & { stamp: Stamp }) | null> {
  try {
    return JSON.parse(await readFile(cacheFile, 'utf8'));
  } catch {
    return null; // none yet, or unreadable: built again
  }
}

const stamp = (files: string[]) =>
  Promise.all(
    files.map((f) =>
      stat(f).then(
        (s): [number, number] => [s.mtimeMs, s.size],
        () => null,
      ),
    ),
  );

const same = (a: [number, number], b: [number, number] | undefined) => b !== undefined && a[0] === b[0] && a[1] === b[1];
