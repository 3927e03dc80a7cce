import stem from 'wink-porter2-stemmer';
import { toolSearchTerms } from './tool-search-terms';

const CJK_CHARACTER = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/gu;
const LATIN_WORD = /^\p{Script=Latin}+$/u;
/** Chinese function characters ("of", "I", "this", question particles): too common to tell tools apart on their own. */
const CJK_STOP_CHARACTERS: ReadonlySet<string> = new Set(
  '的了吗呢吧啊呀我你他她它们这那个是在有和与把被就也都很么什哪儿'.split(''),
);

/**
 * The terms the full-text index indexes and searches: {@link toolSearchTerms} (identifiers split,
 * stop words dropped, plurals folded, CJK text as character pairs), then
 * - English words stemmed with Porter2 (`summary`, `summarize` → `summari`, `summar`; `phoned` →
 *   `phone`), so a query meets a description that uses another form of the word;
 * - every CJK character once more on its own, except function characters such as 的 了 我 这
 *   (`跑了多少` → `… 跑 多 少`), so a query shares terms with a description that words the same
 *   thing with other pairs (`跑步`); the index weighs them less than pairs (see `FullTextToolIndex`).
 *
 * @param text - a name, description or query
 * @param memo - when given, the terms of each run of letters and digits are kept there and reused
 *   (a catalogue repeats its words: indexing 1,000 tools is about twice as fast); give a new Map per
 *   batch of texts, so it never outlives the indexing
 * @returns the terms (of each chunk: pairs and words first, then single characters)
 */
export function fullTextTerms(text: string, memo?: Map<string, readonly string[]>): string[] {
  if (memo === undefined) return termsOf(text);
  const terms: string[] = [];
  // Terms never span a character that is not a letter or digit, so the chunks give the same terms.
  for (const chunk of text.split(/[^\p{L}\p{N}]+/u)) {
    let chunkTerms = memo.get(chunk);
    if (chunkTerms === undefined) {
      chunkTerms = termsOf(chunk);
      memo.set(chunk, chunkTerms);
    }
    for (const term of chunkTerms) terms.push(term);
  }
  return terms;
}

function termsOf(text: string): string[] {
  const terms = toolSearchTerms(text).map((term) => (LATIN_WORD.test(term) ? stem(term) : term));
  for (const character of text.match(CJK_CHARACTER) ?? []) {
    if (!CJK_STOP_CHARACTERS.has(character)) terms.push(character);
  }
  return terms;
}

/** True for a term made of one CJK character (a weaker term than a pair). */
export function isSingleCjkCharacter(term: string): boolean {
  return term.length === 1 && term.match(CJK_CHARACTER) !== null;
}
