import { chatCompletion, type WireChatCompletion, type WireChatRequest, type WireMessage } from '@sprout-ai/test';
import { demoStructuredAnswer, wantsStructuredAnswer } from './demo-structured-answer';
import { cancelOrderDemoAnswer } from './cancel-order-demo';

/** Name of the tool the demo model calls. */
export const DEMO_TOOL_NAME = 'getOrderStatus';

/** Name of the tool-search advisor's search tool (`--tool-search`). */
export const DEMO_SEARCH_TOOL_NAME = 'toolSearchTool';

/**
 * What the demo model searches for when it is offered only the search tool: its one skill in the
 * keywords the search tool asks for, as a real model words the user's question.
 */
export const DEMO_SEARCH_QUERY = 'order shipping status';

/** Model name the demo model reports. */
export const DEMO_MODEL_NAME = 'sprout-demo';

/**
 * What the demo model sees of a request, whatever the wire: the last message's role, the question,
 * the tool results since the last assistant message, and what `getOrderStatus` allows.
 */
export interface DemoTurn {
  /** `user` when the user spoke last, `tool` when tool results came last. */
  readonly last: 'user' | 'tool' | 'other';
  /** The text of the last user message that has text (the question, also after tool rounds). */
  readonly question: string;
  /** The results of the last tool round, in order. */
  readonly toolResults: readonly string[];
  /** `getOrderStatus` is offered and the tool choice is not `none`. */
  readonly mayCallTool: boolean;
  /** `toolSearchTool` is offered (`--tool-search`) and the tool choice is not `none`. */
  readonly maySearch?: boolean;
  /** The tools the model called in its last message (empty when it called none). */
  readonly lastCalledTools?: readonly string[];
  /** The tool's schema asks for an `innerThought` (`--log-reasoning`). */
  readonly wantsReasoning: boolean;
}

/** What the demo model answers: text, or one tool call (`getOrderStatus` or `toolSearchTool`) with its arguments. */
export type DemoAnswer =
  { readonly text: string } | { readonly toolName: string; readonly arguments: Readonly<Record<string, unknown>> };

/**
 * A tiny scripted stand-in for a real model, served on 127.0.0.1 by the test kit's wire server of
 * the chosen provider when no API key is configured. It understands one conversation shape:
 *
 * 1. last message from the user and `getOrderStatus` offered → call it with the order id found in
 *    the text (see {@link extractOrderId}), and an `innerThought` when the tool's schema asks for
 *    one (`--log-reasoning`);
 * 2. last message from the user, `getOrderStatus` not offered but `toolSearchTool` is (the tool-search
 *    advisor) → search for {@link DEMO_SEARCH_QUERY};
 * 3. last message(s) results of that search → call `getOrderStatus` when the search made it
 *    available, else say that no fitting tool was found;
 * 4. last message(s) other tool results → answer in Chinese from the tool's JSON result (the status
 *    comes from the real tool result, never from the demo model);
 * 5. anything else → a plain reply that repeats the question.
 *
 * @param turn - the request, as the provider's adapter reads it
 * @returns the answer, for the adapter to put on its wire
 */
export function demoAnswer(turn: DemoTurn): DemoAnswer {
  const searched = turn.last === 'tool' && (turn.lastCalledTools ?? []).includes(DEMO_SEARCH_TOOL_NAME);
  if (turn.last === 'tool' && !searched) return { text: turn.toolResults.map(answerFromToolResult).join('\n') };
  if ((turn.last === 'user' || searched) && turn.mayCallTool) {
    const orderId = extractOrderId(turn.question);
    const reasoning = turn.wantsReasoning ? { innerThought: `用户想知道订单 ${orderId} 的发货状态，所以查询它。` } : {};
    return { toolName: DEMO_TOOL_NAME, arguments: { orderId, ...reasoning } };
  }
  if (searched) return { text: '（演示模型）没有找到查询订单状态的工具。' };
  if (turn.last === 'user' && turn.maySearch === true) {
    return { toolName: DEMO_SEARCH_TOOL_NAME, arguments: { query: DEMO_SEARCH_QUERY } };
  }
  return { text: `（演示模型）我只会查询订单状态。你的问题是：${turn.question}` };
}

/**
 * The demo model on OpenAI's wire: {@link demoAnswer} for a `POST /v1/chat/completions` body.
 *
 * @param request - the parsed request body
 * @returns a `chat.completion` response body
 */
export function demoModel(request: WireChatRequest): WireChatCompletion {
  const cancel = cancelOrderDemoAnswer(request);
  if (cancel !== undefined) return cancel;
  const messages = request.messages;
  const last = messages.at(-1);
  const offered = (name: string) => (request.tools ?? []).find((tool) => tool.function.name === name);
  const tool = offered(DEMO_TOOL_NAME);
  const properties = (tool?.function.parameters as { properties?: Record<string, unknown> } | undefined)?.properties;
  const lastAssistant = lastAssistantIndex(messages);
  const toolResults = messages
    .slice(lastAssistant + 1)
    .filter((m) => m.role === 'tool')
    .map(textOf);
  const answer = demoAnswer({
    last: last?.role === 'tool' ? 'tool' : last?.role === 'user' ? 'user' : 'other',
    question: textOf([...messages].reverse().find((m) => m.role === 'user')),
    toolResults,
    mayCallTool: tool !== undefined && request.tool_choice !== 'none',
    maySearch: offered(DEMO_SEARCH_TOOL_NAME) !== undefined && request.tool_choice !== 'none',
    lastCalledTools: (messages[lastAssistant]?.tool_calls ?? []).map((call) => call.function.name ?? ''),
    wantsReasoning: properties?.innerThought !== undefined,
  });
  return 'toolName' in answer
    ? chatCompletion({ toolCalls: [{ name: answer.toolName, arguments: answer.arguments }], model: DEMO_MODEL_NAME })
    : chatCompletion({
        content: wantsStructuredAnswer(request) ? demoStructuredAnswer(answer.text, toolResults) : answer.text,
        model: DEMO_MODEL_NAME,
      });
}

/**
 * Picks the order id out of a question: the first token shaped like `A123` (any letter case), else
 * the first letter-and-digits token, else the first ASCII word (so a malformed id such as `xxx` still
 * reaches the tool, which rejects it), else the empty string.
 *
 * @param text - the user's question, e.g. `订单 A123 发货了吗？`
 * @returns the candidate id, e.g. `A123`
 */
export function extractOrderId(text: string): string {
  const tokens = text.match(/[A-Za-z0-9_-]+/g) ?? [];
  return (
    tokens.find((t) => /^[Aa]\d+$/.test(t)) ??
    tokens.find((t) => /^[A-Za-z]+\d+$/.test(t)) ??
    tokens.find((t) => /[A-Za-z]/.test(t)) ??
    tokens[0] ??
    ''
  );
}

function answerFromToolResult(text: string): string {
  let result: { code?: unknown; orderId?: unknown; status?: unknown } | undefined;
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed === 'object' && parsed !== null) result = parsed;
  } catch {
    result = undefined;
  }
  const orderId = typeof result?.orderId === 'string' ? result.orderId : '';
  switch (result?.code) {
    case 'OK':
      return `订单 ${orderId} 当前状态：${String(result.status)}。`;
    case 'INVALID_ID':
      return '订单号格式不正确：订单号是字母 A 加 3 位数字，例如 A123。';
    case 'AUTH_REQUIRED':
      return '请先登录，再查询订单状态。';
    case 'NOT_FOUND_OR_FORBIDDEN':
      return `没有找到订单 ${orderId}，或该订单不属于当前用户。`;
    default:
      return `查询订单时出错：${text}`;
  }
}

function lastAssistantIndex(messages: readonly WireMessage[]): number {
  for (let i = messages.length - 1; i >= 0; i--) if (messages[i].role === 'assistant') return i;
  return -1;
}

function textOf(message: WireMessage | undefined): string {
  const content = message?.content;
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) {
    return content
      .map((part: unknown) => (typeof part === 'object' && part !== null && 'text' in part ? String(part.text) : ''))
      .join('');
  }
  return '';
}
