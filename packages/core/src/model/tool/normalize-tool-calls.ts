import { AssistantMessage, type ToolCall } from '../../chat/messages/assistant-message';
import { offerParsedArguments } from '../../tool/execution/parsed-arguments-handoff';
import { isBlankToolArguments, repairToolArguments } from '../../tool/execution/repair-tool-arguments';
import { createLogger } from '../../util/logger';
import { synthesizeToolCallId } from './synthesize-tool-call-id';

const logger = createLogger('normalizeToolCalls');

/**
 * Makes every tool call of an assistant message safe to execute and to replay:
 * - a missing or blank `id` gets a unique synthesized one ({@link synthesizeToolCallId});
 * - blank `arguments` ({@link isBlankToolArguments}: missing, or whitespace only such as `''`,
 *   `'\n'`) become `{}`, logged (warn, with tool name and id);
 * - arguments that {@link repairToolArguments} can repair become the repaired JSON text, and the
 *   repairs are recorded on the call (`argumentRepairs`) and logged (warn, with tool name and id);
 * - arguments that cannot be repaired are kept as sent (the tool's argument parser answers the
 *   model with what is wrong).
 *
 * @param message - an assistant message, e.g. the output of a model response
 * @returns the same message when nothing had to change, otherwise a copy
 */
export function normalizeToolCalls(message: AssistantMessage): AssistantMessage {
  let changed = false;
  const toolCalls = message.toolCalls.map((call): ToolCall => {
    const next = normalizeToolCall(call);
    if (next !== call) changed = true;
    return next;
  });
  return changed ? new AssistantMessage(message.text, toolCalls, message.metadata) : message;
}

/**
 * One call, normalized as described on {@link normalizeToolCalls}.
 *
 * @param call - the call as the model sent it
 * @returns the same call when nothing had to change, otherwise a copy
 */
export function normalizeToolCall(call: ToolCall): ToolCall {
  const id = typeof call.id === 'string' && call.id.trim() !== '' ? call.id : synthesizeToolCallId();
  const raw: unknown = call.arguments;
  let args = call.arguments;
  let repairs = call.argumentRepairs;
  if (isBlankToolArguments(raw)) {
    // Every path that runs model tool calls (call and stream) normalizes them here first, so this is
    // the one place that notices blank arguments.
    args = '{}';
    logger.warn({ toolName: call.name, toolCallId: id }, `Tool call '${call.name}' has blank arguments; using {}`);
  } else if (typeof raw !== 'string') {
    const repaired = repairToolArguments(raw);
    args = repaired.ok ? repaired.text : String(raw as string);
    if (repaired.ok && repaired.repairs.length > 0) repairs = [...(repairs ?? []), ...repaired.repairs];
  } else if (!isJsonObjectText(raw)) {
    const repaired = repairToolArguments(raw);
    if (repaired.ok) {
      args = repaired.text;
      repairs = [...(repairs ?? []), ...repaired.repairs];
      logger.warn(
        { toolName: call.name, toolCallId: id, repairs: repaired.repairs },
        `Repaired the arguments of tool call '${call.name}' (${id}): ${repaired.repairs.join(', ')}`,
      );
    }
  }
  if (id === call.id && args === call.arguments && repairs === call.argumentRepairs) return call;
  return { ...call, id, arguments: args, ...(repairs === undefined ? {} : { argumentRepairs: repairs }) };
}

function isJsonObjectText(text: string): boolean {
  const first = text.trimStart().charCodeAt(0);
  if (first !== 0x7b /* { */) return false;
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
    // The tool's argument parser will need exactly this parse of exactly this text.
    offerParsedArguments(text, value as Record<string, unknown>);
    return true;
  } catch {
    return false;
  }
}
