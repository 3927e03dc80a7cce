import { AnthropicChatModel } from '@sprout-ai/anthropic';
import {
  anthropicMessage,
  AnthropicWireServer,
  type AnthropicWireContentBlock,
  type AnthropicWireMessage,
  type AnthropicWireRequest,
} from '@sprout-ai/test';
import type { NeutralMessage, NeutralRequest, WireProvider } from './wire-provider';

/** Anthropic's Messages API wire, through `AnthropicWireServer` and a real `AnthropicChatModel`. */
export const anthropicWireProvider: WireProvider = {
  name: 'Anthropic',
  providerName: 'anthropic',
  strictMode: false,
  flagsToolErrors: true,
  modelClass: AnthropicChatModel,
  async start(reply) {
    const server = await AnthropicWireServer.start({
      handler: (body, index) => {
        const answer = reply(toNeutral(body), index);
        if (answer.failWith !== undefined) {
          const type = answer.failWith === 429 ? 'rate_limit_error' : 'api_error';
          return { status: answer.failWith, body: { type: 'error', error: { type, message: 'try later' } } };
        }
        return anthropicMessage({
          text: answer.text,
          toolUses: answer.toolCalls?.map((call) => ({ id: call.id, name: call.name, input: call.arguments ?? {} })),
          usage: answer.usage && { inputTokens: answer.usage.prompt, outputTokens: answer.usage.completion },
        });
      },
    });
    return {
      model: new AnthropicChatModel({ baseUrl: server.baseUrl, apiKey: 'sk-ant-contract', maxRetries: 0 }),
      requests: () => server.requests.map(toNeutral),
      rawBodies: () => server.recordedRequests.map((r) => r.rawBody),
      properties: {
        'spring.ai.model.chat': 'anthropic',
        'spring.ai.anthropic.base-url': server.baseUrl,
        'spring.ai.anthropic.api-key': 'sk-ant-contract',
      },
      close: () => server.close(),
    };
  },
};

const TOOL_CHOICES: Readonly<Record<string, string>> = { auto: 'auto', any: 'required', none: 'none' };

function toNeutral(body: AnthropicWireRequest): NeutralRequest {
  const choice = body.tool_choice;
  return {
    system: typeof body.system === 'string' ? body.system : '',
    messages: body.messages.flatMap(toNeutralMessages),
    tools: (body.tools ?? []).map((tool) => tool.name),
    toolSchemas: Object.fromEntries((body.tools ?? []).map((tool) => [tool.name, tool.input_schema])),
    strictTools: (body.tools ?? []).filter((tool) => 'strict' in tool).map((tool) => tool.name),
    toolChoice: choice === undefined ? undefined : choice.type === 'tool' ? choice.name : TOOL_CHOICES[choice.type],
  };
}

function toNeutralMessages(message: AnthropicWireMessage): NeutralMessage[] {
  const blocks: readonly AnthropicWireContentBlock[] =
    typeof message.content === 'string' ? [{ type: 'text', text: message.content }] : message.content;
  const text = blocks
    .filter((block) => block.type === 'text')
    .map((block) => block.text ?? '')
    .join('');
  if (message.role === 'assistant') {
    const toolCalls = blocks
      .filter((block) => block.type === 'tool_use')
      .map((block) => ({
        id: block.id ?? '',
        name: block.name ?? '',
        arguments: block.input as Record<string, unknown>,
      }));
    return [{ role: 'assistant', text, toolCalls }];
  }
  // One user message carries every result of a round (tool_result blocks first), then any text.
  const results: NeutralMessage[] = blocks
    .filter((block) => block.type === 'tool_result')
    .map((block) => ({
      role: 'tool',
      id: block.tool_use_id ?? '',
      content: typeof block.content === 'string' ? block.content : JSON.stringify(block.content ?? ''),
      isError: block.is_error === true,
    }));
  return text === '' ? results : [...results, { role: 'user', text }];
}
