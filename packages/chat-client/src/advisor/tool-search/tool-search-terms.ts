import { ENGLISH_STOP_WORDS } from './english-stop-words';

const CJK = '\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}\\p{Script=Hangul}';
const CJK_RUN = new RegExp(`[${CJK}]+`, 'gu');
const IS_CJK = new RegExp(`^[${CJK}]`, 'u');

/**
 * The search terms of a text, as the full-text index indexes names, descriptions and queries:
 * - identifiers are split where words meet (`getOrderStatus`, `get_order_status`,
 *   `HTTPRequest2xx` → `get order status`, `http request 2 xx`), then lower-cased;
 * - English stop words and one-letter words are dropped, and plurals are folded (`orders` →
 *   `order`, `categories` → `category`; Harman's S-stemmer);
 * - Chinese, Japanese and Korean text, written without spaces, becomes overlapping character
 *   pairs (`取消订单` → `取消 消订 订单`), as Lucene's CJK analyzer does, so a query shares
 *   terms with a description that words the same thing a little differently.
 *
 * @param text - any text; names, descriptions and queries go through the same steps
 * @returns the terms in text order, duplicates kept (they count in BM25)
 */
export function toolSearchTerms(text: string): string[] {
  const terms: string[] = [];
  const spaced = text.replace(CJK_RUN, (run) => ` ${run} `);
  for (const piece of spaced.split(/[^\p{L}\p{N}]+/u)) {
    if (piece === '') continue;
    if (IS_CJK.test(piece)) {
      terms.push(...characterPairs(piece));
      continue;
    }
    for (const word of splitIdentifier(piece)) {
      const lower = word.toLowerCase();
      if (lower.length < 2 || ENGLISH_STOP_WORDS.has(lower)) continue;
      terms.push(foldPlural(lower));
    }
  }
  return terms;
}

function characterPairs(run: string): string[] {
  const chars = Array.from(run); // code points: a CJK character is one
  if (chars.length === 1) return chars;
  const pairs: string[] = [];
  for (let i = 0; i + 1 < chars.length; i++) pairs.push(chars[i] + chars[i + 1]);
  return pairs;
}

/** `getHTTPStatus2` → `get HTTP Status 2`. */
function splitIdentifier(piece: string): string[] {
  return piece
    .replace(/(\p{Ll})(\p{Lu})/gu, '$1 $2')
    .replace(/(\p{Lu})(\p{Lu}\p{Ll})/gu, '$1 $2')
    .replace(/(\p{L})(\p{N})/gu, '$1 $2')
    .replace(/(\p{N})(\p{L})/gu, '$1 $2')
    .split(' ');
}

/** Harman's S-stemmer: `-ies` → `-y`, `-es` → `-e`, `-s` → `` (not after `s`, `u`, or in `aes`/`ees`/`oes`). */
function foldPlural(word: string): string {
  if (word.length <= 3) return word;
  if (word.endsWith('ies') && !word.endsWith('eies') && !word.endsWith('aies')) return `${word.slice(0, -3)}y`;
  if (word.endsWith('es') && !/[aeo]es$/u.test(word)) return word.slice(0, -1);
  if (word.endsWith('s') && !word.endsWith('us') && !word.endsWith('ss')) return word.slice(0, -1);
  return word;
}
