// The entry of every worker process of services/workers/pool.ts: for each job the pool sends, it
// imports the job's module (once per process), says the job starts (its time limit counts from
// here: loading our own code is not the input's doing), calls the named function and sends back
// its result or its error. JavaScript, so that Node can start it without a loader; tsImport loads
// the TypeScript job modules.
import { tsImport } from 'tsx/esm/api';

const modules = new Map();

async function runJob({ module, name, input }) {
  let loading = modules.get(module);
  if (!loading) {
    loading = tsImport(module, import.meta.url);
    modules.set(module, loading);
  }
  const exports = await loading;
  process.send({ kind: 'started' });
  if (typeof exports[name] !== 'function') throw new Error(`${module} exports no function named ${name}`);
  return exports[name](input);
}

process.on('message', async (task) => {
  try {
    process.send({ kind: 'done', output: await runJob(task) });
  } catch (error) {
    process.send({ kind: 'failed', name: error?.name ?? 'Error', message: error?.message ?? String(error) });
  }
});

// The pool is gone (the server stopped or crashed): nothing is left to work for.
process.on('disconnect', () => process.exit(0));
