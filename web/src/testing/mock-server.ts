// The mock API for a component test file: listening for the whole file; after each test the
// page is unmounted and the scenario is back at its start.
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { setupMocks } from '../../../mocks/node';

export function withMockServer(...args: Parameters<typeof setupMocks>) {
  const mocks = setupMocks(...args);
  beforeAll(mocks.listen);
  afterEach(() => {
    cleanup();
    mocks.reset();
  });
  afterAll(mocks.close);
  return mocks;
}
