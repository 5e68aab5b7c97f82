// The entry of every worker thread of services/workers/pool.ts: imports the job's module (once
// per worker), says the job starts (its time limit counts from here: loading our own code is not
// the input's doing) and calls the named function. JavaScript, so that
// Node can start it without a loader; tsImport loads the TypeScript job modules whether or not
// the parent thread runs under tsx (the app does, vitest's forks do not).
import { tsImport } from 'tsx/esm/api';

const modules = new Map();

export default async function runJob({ module, name, input, started }) {
  let loading = modules.get(module);
  if (!loading) {
    loading = tsImport(module, import.meta.url);
    modules.set(module, loading);
  }
  const exports = await loading;
  started.postMessage('started');
  started.close();
  if (typeof exports[name] !== 'function') throw new Error(`${module} exports no function named ${name}`);
  return exports[name](input);
}
