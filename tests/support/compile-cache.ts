/** Where the run's server processes keep V8's compiled code of the server bundle (NODE_COMPILE_CACHE). */
export const compileCacheOf = (bundle: string) => `${bundle}.compile-cache`;
