// What other parts use of the memories (docs/architecture.md: a domain is used only through its index.ts).
export { memoriesProjection } from './projections.js';
export { memoryRedactors } from './erasure.js';
export { memoriesExport } from './export.js';
export { conversationUrl, memorySourcesFor, memoryUrl, type MemorySource } from './sources.js';
export { MEMORY_EXTRACTION_CONSUMER, memoryExtractionConsumer } from './extraction-consumer.js';
export { offlineExtractor, llmExtractor, type MemoryExtractor } from './extract.js';
export { memoryRoutes } from './routes.js';
export { memoryExtractionBackground } from './background.js';
