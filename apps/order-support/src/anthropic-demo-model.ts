import {
  anthropicMessage,
  type AnthropicWireContentBlock,
  type AnthropicWireRequest,
  type AnthropicWireResponse,
} from '@sprout-ai/test';
import { demoAnswer, DEMO_MODEL_NAME, DEMO_SEARCH_TOOL_NAME, DEMO_TOOL_NAME } from './demo-model';
import { demoStructuredAnswer, wantsStructuredAnswer } from './demo-structured-answer';

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
  const offered = (name: string) => (request.tools ?? []).find((tool) => tool.name === name);
  const tool = offered(DEMO_TOOL_NAME);
  const properties = (tool?.input_schema as { properties?: Record<string, unknown> } | undefined)?.properties;
  const previous = request.messages.at(-2);
  const answer = demoAnswer({
    last: last?.role !== 'user' ? 'other' : toolResults.length > 0 ? 'tool' : 'user',
    question: lastQuestion(request),
    toolResults,
    mayCallTool: tool !== undefined && request.tool_choice?.type !== 'none',
    maySearch: offered(DEMO_SEARCH_TOOL_NAME) !== undefined && request.tool_choice?.type !== 'none',
    lastCalledTools:
      previous?.role === 'assistant' && typeof previous.content !== 'string'
        ? previous.content.filter((block) => block.type === 'tool_use').map((block) => block.name ?? '')
        : [],
    wantsReasoning: properties?.innerThought !== undefined,
  });
  return 'toolName' in answer
    ? anthropicMessage({ toolUses: [{ name: answer.toolName, input: answer.arguments }], model: DEMO_MODEL_NAME })
    : anthropicMessage({
        text: wantsStructuredAnswer(request) ? demoStructuredAnswer(answer.text, toolResults) : answer.text,
        model: DEMO_MODEL_NAME,
      });
}

/** The text of the last user message that has text (tool results come in user messages too). */
function lastQuestion(request: AnthropicWireRequest): string {
  for (let i = request.messages.length - 1; i >= 0; i--) {
    const message = request.messages[i];
    if (message.role !== 'user') continue;
    if (typeof message.content === 'string') return message.content;
    const text = message.content
      .filter((block) => block.type === 'text')
      .map((block) => block.text ?? '')
      .join('');
    if (text !== '') return text;
  }
  return '';
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
