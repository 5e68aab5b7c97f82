// Several app instances on one database (docs/scaling.md).
export { startInstanceWatch, type InstanceWatch } from './instances.js';
