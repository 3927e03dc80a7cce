import { chatCompletion, type WireChatCompletion, type WireChatRequest } from '@sprout-ai/test';
import { extractOrderId } from './demo-model';

/** Name of the tool the demo model calls to cancel. */
export const CANCEL_TOOL_NAME = 'cancelOrder';

/**
 * The demo model's cancel conversation (OpenAI wire): a question asking to cancel (`取消`, `cancel`)
 * calls `cancelOrder` with the order id in it; the tool's result — or the user's refusal — is then
 * answered in Chinese. `undefined` for anything else (the demo model's other answers apply).
 *
 * @param request - the parsed request body
 */
export function cancelOrderDemoAnswer(request: WireChatRequest): WireChatCompletion | undefined {
  const messages = request.messages;
  const last = messages.at(-1);
  if (last?.role === 'tool') {
    const assistant = [...messages].reverse().find((m) => m.role === 'assistant');
    const call = assistant?.tool_calls?.find((c) => c.id === last.tool_call_id);
    if (call?.function.name !== CANCEL_TOOL_NAME) return undefined;
    const orderId = extractOrderId(String(call.function.arguments));
    return chatCompletion({ content: answerFromCancelResult(orderId, String(last.content)), model: 'sprout-demo' });
  }
  const offered = (request.tools ?? []).some((tool) => tool.function.name === CANCEL_TOOL_NAME);
  const question = typeof last?.content === 'string' ? last.content : '';
  if (last?.role !== 'user' || !offered || !/取消|cancel/i.test(question)) return undefined;
  return chatCompletion({
    toolCalls: [{ name: CANCEL_TOOL_NAME, arguments: { orderId: extractOrderId(question), reason: question } }],
    model: 'sprout-demo',
  });
}

/** The answer to a cancel call of `orderId` (the id the call ran with, edited or not). */
function answerFromCancelResult(orderId: string, text: string): string {
  if (text.startsWith('The user declined')) return '好的，订单没有取消。';
  let result: { code?: unknown } | undefined;
  try {
    result = JSON.parse(text) as { code?: unknown };
  } catch {
    result = undefined;
  }
  return result?.code === 'OK' ? `订单 ${orderId} 已取消。` : `无法取消订单 ${orderId}：${text}`;
}
