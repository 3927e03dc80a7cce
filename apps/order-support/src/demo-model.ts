import { chatCompletion, type WireChatCompletion, type WireChatRequest, type WireMessage } from '@sprout-ai/test';

/** Name of the tool the demo model calls. */
export const DEMO_TOOL_NAME = 'getOrderStatus';

/** Model name the demo model reports. */
export const DEMO_MODEL_NAME = 'sprout-demo';

/**
 * A tiny scripted stand-in for a real model, served by the test kit's `OpenAiWireServer` when no API
 * key is configured. It understands one conversation shape:
 *
 * 1. last message from the user and `getOrderStatus` offered → call it with the order id found in
 *    the text (see {@link extractOrderId}), and an `innerThought` when the tool's schema asks for
 *    one (`--log-reasoning`);
 * 2. last message(s) from the tool → answer in Chinese from the tool's JSON result (the status comes
 *    from the real tool result, never from the demo model);
 * 3. anything else → a plain reply that repeats the question.
 *
 * @param request - the parsed `POST /v1/chat/completions` body
 * @returns a `chat.completion` response body
 */
export function demoModel(request: WireChatRequest): WireChatCompletion {
  const messages = request.messages;
  const last = messages.at(-1);
  if (last?.role === 'tool') {
    const firstTool = lastAssistantIndex(messages) + 1;
    const answers = messages
      .slice(firstTool)
      .filter((m) => m.role === 'tool')
      .map(answerFromToolMessage);
    return chatCompletion({ content: answers.join('\n'), model: DEMO_MODEL_NAME });
  }
  const question = textOf(last);
  const tool = (request.tools ?? []).find((offered) => offered.function.name === DEMO_TOOL_NAME);
  if (last?.role === 'user' && tool !== undefined && request.tool_choice !== 'none') {
    const orderId = extractOrderId(question);
    const properties = (tool.function.parameters as { properties?: Record<string, unknown> } | undefined)?.properties;
    const reasoning =
      properties?.innerThought === undefined
        ? {}
        : { innerThought: `用户想知道订单 ${orderId} 的发货状态，所以查询它。` };
    return chatCompletion({
      toolCalls: [{ name: DEMO_TOOL_NAME, arguments: { orderId, ...reasoning } }],
      model: DEMO_MODEL_NAME,
    });
  }
  return chatCompletion({ content: `（演示模型）我只会查询订单状态。你的问题是：${question}`, model: DEMO_MODEL_NAME });
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

function answerFromToolMessage(message: WireMessage): string {
  const text = textOf(message);
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
