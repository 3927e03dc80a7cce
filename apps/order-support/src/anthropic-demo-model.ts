import {
  anthropicMessage,
  type AnthropicWireContentBlock,
  type AnthropicWireRequest,
  type AnthropicWireResponse,
} from '@sprout-ai/test';
import { demoAnswer, DEMO_MODEL_NAME, DEMO_TOOL_NAME } from './demo-model';

/**
 * The demo model on Anthropic's wire: `demoAnswer` for a `POST /v1/messages` body. Tool results
 * are the `tool_result` blocks of the last user message; a call is a `tool_use` block.
 *
 * @param request - the parsed request body
 * @returns a `message` response body
 */
export function anthropicDemoModel(request: AnthropicWireRequest): AnthropicWireResponse {
  const last = request.messages.at(-1);
  const blocks: readonly AnthropicWireContentBlock[] =
    typeof last?.content === 'string' ? [{ type: 'text', text: last.content }] : (last?.content ?? []);
  const toolResults = blocks.filter((block) => block.type === 'tool_result').map((block) => resultText(block.content));
  const tool = (request.tools ?? []).find((offered) => offered.name === DEMO_TOOL_NAME);
  const properties = (tool?.input_schema as { properties?: Record<string, unknown> } | undefined)?.properties;
  const answer = demoAnswer({
    last: last?.role !== 'user' ? 'other' : toolResults.length > 0 ? 'tool' : 'user',
    question: blocks
      .filter((block) => block.type === 'text')
      .map((block) => block.text ?? '')
      .join(''),
    toolResults,
    mayCallTool: tool !== undefined && request.tool_choice?.type !== 'none',
    wantsReasoning: properties?.innerThought !== undefined,
  });
  return 'arguments' in answer
    ? anthropicMessage({ toolUses: [{ name: DEMO_TOOL_NAME, input: answer.arguments }], model: DEMO_MODEL_NAME })
    : anthropicMessage({ text: answer.text, model: DEMO_MODEL_NAME });
}

/** A `tool_result`'s content: text, or the text of its blocks. */
function resultText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map((part: unknown) => {
      const text = typeof part === 'object' && part !== null && 'text' in part ? part.text : undefined;
      return typeof text === 'string' ? text : '';
    })
    .join('');
}
