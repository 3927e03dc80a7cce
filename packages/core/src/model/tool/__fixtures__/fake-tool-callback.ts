import { AssistantMessage, type ToolCall } from '../../../chat/messages/assistant-message';
import { ChatResponse } from '../../../chat/model/chat-response';
import type { ToolContext } from '../../../chat/model/tool-context';
import type { ToolMetadata } from '../../../tool/metadata/tool-metadata';
import type { ToolCallback } from '../../../tool/tool-callback';

/** One recorded invocation of a {@link FakeToolCallback}. */
export interface RecordedToolCall {
  readonly input: string;
  readonly toolContext: ToolContext | undefined;
}

/** A ToolCallback written inline for tests (the model boundary of the manager's unit). */
export interface FakeToolCallback extends ToolCallback {
  readonly calls: RecordedToolCall[];
}

/**
 * @param name - the tool name
 * @param options - `run` computes the result (default `'<name> ok'`); `returnDirect` flag; other
 *   metadata (`concurrency`, `timeoutMs`, `maxResultChars`)
 */
export function fakeTool(
  name: string,
  options: {
    run?: (input: string, toolContext: ToolContext | undefined) => unknown; // a value, or a promise of one
    returnDirect?: boolean;
    metadata?: Omit<ToolMetadata, 'returnDirect'>;
  } = {},
): FakeToolCallback {
  const calls: RecordedToolCall[] = [];
  return {
    toolDefinition: { name, description: `${name} tool`, inputSchema: '{"type":"object","properties":{}}' },
    toolMetadata: { returnDirect: options.returnDirect ?? false, ...options.metadata },
    calls,
    source: `test.${name}`,
    async call(input: string, toolContext?: ToolContext): Promise<string> {
      calls.push({ input, toolContext });
      const result = options.run ? await options.run(input, toolContext) : `${name} ok`;
      return result as string;
    },
  };
}

/** A tool call with arguments `{}` unless given. */
export function toolCall(id: string, name: string, args = '{}'): ToolCall {
  return { id, type: 'function', name, arguments: args };
}

/** A model response with one generation asking for the given calls. */
export function toolCallResponse(...calls: ToolCall[]): ChatResponse {
  return new ChatResponse([{ output: new AssistantMessage('', calls), metadata: { finishReason: 'tool_calls' } }]);
}
