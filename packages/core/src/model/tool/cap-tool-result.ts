import { UNLIMITED_RESULT_CHARS } from './tool-execution-settings';

/**
 * A tool result the model can read: unchanged when it has at most `maxChars` characters, else its
 * head and tail (`maxChars` characters together) around one line saying how much was cut, e.g.
 * `…head…\n[… 150000 of 250000 characters cut …]\n…tail…`. A surrogate pair is never split.
 *
 * @param text - the tool's result text
 * @param maxChars - the cap, or {@link UNLIMITED_RESULT_CHARS}
 * @returns the text the model reads
 */
export function capToolResult(text: string, maxChars: number): string {
  if (maxChars === UNLIMITED_RESULT_CHARS || text.length <= maxChars) return text;
  let headEnd = Math.ceil(maxChars / 2);
  let tailStart = text.length - (maxChars - headEnd);
  if (isLowSurrogate(text.charCodeAt(headEnd))) headEnd--;
  if (isLowSurrogate(text.charCodeAt(tailStart))) tailStart++;
  const cut = tailStart - headEnd;
  return `${text.slice(0, headEnd)}\n[… ${cut} of ${text.length} characters cut …]\n${text.slice(tailStart)}`;
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}
