import { ConfigurationError } from '../../error/configuration-error';
import { InvalidToolSchemaError } from '../schema/invalid-tool-schema-error';
import { splitCamelCase } from '../support/split-camel-case';

/**
 * What the model sees of a tool: its name, a description and a JSON Schema of its arguments.
 *
 * `inputSchema` is JSON text, e.g.
 * `{"$schema":"https://json-schema.org/draft/2020-12/schema","type":"object","properties":{"orderId":{"type":"string"}},"required":["orderId"],"additionalProperties":false}`.
 *
 * @see Spring AI `ToolDefinition`
 */
export interface ToolDefinition {
  readonly name: string;
  readonly description: string;
  readonly inputSchema: string;
  /**
   * Ask providers that support it (OpenAI) to make the arguments always match the schema; when
   * unset, the model's option decides (`spring.ai.openai.chat.options.strict`).
   */
  readonly strict?: boolean;
}

/** Options of {@link toolDefinition}. */
export interface ToolDefinitionOptions {
  /** Tool name, e.g. `getCurrentWeather`; must not be blank. */
  readonly name: string;
  /** Defaults to the name split into lower-case words, e.g. `get current weather`. */
  readonly description?: string;
  /** JSON Schema of the arguments as JSON text; must not be blank. */
  readonly inputSchema: string;
  /** See {@link ToolDefinition.strict}; left out when undefined. */
  readonly strict?: boolean;
}

/**
 * Creates a frozen {@link ToolDefinition}, checking that name and schema are present.
 *
 * @param options - name, optional description, input schema text
 * @returns the definition
 * @throws ConfigurationError when the name is blank
 * @throws InvalidToolSchemaError when the input schema is blank
 * @see Spring AI `DefaultToolDefinition.builder()`
 */
export function toolDefinition(options: ToolDefinitionOptions): ToolDefinition {
  const { name, description, inputSchema } = options;
  if (typeof name !== 'string' || name.trim() === '') {
    throw new ConfigurationError({
      setting: 'toolDefinition name',
      value: name,
      allowed: 'a non-blank name',
      message: 'A tool definition needs a non-blank name, e.g. toolDefinition({ name: "getWeather", ... }).',
    });
  }
  if (typeof inputSchema !== 'string' || inputSchema.trim() === '') {
    throw new InvalidToolSchemaError(
      `The tool definition '${name}' needs a non-blank inputSchema (JSON Schema text), e.g. '{"type":"object","properties":{}}'.`,
      { toolName: name },
    );
  }
  return Object.freeze({
    name,
    description: description === undefined || description.trim() === '' ? splitCamelCase(name) : description,
    inputSchema,
    ...(options.strict === undefined ? {} : { strict: options.strict }),
  });
}
