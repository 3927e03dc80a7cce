import { type ChatResponse, type Message, SystemMessage, ToolResponseMessage, UserMessage } from '@sprout-ai/core';
import { redactCredentials } from '@sprout-ai/core/internal';

type Part =
  | { type: 'text'; content: string }
  | { type: 'tool_call'; id: string; name: string; arguments: string }
  | { type: 'tool_call_response'; id: string; response: string };

/**
 * Messages as the GenAI conventions' `gen_ai.input.messages` JSON (`[{role, parts}]`), credentials
 * masked.
 */
export function inputMessagesJson(messages: readonly Message[]): string {
  return redactCredentials(JSON.stringify(messages.map(toConventionMessage)));
}

/** The response's generations as `gen_ai.output.messages` JSON, credentials masked. */
export function outputMessagesJson(response: ChatResponse): string {
  const messages = response.results.map((g) => ({
    ...toConventionMessage(g.output),
    ...(g.metadata.finishReason === undefined ? {} : { finish_reason: g.metadata.finishReason }),
  }));
  return redactCredentials(JSON.stringify(messages));
}

function toConventionMessage(message: Message): { role: string; parts: Part[] } {
  if (message instanceof SystemMessage) return { role: 'system', parts: [{ type: 'text', content: message.text }] };
  if (message instanceof UserMessage) return { role: 'user', parts: [{ type: 'text', content: message.text }] };
  if (message instanceof ToolResponseMessage) {
    return {
      role: 'tool',
      parts: message.responses.map((r) => ({ type: 'tool_call_response', id: r.id, response: r.responseData })),
    };
  }
  const assistant = message;
  const parts: Part[] = assistant.text === '' ? [] : [{ type: 'text', content: assistant.text }];
  for (const call of assistant.toolCalls) {
    parts.push({ type: 'tool_call', id: call.id, name: call.name, arguments: call.arguments });
  }
  return { role: 'assistant', parts };
}
