// What other domains and the composition root use of shopping (a domain is used only through its index.ts).
export { openAiImageGenerator, removeTryOnImages, tryOnProjection, tryOnRoutes, type ImageGenerator, type TryOnContext } from './try-on/index.js';
