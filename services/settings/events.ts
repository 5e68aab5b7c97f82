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

export type PreferencesChanged = { type: 'PreferencesChanged'; data: Preferences & { user_id: string; changed_at: string } };
export type PersonalizationChanged = { type: 'PersonalizationChanged'; data: Personalization & { user_id: string; changed_at: string } };
export type DefaultModelChosen = { type: 'DefaultModelChosen'; data: { user_id: string; model: string; chosen_at: string } };
export type SiteInstructionSaved = { type: 'SiteInstructionSaved'; data: { user_id: string; domain: string; instructions: string; saved_at: string } };
export type SiteInstructionRemoved = { type: 'SiteInstructionRemoved'; data: { user_id: string; domain: string; removed_at: string } };
export type AccountSettingsEvent = PreferencesChanged | PersonalizationChanged | DefaultModelChosen | SiteInstructionSaved | SiteInstructionRemoved;

export const ACCOUNT_SETTINGS_EVENTS = [
  'PreferencesChanged',
  'PersonalizationChanged',
  'DefaultModelChosen',
  'SiteInstructionSaved',
  'SiteInstructionRemoved',
] as const satisfies readonly AccountSettingsEvent['type'][];

export const accountSettingsStream = (userId: string) => `account-settings-${userId}`;

export const DEFAULT_PREFERENCES: Preferences = { theme: 'system', answer_language: 'auto', default_search_mode: 'auto', incognito_by_default: false };
export const DEFAULT_PERSONALIZATION: Personalization = { about_me: '', answer_style: 'default' };

export type AccountSettingsState = {
  preferences: Preferences;
  personalization: Personalization;
  defaultModel: string | null;
  /** Instructions by normalised domain. */
  sites: Record<string, string>;
};
export const initialAccountSettings: AccountSettingsState = {
  preferences: DEFAULT_PREFERENCES,
  personalization: DEFAULT_PERSONALIZATION,
  defaultModel: null,
  sites: {},
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
    case 'SiteInstructionRemoved': {
      const { [e.data.domain]: _gone, ...sites } = state.sites;
      return { ...state, sites };
    }
    default:
      return state;
  }
}
