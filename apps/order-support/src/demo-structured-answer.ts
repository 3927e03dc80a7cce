/** What format instructions (structured output without native JSON Schema) start with. */
const FORMAT_INSTRUCTIONS = 'Your response should be in JSON format.';

/**
 * Whether a demo request asks for a structured answer (`--json`): natively (`response_format` of
 * type `json_schema`) or by format instructions in a message.
 *
 * @param request - the request body, on either provider's wire
 */
export function wantsStructuredAnswer(request: object): boolean {
  const format = (request as { readonly response_format?: { readonly type?: unknown } }).response_format;
  return format?.type === 'json_schema' || JSON.stringify(request).includes(FORMAT_INSTRUCTIONS);
}

/**
 * The demo model's text answer as an `OrderAnswer` JSON object: the order id and status from the
 * order tool's result (never made up), the text as the answer.
 *
 * @param text - the demo model's answer
 * @param toolResults - the results of the last tool round
 * @returns e.g. `{"orderId":"A123","status":"SHIPPED","answer":"订单 A123 当前状态：SHIPPED。"}`
 */
export function demoStructuredAnswer(text: string, toolResults: readonly string[]): string {
  let result: { orderId?: unknown; status?: unknown } = {};
  try {
    const parsed: unknown = JSON.parse(toolResults[0] ?? '');
    if (typeof parsed === 'object' && parsed !== null) result = parsed;
  } catch {
    // no tool result, or not JSON: nothing known about the order
  }
  return JSON.stringify({
    orderId: typeof result.orderId === 'string' ? result.orderId : null,
    status: typeof result.status === 'string' ? result.status : null,
    answer: text,
  });
}
