// What the asker's own settings say about a question they ask: the model that answers (the one
// the question names, else their default while it is configured, else the server's first; only
// the server's first for someone whose plan does not let them choose), whether a new thread
// starts incognito, and the language, "about me" and style the answer follows.
import type { KernelContext } from '../shared/context.js';
import { effectiveModel, settingsOf } from '../settings/index.js';
import type { ModelChoice } from '../shared/answer-models.js';
import type { AnswerPersonal } from './answer-engine.js';
import { threadErrors } from './errors.js';

export type AskerDefaults = { model: string; incognitoByDefault: boolean; personal: AnswerPersonal | null };

/**
 * The model that answers. A model that is not configured is refused whoever names it; a
 * configured one named by someone who may not choose (`maxModelSelection`) is not refused but
 * ignored, as is their saved default: the server's first model answers, and the entry says so.
 */
export function answeringModel(
  models: readonly ModelChoice[],
  opts: { preference: string | undefined; accountDefault: string | null; mayChoose: boolean },
): string {
  if (opts.preference !== undefined && !models.some((m) => m.id === opts.preference)) throw threadErrors.unknownModel();
  if (!opts.mayChoose) return models[0].id;
  return opts.preference ?? effectiveModel(opts.accountDefault, models).model;
}

export async function askerDefaults(
  ctx: Pick<KernelContext, 'db' | 'config'>,
  userId: string | null,
  modelPreference: string | undefined,
  mayChoose: boolean,
): Promise<AskerDefaults> {
  const models = ctx.config.answerModels;
  if (!userId)
    return { model: answeringModel(models, { preference: modelPreference, accountDefault: null, mayChoose }), incognitoByDefault: false, personal: null };
  const s = await settingsOf(ctx.db, userId);
  return {
    model: answeringModel(models, { preference: modelPreference, accountDefault: s.default_model, mayChoose }),
    incognitoByDefault: s.incognito_by_default,
    personal: { answer_language: s.answer_language, about_me: s.about_me, answer_style: s.answer_style },
  };
}
