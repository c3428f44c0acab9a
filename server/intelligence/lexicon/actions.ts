/**
 * What a title says happened: the actions of curated knowledge (knowledge/datasets/actions.json),
 * each said by its verbs in their verb forms (word-forms.ts: "approved", "raises", "held"). A word
 * is an action only as one of those forms: "bank" is no ban, "significant" no signing, "rural" no
 * ruling, which a prefix would read as the same action.
 */
import { actionVerbs } from '../knowledge/curated.js';
import { usedAsVerb } from './clause.js';
import { formsOf, padded } from './word-forms.js';

export interface ActionWord {
  /** The word as the text writes it (lower case). */
  word: string;
  /** The action's group ("raise" for "hikes"). */
  action: string;
  /** Whether the action marks a change of phase of a story. */
  phase: boolean;
  /** Whether the word is inflected (raises, approved, held): a bare form in a title is usually a noun ("Rate Cut Watch"). */
  inflected: boolean;
}

let index: Map<string, Omit<ActionWord, 'word'>> | undefined;
function actionForms(): Map<string, Omit<ActionWord, 'word'>> {
  if (index) return index;
  index = new Map();
  for (const { action, verbs, phase } of actionVerbs()) {
    for (const verb of verbs) for (const form of formsOf(verb, ['verb'])) if (!index.has(form)) index.set(form, { action, phase, inflected: form !== verb });
  }
  return index;
}

/** The action words of a text, in its order. */
export function actionWordsIn(text: string): ActionWord[] {
  const forms = actionForms();
  return padded(text)
    .trim()
    .split(' ')
    .flatMap((word) => {
      const found = forms.get(word);
      return found ? [{ word, ...found }] : [];
    });
}

/** The actions a text says, by their groups' names. */
export const actionsIn = (text: string): Set<string> => new Set(actionWordsIn(text).map((a) => a.action));

/**
 * The action words a text reports as acts: inflected ("raises", "approved": a bare form in a title
 * is usually a noun, "Rate Cut Watch") and read as its verb where the text says them (clause.ts):
 * "Court rules against ..." reports a ruling, "in accordance with Rules 211 and 214" and "Capital
 * Rules: ..." do not.
 */
export function actsIn(text: string): ActionWord[] {
  return actionWordsIn(text).filter((a) => a.inflected && usedAsVerb(text, a.word));
}
