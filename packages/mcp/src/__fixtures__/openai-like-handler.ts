import { chatCompletion, type WireChatRequest, type WireStepResult } from '@sprout-ai/test';

/** OpenAI's rule for function names. */
const OPENAI_NAME = /^[a-zA-Z0-9_-]{1,64}$/;

/**
 * What OpenAI checks in the `tools` of a request: a 400 naming the first tool whose name breaks the
 * name rule or whose `parameters` is not an object schema with `properties`; otherwise `undefined`.
 */
export function rejectInvalidTools(body: WireChatRequest): WireStepResult | undefined {
  for (const [i, tool] of (body.tools ?? []).entries()) {
    const { name, parameters } = tool.function as { name: string; parameters?: Record<string, unknown> };
    let problem: string | undefined;
    if (!OPENAI_NAME.test(name)) problem = `Invalid 'tools[${i}].function.name': string does not match pattern.`;
    else if (parameters?.type !== 'object')
      problem = `Invalid schema for function '${name}': schema must be a JSON Schema of 'type: "object"'.`;
    else if (typeof parameters.properties !== 'object' || parameters.properties === null)
      problem = `Invalid schema for function '${name}': object schema missing properties.`;
    if (problem !== undefined) {
      return { status: 400, body: { error: { message: problem, type: 'invalid_request_error' } } };
    }
  }
  return undefined;
}

/** A handler step: rejects invalid tools like OpenAI, else plays `next`. */
export function openAiLike(
  next: (body: WireChatRequest, index: number) => WireStepResult,
): (body: WireChatRequest, index: number) => WireStepResult {
  return (body, index) => rejectInvalidTools(body) ?? next(body, index);
}

export { chatCompletion };
