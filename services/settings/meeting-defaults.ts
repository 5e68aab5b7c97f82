// Meeting defaults (seed 000's `meetingDefaults`, issue 36): a meeting's length, the working day's
// hours and weekdays that availability's free times follow, kept with the person's other settings
// so every device follows the same ones. Pure: the web app and the mocks use the same rules.
import type { ActingUser } from '../shared/actor.js';
import { settingsErrors } from './errors.js';
import { type AccountSettingsState, MEETING_MINUTES, type MeetingDefaults, type MeetingDefaultsChanged } from './events.js';

export { MEETING_MINUTES };

const isHour = (h: unknown, min: number, max: number) => Number.isInteger(h) && (h as number) >= min && (h as number) <= max;

/** All four at once; the weekdays are kept sorted and once each. */
export function decideMeetingDefaults(
  state: AccountSettingsState,
  cmd: ActingUser & { defaults: Omit<MeetingDefaults, 'minutes'> & { minutes: number } },
): MeetingDefaultsChanged[] {
  const d = cmd.defaults;
  if (!(MEETING_MINUTES as readonly number[]).includes(d.minutes)) throw settingsErrors.invalidMeetingMinutes();
  if (!isHour(d.day_start_hour, 0, 23) || !isHour(d.day_end_hour, 1, 24)) throw settingsErrors.invalidMeetingHour();
  if (d.day_end_hour <= d.day_start_hour) throw settingsErrors.meetingDayInvalid();
  if (!Array.isArray(d.weekdays) || !d.weekdays.every((w) => isHour(w, 0, 6))) throw settingsErrors.invalidWeekday();
  const weekdays = [...new Set(d.weekdays)].sort((a, b) => a - b);
  if (weekdays.length === 0) throw settingsErrors.noWorkingDay();
  const next: MeetingDefaults = { minutes: d.minutes as MeetingDefaults['minutes'], day_start_hour: d.day_start_hour, day_end_hour: d.day_end_hour, weekdays };
  const now = state.meetingDefaults;
  if (
    now.minutes === next.minutes &&
    now.day_start_hour === next.day_start_hour &&
    now.day_end_hour === next.day_end_hour &&
    now.weekdays.join() === next.weekdays.join()
  )
    return [];
  return [{ type: 'MeetingDefaultsChanged', data: { user_id: cmd.userId, ...next, changed_at: cmd.now.toISOString() } }];
}
