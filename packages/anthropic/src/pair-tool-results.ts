import type { ToolResponse } from '@sprout-ai/core';
import { createLogger, synthesizeToolCallId } from '@sprout-ai/core/internal';
import type { ToolResultBlockParam } from '@anthropic-ai/sdk/resources/messages';

const logger = createLogger('sprout-ai.anthropic.pairToolResults');

/** Content of the `tool_result` sent for a call that has no result. */
export const UNANSWERED_TOOL_USE_CONTENT =
  'No result was recorded for this tool call (the tool did not run or its result was lost).';

/** A tool call of an assistant message, with the id it goes on the wire with. */
export interface WireToolUse {
  /** The id in Sprout's history (results answer it). */
  readonly id: string;
  /** The id sent: `id`, made safe, or a synthesized one. */
  readonly wireId: string;
  /** `wireId` was synthesized because `id` was blank or repeated: results cannot name it. */
  readonly renamed: boolean;
  readonly name: string;
}

/**
 * The ids an assistant message's tool calls go on the wire with. Anthropic accepts `tool_use` ids of
 * letters, digits, `_` and `-` only, each once per message: other characters (ids written by another
 * provider, e.g. `functions.lookup:0`) become `_`; a blank or repeated id gets a synthesized one,
 * with a warning.
 *
 * @param calls - the calls' ids and names, in order
 */
export function toWireToolUses(calls: readonly { readonly id: string; readonly name: string }[]): WireToolUse[] {
  const seen = new Set<string>();
  return calls.map(({ id, name }) => {
    const safe = id.replace(/[^a-zA-Z0-9_-]/g, '_');
    if (id.trim() !== '' && !seen.has(safe)) {
      seen.add(safe);
      return { id, wireId: safe, renamed: false, name };
    }
    const wireId = synthesizeToolCallId();
    seen.add(wireId);
    logger.warn({ toolName: name, was: id }, `tool call id '${id}' is blank or repeated; using ${wireId}`);
    return { id, wireId, renamed: true, name };
  });
}

/**
 * The `tool_result` blocks of the user message that answers one assistant message: exactly one per
 * call, in the calls' order — the shape the Messages API requires (it answers 400 otherwise). A
 * failed call's result has `is_error: true`.
 *
 * What it fixes, each with a warning: a result for a renamed call (blank or repeated id) is paired
 * with it by position; a call without a result gets one saying none was recorded, flagged as an
 * error (e.g. a chat memory kept the call but lost its result); a second result for a call and a
 * result that answers no call are dropped.
 *
 * @param calls - the assistant message's calls, from {@link toWireToolUses}
 * @param responses - the tool results that followed it, in order
 * @param content - a result's `content` @defaultValue its `responseData`
 */
export function pairToolResults(
  calls: readonly WireToolUse[],
  responses: readonly ToolResponse[],
  content: (response: ToolResponse) => ToolResultBlockParam['content'] = (response) => response.responseData,
): ToolResultBlockParam[] {
  const byCall: (ToolResponse | undefined)[] = calls.map(() => undefined);
  const unknown: ToolResponse[] = [];
  for (const response of responses) {
    const index = calls.findIndex((call, i) => !call.renamed && call.id === response.id && byCall[i] === undefined);
    if (index >= 0) byCall[index] = response;
    else unknown.push(response);
  }
  for (const response of unknown) {
    const slot = calls.findIndex((call, i) => call.renamed && byCall[i] === undefined);
    if (slot < 0) {
      logger.warn(
        { toolCallId: response.id },
        'dropping a tool result that answers no tool call of the assistant message (or answers one twice)',
      );
      continue;
    }
    byCall[slot] = response;
  }
  return calls.map((call, index) => {
    const response = byCall[index];
    if (response === undefined) {
      logger.warn({ toolCallId: call.id, toolName: call.name }, 'tool call has no result; answering it as unanswered');
      return { type: 'tool_result', tool_use_id: call.wireId, content: UNANSWERED_TOOL_USE_CONTENT, is_error: true };
    }
    return {
      type: 'tool_result',
      tool_use_id: call.wireId,
      content: content(response),
      ...(response.isError === true ? { is_error: true } : {}),
    };
  });
}
