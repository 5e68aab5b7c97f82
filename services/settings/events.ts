// The person's own settings, one stream per person: what they prefer, what answers should know
// about them, the model that answers them by default and their instructions per site.
import type { StoredEvent } from '../eventstore/types.js';

export const THEMES = ['light', 'dark', 'system'] as const;
export type Theme = (typeof THEMES)[number];
export const ANSWER_STYLES = ['default', 'concise', 'detailed', 'formal', 'casual'] as const;
export type AnswerStyle = (typeof ANSWER_STYLES)[number];
export const SEARCH_MODES = ['auto', 'web', 'help'] as const;
export type DefaultSearchMode = (typeof SEARCH_MODES)[number];

export type Preferences = { theme: Theme; answer_language: string; default_search_mode: DefaultSearchMode; incognito_by_default: boolean };
export type Personalization = { about_me: string; answer_style: AnswerStyle };
/** The meeting lengths offered, in minutes. */
export const MEETING_MINUTES = [15, 30, 45, 60, 90] as const;
/** A meeting's length in minutes, the working day's hours (local time) and weekdays (0 Sunday … 6 Saturday). */
export type MeetingDefaults = { minutes: (typeof MEETING_MINUTES)[number]; day_start_hour: number; day_end_hour: number; weekdays: number[] };

export type PreferencesChanged = { type: 'PreferencesChanged'; data: Preferences & { user_id: string; changed_at: string } };
export type PersonalizationChanged = { type: 'PersonalizationChanged'; data: Personalization & { user_id: string; changed_at: string } };
export type DefaultModelChosen = { type: 'DefaultModelChosen'; data: { user_id: string; model: string; chosen_at: string } };
export type SiteInstructionSaved = { type: 'SiteInstructionSaved'; data: { user_id: string; domain: string; instructions: string; saved_at: string } };
export type SiteInstructionRemoved = { type: 'SiteInstructionRemoved'; data: { user_id: string; domain: string; removed_at: string } };
export type MeetingDefaultsChanged = { type: 'MeetingDefaultsChanged'; data: MeetingDefaults & { user_id: string; changed_at: string } };
export type AccountSettingsEvent =
  | PreferencesChanged
  | PersonalizationChanged
  | DefaultModelChosen
  | SiteInstructionSaved
  | SiteInstructionRemoved
  | MeetingDefaultsChanged;

export const ACCOUNT_SETTINGS_EVENTS = [
  'PreferencesChanged',
  'PersonalizationChanged',
  'DefaultModelChosen',
  'SiteInstructionSaved',
  'SiteInstructionRemoved',
  'MeetingDefaultsChanged',
] as const satisfies readonly AccountSettingsEvent['type'][];

export const accountSettingsStream = (userId: string) => `account-settings-${userId}`;

export const DEFAULT_PREFERENCES: Preferences = { theme: 'system', answer_language: 'auto', default_search_mode: 'auto', incognito_by_default: false };
export const DEFAULT_PERSONALIZATION: Personalization = { about_me: '', answer_style: 'default' };
export const DEFAULT_MEETING_DEFAULTS: MeetingDefaults = { minutes: 30, day_start_hour: 9, day_end_hour: 17, weekdays: [1, 2, 3, 4, 5] };

export type AccountSettingsState = {
  preferences: Preferences;
  personalization: Personalization;
  defaultModel: string | null;
  /** Instructions by normalised domain. */
  sites: Record<string, string>;
  meetingDefaults: MeetingDefaults;
};
export const initialAccountSettings: AccountSettingsState = {
  preferences: DEFAULT_PREFERENCES,
  personalization: DEFAULT_PERSONALIZATION,
  defaultModel: null,
  sites: {},
  meetingDefaults: DEFAULT_MEETING_DEFAULTS,
};

export function evolveAccountSettings(state: AccountSettingsState, event: StoredEvent | AccountSettingsEvent): AccountSettingsState {
  const e = event as AccountSettingsEvent;
  switch (e.type) {
    case 'PreferencesChanged': {
      const { theme, answer_language, default_search_mode, incognito_by_default } = e.data;
      return { ...state, preferences: { theme, answer_language, default_search_mode, incognito_by_default } };
    }
    case 'PersonalizationChanged':
      return { ...state, personalization: { about_me: e.data.about_me, answer_style: e.data.answer_style } };
    case 'DefaultModelChosen':
      return { ...state, defaultModel: e.data.model };
    case 'SiteInstructionSaved':
      return { ...state, sites: { ...state.sites, [e.data.domain]: e.data.instructions } };
    case 'MeetingDefaultsChanged': {
      const { minutes, day_start_hour, day_end_hour, weekdays } = e.data;
      return { ...state, meetingDefaults: { minutes, day_start_hour, day_end_hour, weekdays } };
    }
    case 'SiteInstructionRemoved': {
      const { [e.data.domain]: _gone, ...sites } = state.sites;
      return { ...state, sites };
    }
    default:
      return state;
  }
}
