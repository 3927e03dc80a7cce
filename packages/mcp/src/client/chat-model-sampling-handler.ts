import type { CreateMessageResult, SamplingMessage } from '@modelcontextprotocol/sdk/types.js';
import {
  AssistantMessage,
  type ChatModel,
  Media,
  type Message,
  Prompt,
  SproutError,
  SystemMessage,
  UserMessage,
} from '@sprout-ai/core';
import type { McpSamplingHandler, McpSamplingRequest } from './mcp-sampling-handler';

/** The model name reported when the model's response names none. */
const UNKNOWN_MODEL = 'unknown';

/**
 * An {@link McpSamplingHandler} that asks `chatModel`: the request's `systemPrompt` becomes a
 * system message, its user and assistant messages (text; images and audio as media of the user
 * message) follow, and `maxTokens`, `temperature` and `stopSequences` become the prompt's options.
 * The answer is the first generation's text, with the response's model name and a stop reason
 * (`endTurn`, `maxTokens`, `stopSequence`, or the provider's own).
 *
 * @param chatModel - the model that answers, e.g. the application's `ChatModel`
 * @returns the handler
 * @throws SproutError (to the server, as an error response) for content it cannot pass on
 *   (`tool_use`/`tool_result` blocks, or a request with `tools`)
 * @remarks The request's `modelPreferences` are not used: the bound model answers.
 */
export function chatModelSamplingHandler(chatModel: ChatModel): McpSamplingHandler {
  return async (request: McpSamplingRequest): Promise<CreateMessageResult> => {
    const { params } = request;
    if (params.tools !== undefined && params.tools.length > 0) {
      throw new SproutError('Sampling with tools is not supported by this client.');
    }
    const messages: Message[] = [];
    if (params.systemPrompt !== undefined && params.systemPrompt !== '') {
      messages.push(new SystemMessage(params.systemPrompt));
    }
    for (const message of params.messages) messages.push(toMessage(message));
    const prompt = new Prompt(messages, {
      maxTokens: params.maxTokens,
      ...(params.temperature === undefined ? {} : { temperature: params.temperature }),
      ...(params.stopSequences === undefined ? {} : { stopSequences: params.stopSequences }),
    });
    const response = await chatModel.call(prompt, { signal: request.signal });
    const generation = response.results[0];
    return {
      role: 'assistant',
      content: { type: 'text', text: generation?.output.text ?? '' },
      model: response.metadata.model ?? UNKNOWN_MODEL,
      stopReason: stopReason(generation?.metadata.finishReason),
    };
  };
}

function toMessage(message: SamplingMessage): Message {
  const blocks = Array.isArray(message.content) ? message.content : [message.content];
  const texts: string[] = [];
  const media: Media[] = [];
  for (const block of blocks) {
    if (block.type === 'text') texts.push(block.text);
    else if (block.type === 'image' || block.type === 'audio') {
      media.push(new Media({ mimeType: block.mimeType, data: Buffer.from(block.data, 'base64') }));
    } else {
      throw new SproutError(`Sampling content of type '${block.type}' is not supported by this client.`);
    }
  }
  const text = texts.join('\n');
  if (message.role === 'assistant') return new AssistantMessage(text);
  return new UserMessage(text, {}, media);
}

function stopReason(finishReason: string | undefined): string | undefined {
  switch (finishReason) {
    case undefined:
      return undefined;
    case 'stop':
      return 'endTurn';
    case 'length':
      return 'maxTokens';
    default:
      return finishReason;
  }
}
