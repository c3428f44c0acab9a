import { describe, expect, it } from 'vitest';
import { modelsNote } from './export-modal';

describe('modelsNote (the Export footer)', () => {
  it.each([
    [['gpt-4.1-mini'], 'Model used: GPT-4.1 Mini.'],
    [['claude-3-7-sonnet-latest', 'gpt-5'], 'Models used: Claude 3.7 Sonnet, GPT-5.'],
    [['builtin'], "Processed by Herald's built-in engine (no language model)."],
    [['gpt-5-mini', 'builtin'], "Model used: GPT-5 Mini; the rest by Herald's built-in engine (no language model)."],
    [['some-new-model'], 'Model used: some-new-model.'],
    [[], 'No model has processed these items yet.'],
  ])('%j -> %s', (models, note) => expect(modelsNote(models)).toBe(note));
});
