// A worker thread of the entity pool (entity-pool.ts): compromise's names (people, places,
// organisations) of each text it is given, as compromise writes them. Plain CommonJS so that every
// way the server runs (tsx, vitest, the esbuild bundle) loads the same file.
const nlp = require('compromise');

module.exports = (leads) => leads.map((lead) => nlp(lead).topics().out('array'));
