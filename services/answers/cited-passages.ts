// The whole indexed passage behind each cited url, when there is one: a stored source keeps only
// a snippet of it, and a sentence may come from further into the passage.
export { passagesByUrl } from '../passages/index.js';
