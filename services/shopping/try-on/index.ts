// What other parts use of the try-on (a domain is used only through its index.ts).
export type { TryOnContext } from './context.js';
export { openAiImageGenerator, type ImageGenerator } from './image-provider.js';
export { tryOnProjection } from './projections.js';
export { tryOnRoutes } from './routes.js';
export { removeTryOnImages } from './erasure.js';
export { tryOnExport, tryOnExportFiles } from './export.js';
