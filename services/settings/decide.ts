// Pure rules of the person's settings: the clock and what the server offers come in with the
// command; each decision returns the events to append (none when nothing changes) or throws.
import type { ActingUser } from '../shared/actor.js';
import {
  ANSWER_STYLES,
  type AccountSettingsState,
  type DefaultModelChosen,
  type PersonalizationChanged,
  type Personalization,
  type Preferences,
  type PreferencesChanged,
  SEARCH_MODES,
  type SiteInstructionRemoved,
  type SiteInstructionSaved,
  THEMES,
} from './events.js';
import { settingsErrors } from './errors.js';
import { ABOUT_ME_MAX, ANSWER_LANGUAGES, charCount, SITE_INSTRUCTIONS_MAX_COUNT, SITE_INSTRUCTIONS_MAX_LENGTH } from './limits.js';
import { normaliseSiteDomain } from './site-domain.js';

const includes = <T extends string>(list: readonly T[], v: string): v is T => (list as readonly string[]).includes(v);

export function decidePreferences(state: AccountSettingsState, cmd: ActingUser & { preferences: Preferences }): PreferencesChanged[] {
  const p = cmd.preferences;
  if (!includes(THEMES, p.theme)) throw settingsErrors.invalidTheme();
  if (p.answer_language !== 'auto' && !Object.hasOwn(ANSWER_LANGUAGES, p.answer_language)) throw settingsErrors.invalidLanguage();
  if (!includes(SEARCH_MODES, p.default_search_mode)) throw settingsErrors.invalidSearchMode();
  const next: Preferences = {
    theme: p.theme,
    answer_language: p.answer_language,
    default_search_mode: p.default_search_mode,
    incognito_by_default: p.incognito_by_default === true,
  };
  const now = state.preferences;
  if (
    now.theme === next.theme &&
    now.answer_language === next.answer_language &&
    now.default_search_mode === next.default_search_mode &&
    now.incognito_by_default === next.incognito_by_default
  )
    return [];
  return [{ type: 'PreferencesChanged', data: { user_id: cmd.userId, ...next, changed_at: cmd.now.toISOString() } }];
}

/** "About me" is kept trimmed; its length counts characters as people do. */
export function decidePersonalization(state: AccountSettingsState, cmd: ActingUser & { personalization: Personalization }): PersonalizationChanged[] {
  const about = cmd.personalization.about_me.trim();
  if (charCount(about) > ABOUT_ME_MAX) throw settingsErrors.aboutMeTooLong();
  if (!includes(ANSWER_STYLES, cmd.personalization.answer_style)) throw settingsErrors.invalidAnswerStyle();
  const style = cmd.personalization.answer_style;
  if (state.personalization.about_me === about && state.personalization.answer_style === style) return [];
  return [{ type: 'PersonalizationChanged', data: { user_id: cmd.userId, about_me: about, answer_style: style, changed_at: cmd.now.toISOString() } }];
}

/** `configured`: the ids of the models the server runs now; no other can be the default. */
/** `mayChoose`: the plan's `maxModelSelection`; without it only the server's first model (`configured[0]`) may be chosen. */
export function decideDefaultModel(
  state: AccountSettingsState,
  cmd: ActingUser & { model: string; configured: readonly string[]; mayChoose: boolean },
): DefaultModelChosen[] {
  if (!cmd.configured.includes(cmd.model)) throw settingsErrors.unknownModel();
  if (!cmd.mayChoose && cmd.model !== cmd.configured[0]) throw settingsErrors.modelSelectionNotInPlan();
  if (state.defaultModel === cmd.model) return [];
  return [{ type: 'DefaultModelChosen', data: { user_id: cmd.userId, model: cmd.model, chosen_at: cmd.now.toISOString() } }];
}

function checkedInstructions(text: string) {
  const instructions = text.trim();
  if (!instructions) throw settingsErrors.instructionsRequired();
  if (charCount(instructions) > SITE_INSTRUCTIONS_MAX_LENGTH) throw settingsErrors.instructionsTooLong();
  return instructions;
}

/** Adds a site's instructions; `domain` may be anything people paste (site-domain.ts). */
export function decideAddSiteInstruction(state: AccountSettingsState, cmd: ActingUser & { domain: string; instructions: string }): SiteInstructionSaved[] {
  const domain = normaliseSiteDomain(cmd.domain);
  if (!domain) throw settingsErrors.invalidDomain();
  const instructions = checkedInstructions(cmd.instructions);
  if (Object.hasOwn(state.sites, domain)) throw settingsErrors.siteInstructionExists();
  if (Object.keys(state.sites).length >= SITE_INSTRUCTIONS_MAX_COUNT) throw settingsErrors.tooManySiteInstructions();
  return [{ type: 'SiteInstructionSaved', data: { user_id: cmd.userId, domain, instructions, saved_at: cmd.now.toISOString() } }];
}

/** Changes a listed site's instructions; `domain` is the listed (normalised) one. */
export function decideEditSiteInstruction(state: AccountSettingsState, cmd: ActingUser & { domain: string; instructions: string }): SiteInstructionSaved[] {
  const domain = normaliseSiteDomain(cmd.domain);
  if (!domain || !Object.hasOwn(state.sites, domain)) throw settingsErrors.siteInstructionNotFound();
  const instructions = checkedInstructions(cmd.instructions);
  if (state.sites[domain] === instructions) return [];
  return [{ type: 'SiteInstructionSaved', data: { user_id: cmd.userId, domain, instructions, saved_at: cmd.now.toISOString() } }];
}

export function decideRemoveSiteInstruction(state: AccountSettingsState, cmd: ActingUser & { domain: string }): SiteInstructionRemoved[] {
  const domain = normaliseSiteDomain(cmd.domain);
  if (!domain || !Object.hasOwn(state.sites, domain)) throw settingsErrors.siteInstructionNotFound();
  return [{ type: 'SiteInstructionRemoved', data: { user_id: cmd.userId, domain, removed_at: cmd.now.toISOString() } }];
}
