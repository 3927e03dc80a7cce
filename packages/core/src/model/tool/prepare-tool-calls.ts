import { AssistantMessage, type ToolCall } from '../../chat/messages/assistant-message';
import { InvalidToolArgumentsError } from '../../tool/execution/invalid-tool-arguments-error';
import { prepareToolArguments } from '../../tool/execution/prepare-tool-arguments';
import type { PreparedToolArguments } from '../../tool/execution/prepared-tool-arguments';
import { isBlankToolArguments } from '../../tool/execution/repair-tool-arguments';
import { ToolExecutionError } from '../../tool/execution/tool-execution-error';
import type { ToolCallback } from '../../tool/tool-callback';
import { createLogger } from '../../util/logger';
import type { PreparedToolCall } from './prepared-tool-call';
import { synthesizeToolCallId } from './synthesize-tool-call-id';

const logger = createLogger('prepareToolCalls');

/** A round's calls, prepared, and the assistant message that carries them in the history. */
export interface PreparedToolRound {
  /** The message as sent when nothing changed; else a copy with the prepared ids and argument texts. */
  readonly assistantMessage: AssistantMessage;
  /** One per tool call, in the model's order. */
  readonly calls: readonly PreparedToolCall[];
}

/**
 * Prepares the tool calls of one assistant message, once, for execution and for replay — the one
 * place Sprout does it, for `.call()` and `.stream()` alike:
 * - a missing or blank `id`, or one an earlier call of the same message already has, gets a unique
 *   synthesized one ({@link synthesizeToolCallId}), used in the assistant message, the tool response
 *   and chat memory alike, so every call of the round is answered under its own id;
 * - each name is resolved to its callback with `resolve`;
 * - the arguments are prepared by the callback's `prepareArguments` (repair, parse, coerce,
 *   validate against its schema) or, for a callback without one, repaired and parsed only: blank
 *   arguments ({@link isBlankToolArguments}) become `{}` and repairable text is repaired (each
 *   logged at warn with tool name and call id); text that cannot be repaired is kept as sent and
 *   the call fails with a message naming the problem; so does a call whose provider reported an
 *   `argumentsProblem`. Such a call's arguments are replayed as `{}` (valid JSON, which servers that
 *   parse the history accept); the problem is in its tool result.
 *
 * @param message - the assistant message of a model response that asked for tools
 * @param resolve - finds the callback of a tool name (`undefined`: unknown tool)
 * @returns the prepared calls and the message to put in the history
 */
export function prepareToolCalls(
  message: AssistantMessage,
  resolve: (toolName: string) => ToolCallback | undefined,
): PreparedToolRound {
  let changed = false;
  const calls: PreparedToolCall[] = [];
  // An index loop: on Node 20 for…of over a frozen array (the message's calls) takes V8's slow path.
  for (let i = 0; i < message.toolCalls.length; i++) {
    const call = message.toolCalls[i];
    const prepared = prepareToolCall(call, calls.length, resolve(call.name), calls);
    if (prepared.toolCall !== call) changed = true;
    calls.push(prepared);
  }
  return {
    assistantMessage: changed
      ? new AssistantMessage(
          message.text,
          calls.map((c) => c.toolCall),
          message.metadata,
        )
      : message,
    calls,
  };
}

function prepareToolCall(
  call: ToolCall,
  index: number,
  callback: ToolCallback | undefined,
  earlier: readonly PreparedToolCall[],
): PreparedToolCall {
  const id = usableId(call.id, earlier) ? call.id : synthesizeToolCallId();
  if (id !== call.id && typeof call.id === 'string' && call.id.trim() !== '') {
    logger.warn(
      { toolName: call.name, was: call.id, toolCallId: id },
      `Tool call id '${call.id}' repeats; using ${id}`,
    );
  }
  const raw: unknown = call.arguments;
  let args: PreparedToolArguments;
  let preparationError: unknown;
  if (call.argumentsProblem !== undefined) {
    args = { ...prepareToolArguments(raw), value: undefined, problem: call.argumentsProblem };
    preparationError = providerProblem(call.name, call.argumentsProblem, callback);
  } else {
    try {
      args =
        callback?.prepareArguments !== undefined && callback.callPrepared !== undefined
          ? callback.prepareArguments(raw)
          : prepareToolArguments(raw);
    } catch (error) {
      // e.g. a schema that does not compile: this call fails, the round goes on.
      preparationError = error;
      args = prepareToolArguments(raw);
    }
  }
  if (isBlankToolArguments(raw)) {
    logger.warn({ toolName: call.name, toolCallId: id }, `Tool call '${call.name}' has blank arguments; using {}`);
  } else if (args.repairs.length > 0) {
    logger.warn(
      { toolName: call.name, toolCallId: id, repairs: args.repairs },
      `Repaired the arguments of tool call '${call.name}' (${id}): ${args.repairs.join(', ')}`,
    );
  }
  const repairs = args.repairs.length === 0 ? call.argumentRepairs : [...(call.argumentRepairs ?? []), ...args.repairs];
  // Unusable arguments are replayed as {}: the history must stay valid JSON.
  const replayed = args.value === undefined ? '{}' : args.text;
  const toolCall: ToolCall =
    id === call.id && replayed === raw && repairs === call.argumentRepairs
      ? call
      : { ...call, id, arguments: replayed, ...(repairs === undefined ? {} : { argumentRepairs: repairs }) };
  return {
    index,
    id,
    name: call.name,
    arguments: args,
    callback,
    toolCall,
    ...(preparationError === undefined ? {} : { preparationError }),
  };
}

// A scan rather than a set of ids: a round has a handful of calls, most often one.
function usableId(id: unknown, earlier: readonly PreparedToolCall[]): id is string {
  return typeof id === 'string' && id.trim() !== '' && !earlier.some((c) => c.id === id);
}

/** The error the model reads for a call whose provider could not assemble its arguments. */
function providerProblem(toolName: string, problem: string, callback: ToolCallback | undefined): unknown {
  const message = `The arguments of tool '${toolName}' did not arrive intact: ${problem}.`;
  const cause = new InvalidToolArgumentsError({ toolName, violations: [problem], message });
  return callback === undefined
    ? cause
    : new ToolExecutionError({ toolDefinition: callback.toolDefinition, cause, message });
}
