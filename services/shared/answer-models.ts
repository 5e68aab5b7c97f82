// The answer models people can choose from: the offline model alone, or the models of the one
// configured endpoint (`LLM_MODEL` first, the default, then `LLM_MODELS`), each with the name shown.
export const OFFLINE_MODEL = 'offline-extractive';
export const OFFLINE_MODEL_NAME = 'Offline extractive model';

export type ModelChoice = { id: string; name: string };

/**
 * Parses `LLM_MODELS`, e.g. `llama3.1:8b=Llama 3.1 8B,qwen2.5:7b` (id, then `=` and the name
 * shown, which defaults to the id). `LLM_MODEL` comes first and may be named in the list.
 * Throws a message for the config error on anything else.
 */
export function parseModelChoices(defaultModel: string, list: string): ModelChoice[] {
  const choices: ModelChoice[] = [{ id: defaultModel, name: defaultModel }];
  for (const part of list
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const eq = part.indexOf('=');
    const id = (eq < 0 ? part : part.slice(0, eq)).trim();
    const name = (eq < 0 ? id : part.slice(eq + 1)).trim();
    if (!id || id.length > 100 || !name || name.length > 100) throw new Error(`"${part}" is not model_id or model_id=Name shown (each 1 to 100 characters)`);
    const known = choices.find((c) => c.id === id);
    if (known && known !== choices[0]) throw new Error(`"${id}" is listed twice`);
    if (known) known.name = name;
    else choices.push({ id, name });
  }
  return choices;
}
