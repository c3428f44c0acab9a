// A worker thread of the entity pool (entity-pool.ts): compromise's names (people, places,
// organisations) of each text it is given, as compromise writes them. Plain CommonJS so that every
// way the server runs (tsx, vitest, the esbuild bundle) loads the same file; text-features.ts
// imports `namesOf` from it for single documents, so both give the same answers.
const nlp = require('compromise');

/** Tags that mark a word as part of no name, whatever its capital letter says. */
const NOT_NAME = ['Verb', 'Adverb', 'Adjective', 'Preposition', 'Determiner', 'Pronoun', 'Conjunction', 'QuestionWord'];
const NAME = ['Person', 'Place', 'Organization', 'ProperNoun'];

/**
 * A headline in title case ("George Zimmerman Has an Armed Life on the Move") capitalises every
 * word, so compromise reads "George Zimmerman Has" as a name. Such a sentence is re-cased first: the
 * words compromise tags, in the lower-cased sentence, as verbs, adjectives, prepositions and other
 * words that name nothing are written in lower case ("George Zimmerman has an armed Life on the
 * Move"). A sentence is in title case when at least 3 of its words of 4+ letters, and 3 in 4 of
 * them, begin with a capital.
 */
function recased(lead) {
  return lead.replace(/[^.!?:;]+/g, (sentence) => {
    const long = sentence.match(/\p{L}{4,}/gu) ?? [];
    const capital = long.filter((w) => /^\p{Lu}/u.test(w)).length;
    if (capital < 3 || capital < 0.75 * long.length) return sentence;
    const terms = nlp(sentence.toLowerCase()).json().flatMap((s) => s.terms);
    const lower = new Set();
    for (const term of terms) {
      if (term.tags.some((t) => NOT_NAME.includes(t)) && !term.tags.some((t) => NAME.includes(t))) lower.add(term.normal);
    }
    return sentence.replace(/[\p{L}'’]+/gu, (word, offset) => (offset > 0 && lower.has(word.toLowerCase()) ? word.toLowerCase() : word));
  });
}

function namesOf(lead) {
  return nlp(recased(lead)).topics().out('array');
}

module.exports = (leads) => leads.map(namesOf);
module.exports.namesOf = namesOf;
