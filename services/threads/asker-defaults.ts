// What the asker's own settings say about a question they ask: the model that answers (the one
// the question names, else their default while it is configured, else the server's first),
// whether a new thread starts incognito, and the language, "about me" and style the answer follows.
import type { KernelContext } from '../shared/context.js';
import { effectiveModel, settingsOf } from '../settings/index.js';
import type { AnswerPersonal } from './answer-engine.js';
import { threadErrors } from './errors.js';

export type AskerDefaults = { model: string; incognitoByDefault: boolean; personal: AnswerPersonal | null };

export async function askerDefaults(
  ctx: Pick<KernelContext, 'db' | 'config'>,
  userId: string | null,
  modelPreference: string | undefined,
): Promise<AskerDefaults> {
  const models = ctx.config.answerModels;
  if (modelPreference !== undefined && !models.some((m) => m.id === modelPreference)) throw threadErrors.unknownModel();
  if (!userId) return { model: modelPreference ?? models[0].id, incognitoByDefault: false, personal: null };
  const s = await settingsOf(ctx.db, userId);
  return {
    model: modelPreference ?? effectiveModel(s.default_model, models).model,
    incognitoByDefault: s.incognito_by_default,
    personal: { answer_language: s.answer_language, about_me: s.about_me, answer_style: s.answer_style },
  };
}
