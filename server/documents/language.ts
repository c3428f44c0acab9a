import { getLIDModel } from 'fasttext.wasm.js';

type Model = Awaited<ReturnType<typeof getLIDModel>>;
let loading: Promise<Model> | undefined;

/** fastText's lid.176 model, loaded once (~70 ms) on first use. */
function model(): Promise<Model> {
  loading ??= (async () => {
    const lid = await getLIDModel();
    await lid.load();
    return lid;
  })();
  return loading;
}

/**
 * The ISO 639-1 code of the text's language, or null when too short or too unsure to say.
 * Only the first 500 characters are read: enough for fastText (the same answer as from 1,000 for
 * all 4,505 documents of the demo corpus, in half the time), cheap for long documents.
 */
export async function detectLanguage(text: string): Promise<string | null> {
  const sample = text.slice(0, 2000).replace(/\s+/g, ' ').slice(0, 500).trim();
  if (sample.length < 20) return null;
  const result = await (await model()).identify(sample);
  return result.possibility >= 0.4 && result.alpha2 ? result.alpha2 : null;
}
