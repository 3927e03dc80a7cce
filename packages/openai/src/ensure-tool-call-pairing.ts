import type {
  ChatCompletionAssistantMessageParam,
  ChatCompletionMessageParam,
  ChatCompletionMessageToolCall,
  ChatCompletionToolMessageParam,
} from 'openai/resources/chat/completions';
import { createLogger, synthesizeToolCallId } from '@sprout-ai/core/internal';

const logger = createLogger('sprout-ai.openai.ensureToolCallPairing');

/** Content of the tool message added for a call that has none. */
export const UNANSWERED_TOOL_CALL_CONTENT =
  'No result was recorded for this tool call (the tool did not run or its result was lost).';

/**
 * The last check before a request is sent: every `tool_call` id of an assistant message is
 * answered by exactly one `tool` message, right after it and in the order of the calls — the
 * shape OpenAI and strict servers require (they answer 400 otherwise).
 *
 * What it fixes, each with a warning: a blank or repeated call id gets a synthesized one (a tool
 * message without a known id is paired with such a call by position); a call without an answer gets
 * a tool message saying no result was recorded (e.g. a chat memory kept the call but lost the
 * result); a second answer to the same id and a tool message that answers no call are dropped;
 * answers are reordered to the calls' order.
 *
 * @param messages - the wire messages, in order
 * @returns the messages to send (the same array when nothing had to change)
 */
export function ensureToolCallPairing(messages: ChatCompletionMessageParam[]): ChatCompletionMessageParam[] {
  const result: ChatCompletionMessageParam[] = [];
  let changed = false;
  let i = 0;
  while (i < messages.length) {
    const message = messages[i];
    if (message.role === 'tool') {
      logger.warn({ toolCallId: message.tool_call_id }, 'dropping a tool message that answers no preceding tool call');
      changed = true;
      i++;
      continue;
    }
    result.push(message);
    i++;
    const calls = message.role === 'assistant' ? functionCalls(message) : undefined;
    if (calls === undefined || calls.length === 0) continue;

    const answers: ChatCompletionToolMessageParam[] = [];
    while (i < messages.length && messages[i].role === 'tool')
      answers.push(messages[i++] as ChatCompletionToolMessageParam);
    const paired = pair(message as ChatCompletionAssistantMessageParam, calls, answers);
    if (paired.changed) {
      changed = true;
      result[result.length - 1] = paired.assistant;
    }
    result.push(...paired.answers);
  }
  return changed ? result : messages;
}

function functionCalls(message: ChatCompletionAssistantMessageParam): ChatCompletionMessageToolCall[] | undefined {
  return message.tool_calls;
}

function pair(
  assistant: ChatCompletionAssistantMessageParam,
  calls: readonly ChatCompletionMessageToolCall[],
  answers: readonly ChatCompletionToolMessageParam[],
): { assistant: ChatCompletionAssistantMessageParam; answers: ChatCompletionToolMessageParam[]; changed: boolean } {
  let changed = false;
  const seen = new Set<string>();
  const renamed: number[] = [];
  const ids = calls.map((call, index) => {
    if (typeof call.id === 'string' && call.id.trim() !== '' && !seen.has(call.id)) {
      seen.add(call.id);
      return call.id;
    }
    renamed.push(index);
    changed = true;
    const id = synthesizeToolCallId();
    logger.warn(
      { toolName: nameOf(call), was: call.id },
      `tool call id '${call.id}' is blank or repeated; using ${id}`,
    );
    return id;
  });

  const byCall: (ChatCompletionToolMessageParam | undefined)[] = calls.map(() => undefined);
  const unknown: ChatCompletionToolMessageParam[] = [];
  for (const answer of answers) {
    const index = ids.indexOf(answer.tool_call_id);
    if (index >= 0 && !renamed.includes(index) && byCall[index] === undefined) {
      byCall[index] = answer;
    } else {
      unknown.push(answer);
    }
  }
  for (const answer of unknown) {
    const slot = renamed.find((index) => byCall[index] === undefined);
    changed = true;
    if (slot === undefined) {
      logger.warn(
        { toolCallId: answer.tool_call_id },
        'dropping a tool message that answers no tool call of the assistant message (or answers one twice)',
      );
      continue;
    }
    byCall[slot] = { ...answer, tool_call_id: ids[slot] };
  }
  const ordered = byCall.map((answer, index) => {
    if (answer !== undefined)
      return answer.tool_call_id === ids[index] ? answer : { ...answer, tool_call_id: ids[index] };
    changed = true;
    logger.warn(
      { toolCallId: ids[index], toolName: nameOf(calls[index]) },
      'tool call has no tool message; answering it as unanswered',
    );
    return { role: 'tool' as const, tool_call_id: ids[index], content: UNANSWERED_TOOL_CALL_CONTENT };
  });
  if (!changed && ordered.some((answer, index) => answer !== answers[index])) changed = true;
  const assistantOut =
    renamed.length === 0
      ? assistant
      : { ...assistant, tool_calls: calls.map((call, index) => ({ ...call, id: ids[index] })) };
  return { assistant: assistantOut, answers: ordered, changed };
}

function nameOf(call: ChatCompletionMessageToolCall): string | undefined {
  return call.type === 'function' ? call.function.name : undefined;
}
