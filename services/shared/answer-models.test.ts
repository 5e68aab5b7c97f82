import { describe, expect, test } from 'vitest';
import { ConfigError, loadConfig } from './config.js';
import { parseModelChoices } from './answer-models.js';
import { parsePerks } from './plans.js';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const LLM = { LLM_BASE_URL: 'http://127.0.0.1:11434/v1', LLM_MODEL: 'llama3.1:8b' };

describe('the models people may choose (LLM_MODELS)', () => {
  test('without an answer endpoint, the offline model alone', () => {
    expect(loadConfig({}).answerModels).toEqual([{ id: 'offline-extractive', name: 'Offline extractive model' }]);
  });

  test('LLM_MODEL first (the default), then the listed ones with the names shown; LLM_MODEL may be named in the list', () => {
    expect(loadConfig({ ...LLM, LLM_MODELS: 'qwen2.5:7b=Qwen 2.5, llama3.1:8b=Llama 3.1 8B ,phi4' }).answerModels).toEqual([
      { id: 'llama3.1:8b', name: 'Llama 3.1 8B' },
      { id: 'qwen2.5:7b', name: 'Qwen 2.5' },
      { id: 'phi4', name: 'phi4' },
    ]);
    expect(loadConfig(LLM).answerModels).toEqual([{ id: 'llama3.1:8b', name: 'llama3.1:8b' }]);
  });

  test('bad lists stop the start with a clear message', () => {
    expect(() => parseModelChoices('a', 'b,b')).toThrow('"b" is listed twice');
    expect(() => parseModelChoices('a', '=Name')).toThrow('is not model_id or model_id=Name');
    expect(() => loadConfig({ LLM_MODELS: 'x' })).toThrow(ConfigError);
    expect(() => loadConfig({ LLM_MODELS: 'x' })).toThrow(/LLM_MODELS: set LLM_BASE_URL and LLM_MODEL too/);
  });
});

describe('the operator’s perks (PRO_PERKS_FILE)', () => {
  const file = (text: string) => {
    const path = join(mkdtempSync(join(tmpdir(), 'perks-')), 'perks.json');
    writeFileSync(path, text);
    return path;
  };

  test('a JSON array of title and description, trimmed; none without the file', () => {
    expect(loadConfig({}).proPerks).toEqual([]);
    expect(loadConfig({ PRO_PERKS_FILE: file('[{"title":" Support ","description":"Within a day."}]') }).proPerks).toEqual([
      { title: 'Support', description: 'Within a day.' },
    ]);
  });

  test('a missing file, bad JSON or a bad item stops the start, naming the variable', () => {
    expect(() => loadConfig({ PRO_PERKS_FILE: '/no/such/perks.json' })).toThrow(/PRO_PERKS_FILE: cannot be read \(ENOENT\)/);
    expect(() => loadConfig({ PRO_PERKS_FILE: file('{') })).toThrow(/PRO_PERKS_FILE: is not JSON/);
    expect(() => parsePerks('[{"title":"x"}]')).toThrow('item 1 must be');
    expect(() => parsePerks('[{"title":"x","description":"y","price":"$5"}]')).toThrow('item 1 must be');
    expect(() => parsePerks('{"title":"x"}')).toThrow('must be a JSON array');
  });
});
