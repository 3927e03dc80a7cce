import { type ChatResponse, RETURN_DIRECT_FINISH_REASON } from '@sprout-ai/core';

/** Between the tool results of a returnDirect answer in {@link answerText}. */
export const RETURN_DIRECT_SEPARATOR = '\n';

/**
 * The text a caller reads as the answer (`.content()`): the first generation's text; for a
 * returnDirect answer (every generation's finish reason is `returnDirect`, one per tool result) the
 * results in call order, joined by a newline, so no tool's result is left out.
 *
 * Use it for a response you already hold, e.g. from `.call().chatResponse()` when you also need
 * its metadata (a paused turn's `pendingApproval`).
 *
 * @param response - a response or a chunk; `undefined` gives `''`
 * @returns the answer text; `''` when there is no response or generation (also for a paused turn)
 * @see Spring AI's `CallResponseSpec.content()`, which reads the first generation's text only
 */
export function answerText(response: ChatResponse | undefined): string {
  const results = response?.results ?? [];
  if (results.length > 1 && results.every((g) => g.metadata.finishReason === RETURN_DIRECT_FINISH_REASON)) {
    return results.map((g) => g.output.text).join(RETURN_DIRECT_SEPARATOR);
  }
  return response?.result?.output.text ?? '';
}
