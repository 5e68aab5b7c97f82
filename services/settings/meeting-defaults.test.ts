// Meeting defaults' rules (issue 36): any valid choice is kept (weekdays sorted, once each) and
// saving it again changes nothing; a day that does not end after it starts is refused.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { refusalCodeOf as codeOf } from '../../tests/support/decider.js';
import { initialAccountSettings } from './events.js';
import { decideMeetingDefaults, MEETING_MINUTES } from './meeting-defaults.js';

const who = { userId: 'u1', now: new Date('2026-12-03T10:00:00Z') };

describe('decideMeetingDefaults', () => {
  test('property: a valid choice is kept as chosen, sorted, and is a no-op the second time', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...MEETING_MINUTES),
        fc.integer({ min: 0, max: 23 }),
        fc.integer({ min: 1, max: 24 }),
        fc.array(fc.integer({ min: 0, max: 6 }), { minLength: 1, maxLength: 10 }),
        (minutes, start, end, weekdays) => {
          fc.pre(start < end);
          const [changed] = decideMeetingDefaults(initialAccountSettings, {
            ...who,
            defaults: { minutes, day_start_hour: start, day_end_hour: end, weekdays },
          });
          const kept = changed ? changed.data : initialAccountSettings.meetingDefaults;
          expect(kept.weekdays).toEqual([...new Set(weekdays)].sort((a, b) => a - b));
          const state = { ...initialAccountSettings, meetingDefaults: { minutes, day_start_hour: start, day_end_hour: end, weekdays: kept.weekdays } };
          expect(decideMeetingDefaults(state, { ...who, defaults: { minutes, day_start_hour: start, day_end_hour: end, weekdays } })).toEqual([]);
        },
      ),
    );
  });

  test('each refusal has its stable code', () => {
    const d = { minutes: 30, day_start_hour: 9, day_end_hour: 17, weekdays: [1] };
    const refused = (over: object) => codeOf(() => decideMeetingDefaults(initialAccountSettings, { ...who, defaults: { ...d, ...over } }));
    expect(refused({ day_start_hour: 17 })).toBe('meeting_day_invalid');
    expect(refused({ minutes: 20 })).toBe('invalid_meeting_minutes');
    expect(refused({ day_end_hour: 25 })).toBe('invalid_meeting_hour');
    expect(refused({ weekdays: [7] })).toBe('invalid_weekday');
    expect(refused({ weekdays: [] })).toBe('no_working_day');
  });
});
