// What the memories run in the background (services/shared/background.ts): memories are found in
// the person's questions after their answers, never on the request path.
import { startConsumer } from '../eventstore/consumers.js';
import type { Background, BackgroundKernel } from '../shared/background.js';
import { llmExtractor, offlineExtractor } from './extract.js';
import { MEMORY_EXTRACTION_CONSUMER, memoryExtractionConsumer } from './extraction-consumer.js';

export const memoryExtractionBackground: Background<BackgroundKernel> = {
  register:
    ({ config, store, signals, logger }) =>
    () => {
      const extractor = config.llm ? llmExtractor(config.llm, config.llmTimeoutMs) : offlineExtractor;
      return startConsumer(
        store,
        MEMORY_EXTRACTION_CONSUMER,
        memoryExtractionConsumer(store, extractor, { onError: (err) => logger.warn({ err }, 'memory extraction failed for one answer') }),
        { pollMs: 500, types: ['AnswerCompleted'], signals, onError: (err) => logger.error({ err }, 'memory extraction consumer failed; retrying') },
      );
    },
};
