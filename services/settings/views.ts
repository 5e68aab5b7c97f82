// The settings as the API shows them.
import type { ModelChoice } from '../shared/answer-models.js';
import type { SettingsRow } from './queries.js';

export const preferencesView = (s: SettingsRow) => ({
  theme: s.theme,
  answer_language: s.answer_language as 'auto',
  default_search_mode: s.default_search_mode,
  incognito_by_default: s.incognito_by_default,
});

export const personalizationView = (s: SettingsRow) => ({ about_me: s.about_me, answer_style: s.answer_style });

/** The person's model while it is configured; otherwise the server's first. */
export function effectiveModel(chosen: string | null, models: readonly ModelChoice[]) {
  const available = chosen !== null && models.some((m) => m.id === chosen);
  return { model: available ? (chosen as string) : models[0].id, chosen: available };
}

export function assistantView(s: SettingsRow, models: readonly ModelChoice[]) {
  const { model, chosen } = effectiveModel(s.default_model, models);
  return { models: models.map((m) => ({ id: m.id, name: m.name })), default_model: model, chosen };
}
