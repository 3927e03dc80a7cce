import { OpenAiChatModel } from '@sprout-ai/openai';
import { chatCompletion, OpenAiWireServer, type WireChatRequest, type WireMessage } from '@sprout-ai/test';
import type { NeutralMessage, NeutralRequest, WireProvider } from './wire-provider';

/** OpenAI's Chat Completions wire, through `OpenAiWireServer` and a real `OpenAiChatModel`. */
export const openAiWireProvider: WireProvider = {
  name: 'OpenAI',
  providerName: 'openai',
  strictMode: true,
  flagsToolErrors: false,
  modelClass: OpenAiChatModel,
  async start(reply) {
    const server = await OpenAiWireServer.start({
      handler: (body, index) => {
        const answer = reply(toNeutral(body), index);
        if (answer.failWith !== undefined) {
          return { status: answer.failWith, body: { error: { message: 'try later', type: 'server_error' } } };
        }
        return chatCompletion({
          content: answer.text,
          toolCalls: answer.toolCalls?.map((call) => ({
            id: call.id,
            name: call.name,
            arguments: call.arguments ?? {},
          })),
          usage: answer.usage && { promptTokens: answer.usage.prompt, completionTokens: answer.usage.completion },
        });
      },
    });
    return {
      model: new OpenAiChatModel({ baseUrl: server.baseUrl, apiKey: 'sk-contract', maxRetries: 0 }),
      requests: () => server.requests.map(toNeutral),
      rawBodies: () => server.recordedRequests.map((r) => r.rawBody),
      properties: {
        'spring.ai.model.chat': 'openai',
        'spring.ai.openai.base-url': server.baseUrl,
        'spring.ai.openai.api-key': 'sk-contract',
      },
      close: () => server.close(),
    };
  },
};

function toNeutral(body: WireChatRequest): NeutralRequest {
  const messages: NeutralMessage[] = [];
  const system: string[] = [];
  for (const message of body.messages) messages.push(...toNeutralMessages(message, system));
  const choice = body.tool_choice as string | { function?: { name?: string } } | undefined;
  return {
    system: system.join('\n\n'),
    messages,
    tools: (body.tools ?? []).map((tool) => tool.function.name),
    toolSchemas: Object.fromEntries((body.tools ?? []).map((tool) => [tool.function.name, tool.function.parameters])),
    strictTools: (body.tools ?? [])
      .filter((tool) => (tool.function as { strict?: boolean }).strict === true)
      .map((tool) => tool.function.name),
    toolChoice: typeof choice === 'object' ? choice.function?.name : choice,
  };
}

function toNeutralMessages(message: WireMessage, system: string[]): NeutralMessage[] {
  const text = typeof message.content === 'string' ? message.content : '';
  switch (message.role) {
    case 'system':
      system.push(text);
      return [];
    case 'assistant':
      return [
        {
          role: 'assistant',
          text,
          toolCalls: (message.tool_calls ?? []).map((call) => ({
            id: call.id ?? '',
            name: call.function.name ?? '',
            arguments: JSON.parse(
              typeof call.function.arguments === 'string' ? call.function.arguments : '{}',
            ) as Record<string, unknown>,
          })),
        },
      ];
    case 'tool':
      return [{ role: 'tool', id: message.tool_call_id ?? '', content: text }];
    default:
      return [{ role: 'user', text }];
  }
}
