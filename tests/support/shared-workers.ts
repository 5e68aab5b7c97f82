// Which server test files may share their vitest workers (isolate: false). A file that only
// drives servers as child processes keeps nothing in the modules it shares, so the next file in
// its worker starts without a fresh process and the test helpers already loaded: about 1.2 s of
// CPU less a file (20 files, 222 s of CPU isolated against 198 s shared, measured). A file that
// loads the app's own code (services/, workflows/) runs alone in a fresh process: that code keeps
// state in its modules (DBOS, pools, registries).
import { globSync, readFileSync } from 'node:fs';

/** The modules a source imports as values: `import type` and `import { type … }`-only lines are left out. */
export function valueImports(source: string): string[] {
  const found: string[] = [];
  for (const m of source.matchAll(/^(?:import|export)\s+(type\s+)?([^;]*?)\s*from\s*'([^']+)'/gms)) {
    if (m[1]) continue;
    const names = m[2].match(/^\{([^}]*)\}$/s)?.[1];
    if (names?.split(',').every((n) => !n.trim() || n.trim().startsWith('type '))) continue;
    found.push(m[3]);
  }
  for (const m of source.matchAll(/^import\s+'([^']+)'/gm)) found.push(m[1]);
  for (const m of source.matchAll(/\bimport\(\s*'([^']+)'\s*\)/g)) found.push(m[1]);
  return found;
}

/** True when the file may share a worker: it imports no live code of the app and mocks no module. */
export function canShareWorker(path: string, source: string): boolean {
  if (!path.startsWith('tests/')) return false;
  if (/\bvi\.(mock|doMock|stubEnv|stubGlobal|useFakeTimers)\b/.test(source)) return false;
  return !valueImports(source).some((p) => /(^|\/)(services|workflows)\//.test(p));
}

/** The files of these globs that may share workers, relative to the working directory. */
export function sharedWorkerFiles(globs: string[], exclude: string[]): string[] {
  return globSync(globs, { exclude }).filter((path) => canShareWorker(path, readFileSync(path, 'utf8')));
}
