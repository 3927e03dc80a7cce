/**
 * Hands one JSON parse of a tool call's arguments from the tool-calling manager (which parses the
 * text to check it before running the call) to the tool's argument parser (which needs the
 * parsed object), so each call's arguments are parsed once (internal).
 *
 * One slot: the last offered text and its value. A value is taken at most once and only for the
 * identical text, so it is never shared; any other text (another call, another request that ran
 * in between) is a miss and is parsed as usual.
 */
let offeredText: string | undefined;
let offeredValue: Record<string, unknown> | undefined;

/**
 * Offers the result of `JSON.parse(text)`; the caller must not keep or change `value`.
 *
 * @param text - the arguments text
 * @param value - what `JSON.parse(text)` returned
 */
export function offerParsedArguments(text: string, value: Record<string, unknown>): void {
  offeredText = text;
  offeredValue = value;
}

/**
 * The offered value of `text` (and the slot is emptied), or `undefined`.
 *
 * @param text - the arguments text about to be parsed
 */
export function takeParsedArguments(text: string): Record<string, unknown> | undefined {
  if (offeredValue === undefined || offeredText !== text) return undefined;
  const value = offeredValue;
  offeredText = undefined;
  offeredValue = undefined;
  return value;
}
