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

/**
 * The person's model while it is configured (and their plan lets them choose: `mayChoose`);
 * otherwise the server's first.
 */
export function effectiveModel(chosen: string | null, models: readonly ModelChoice[], mayChoose = true) {
  const available = mayChoose && chosen !== null && models.some((m) => m.id === chosen);
  return { model: available ? (chosen as string) : models[0].id, chosen: available };
}

/** `mayChoose`: the person's plan lets them choose the model (`maxModelSelection`). */
export function assistantView(s: SettingsRow, models: readonly ModelChoice[], mayChoose: boolean) {
  const { model, chosen } = effectiveModel(s.default_model, models, mayChoose);
  return { models: models.map((m) => ({ id: m.id, name: m.name })), default_model: model, chosen, model_selection: mayChoose };
}
