import { type ToolDefinition } from '@sprout-ai/core';
import { createLogger } from '@sprout-ai/core/internal';
import { toStrictToolSchema } from './strict-tool-schema';

const logger = createLogger('@sprout-ai/openai');

/** Tools already warned about (name and schema), so a fallback is logged once, not on every request. */
const warned = new Set<string>();

/**
 * Decides whether a tool is sent in OpenAI strict mode and with which `parameters`: strict when the
 * tool definition says so (`@Tool({ strict: true })`), else when the request options do
 * (`spring.ai.openai.chat.options.strict`); then the schema is rewritten with
 * {@link toStrictToolSchema}. A schema that cannot be made strict is sent non-strict, with one
 * warning per tool naming the problems, so the provider never answers 400 for it.
 *
 * @param definition - the tool
 * @param parameters - its input schema, parsed, without `$schema`
 * @param strictDefault - the request's `strict` option
 * @returns the strict `parameters`, or `undefined` to send the tool non-strict
 */
export function strictToolParameters(
  definition: ToolDefinition,
  parameters: Readonly<Record<string, unknown>>,
  strictDefault: boolean | undefined,
): Record<string, unknown> | undefined {
  if (!(definition.strict ?? strictDefault ?? false)) return undefined;
  const result = toStrictToolSchema(parameters);
  if (result.ok) return result.schema;
  const key = `${definition.name}\0${definition.inputSchema}`;
  if (!warned.has(key)) {
    warned.add(key);
    logger.warn(
      { tool: definition.name, problems: result.problems },
      `Tool '${definition.name}' is sent without OpenAI strict mode because its schema cannot be made strict: ` +
        `${result.problems.join('; ')}. Change the parameter types (e.g. an interface instead of a Record), ` +
        'or set @Tool({ strict: false }) to silence this warning.',
    );
  }
  return undefined;
}
