/**
 * Sprout's finish reason for each Anthropic `stop_reason` (Sprout uses the OpenAI names, which the
 * tool loop and the stream events report):
 *
 * | `stop_reason` | `finishReason` |
 * |---|---|
 * | `end_turn`, `stop_sequence` | `stop` |
 * | `tool_use` | `tool_calls` |
 * | `max_tokens`, `model_context_window_exceeded` | `length` |
 * | `refusal` | `content_filter` |
 *
 * Any other reason (`pause_turn` …) is passed on as it is. The generation metadata keeps the
 * original as `stopReason`.
 *
 * @remarks Spring AI's Anthropic model reports the `stop_reason` itself as the finish reason; we
 * map it, so code that checks `finishReason === 'length'` works for both providers.
 */
export const ANTHROPIC_FINISH_REASONS: Readonly<Record<string, string>> = Object.freeze({
  end_turn: 'stop',
  stop_sequence: 'stop',
  tool_use: 'tool_calls',
  max_tokens: 'length',
  model_context_window_exceeded: 'length',
  refusal: 'content_filter',
});

/**
 * @param stopReason - the wire `stop_reason`
 * @returns Sprout's finish reason (see {@link ANTHROPIC_FINISH_REASONS}), or `undefined` without one
 */
export function toFinishReason(stopReason: unknown): string | undefined {
  if (typeof stopReason !== 'string' || stopReason === '') return undefined;
  return Object.hasOwn(ANTHROPIC_FINISH_REASONS, stopReason) ? ANTHROPIC_FINISH_REASONS[stopReason] : stopReason;
}

/** True for the stop reasons that cut the answer off where it stood (a tool input may be incomplete). */
export function isCutOff(stopReason: unknown): boolean {
  return stopReason === 'max_tokens' || stopReason === 'model_context_window_exceeded';
}

/**
 * What a tool call's `argumentsProblem` says when the answer was cut off while its input was
 * being written: the call is not run, and the model is told.
 */
export function cutOffProblem(stopReason: string): string {
  return (
    `the answer was cut off (stop_reason '${stopReason}') while this call's input was being written, so the ` +
    'call was not run; call the tool again, with shorter input if it was long'
  );
}
