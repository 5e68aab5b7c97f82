import { describe, expect, it } from 'vitest';
import { isInFlight, latestInFlight, streamingSection } from './in-flight';

const s = (status: string, backend_uuid: string | null = null) => ({ status, backend_uuid });

describe('article in flight (seed 003 §4)', () => {
  it('is in flight when any section is pending, case-insensitive', () => {
    expect(isInFlight([])).toBe(false);
    expect(isInFlight([s('completed'), s('failed')])).toBe(false);
    expect(isInFlight([s('pending'), s('completed')])).toBe(true);
    expect(isInFlight([s('completed'), s('PENDING')])).toBe(true);
    expect(isInFlight([s('Pending')])).toBe(true);
  });

  it('the latest is in flight only when the latest section is pending', () => {
    const latest = s('pending', 'b2');
    expect(latestInFlight([s('completed', 'b1'), latest])).toBe(latest);
    expect(latestInFlight([s('pending', 'b1'), s('completed', 'b2')])).toBeUndefined();
    expect(latestInFlight([])).toBeUndefined();
  });

  it('the first pending section with a backend_uuid is the one streaming', () => {
    const first = s('pending', 'b2');
    expect(streamingSection([s('completed', 'b1'), s('pending'), first, s('pending', 'b3')])).toBe(first);
    expect(streamingSection([s('pending'), s('completed', 'b1')])).toBeUndefined();
    expect(streamingSection([s('completed', 'b1')])).toBeUndefined();
  });
});
