// The seed's agent error texts (003 §8), each verbatim.
import { expect, test } from 'vitest';
import { TEXTS } from './texts';

test('every error text of seed 003 §8 is the seed’s own words', () => {
  expect(TEXTS.noMethod).toBe('No method specified in RPC request');
  expect(TEXTS.unknownMethod('Teleport')).toBe('Unknown method: Teleport');
  expect(TEXTS.textRequiredForType).toBe('Text is required for type action');
  expect(TEXTS.textRequiredForKey).toBe('Text is required for key action');
  expect(TEXTS.unknownAction).toBe('Unknown action');
  expect(['click', 'type', 'scroll', 'press key', 'drag', 'set value'].map((v) => TEXTS.failed(v as never, 'why'))).toEqual([
    'Failed to click: why',
    'Failed to type: why',
    'Failed to scroll: why',
    'Failed to press key: why',
    'Failed to drag: why',
    'Failed to set value: why',
  ]);
  expect([TEXTS.notFound, TEXTS.invisible, TEXTS.notEditable]).toEqual(['not found', 'invisible', 'not editable']);
  expect(TEXTS.noElementWithReference('ref_9')).toBe('No element found with reference ref_9');
  expect(TEXTS.beforeInputPrevented).toBe('beforeinput event was prevented');
  expect(TEXTS.startElementNotFound).toBe('start element not found');
  expect([TEXTS.screenshotLoadFailed, TEXTS.screenshotTimedOut]).toEqual(['Failed to load screenshot image', 'Screenshot timed out']);
  expect([TEXTS.proxyError, TEXTS.taskStartFailure, TEXTS.taskFailure]).toEqual(['Proxy error.', 'Agent task start failure.', 'Agent task failure.']);
});
