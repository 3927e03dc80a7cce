import { ToolContext } from '../../chat/model/tool-context';
import { ConfigurationError } from '../../error/configuration-error';
import { toolDefinition, type ToolDefinition } from '../definition/tool-definition';
import { DefaultToolCallResultConverter } from '../execution/default-tool-call-result-converter';
import type { ToolCallResultConverter } from '../execution/tool-call-result-converter';
import type { PreparedToolArguments } from '../execution/prepared-tool-arguments';
import { ToolArgumentsParser } from '../execution/tool-arguments-parser';
import { asToolExecutionError, convertToolResult } from '../execution/tool-invocation';
import { checkToolExecutionRules } from '../metadata/check-tool-execution-rules';
import { DEFAULT_TOOL_METADATA, type ToolMetadata } from '../metadata/tool-metadata';
import type { ToolCallback } from '../tool-callback';

/** The code of a function tool: gets the parsed arguments object and the tool context. */
export type ToolFunction<I, O> = (input: I, toolContext: ToolContext) => O | Promise<O>;

/** Input schema of a function tool without arguments. */
const EMPTY_INPUT_SCHEMA = JSON.stringify({
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  properties: {},
  required: [],
  additionalProperties: false,
});

/** Options of {@link FunctionToolCallback}. */
export interface FunctionToolCallbackOptions<I, O> {
  readonly toolDefinition: ToolDefinition;
  readonly toolFunction: ToolFunction<I, O>;
  /** @defaultValue {@link DEFAULT_TOOL_METADATA} */
  readonly toolMetadata?: ToolMetadata;
  /** @defaultValue a {@link DefaultToolCallResultConverter} */
  readonly resultConverter?: ToolCallResultConverter;
}

/**
 * A tool backed by a function, e.g.
 * `FunctionToolCallback.builder('getWeather', (input: { city: string }) => lookup(input.city)).inputSchema(schema).build()`.
 *
 * `call` parses and validates the arguments against the input schema (see
 * {@link ToolArgumentsParser}), passes the object and the context to the function, awaits it and
 * converts the result (`undefined` gives `"Done"`).
 *
 * @remarks Departures from Spring AI: the input is the parsed JSON object as it is (no conversion
 * to a declared input type); malformed or invalid arguments are a {@link ToolExecutionError}
 * reported to the model (Spring aborts the request on a parse error); the context is an empty
 * `ToolContext` when the request has none.
 * @see Spring AI `FunctionToolCallback`
 */
export class FunctionToolCallback<I = Record<string, unknown>, O = unknown> implements ToolCallback {
  readonly toolDefinition: ToolDefinition;
  readonly toolMetadata: ToolMetadata;
  /** `FunctionToolCallback(<name>)`. */
  readonly source: string;
  private readonly toolFunction: ToolFunction<I, O>;
  private readonly resultConverter: ToolCallResultConverter;
  private readonly argumentsParser: ToolArgumentsParser;

  /**
   * @param options - definition, function, metadata, converter
   * @throws ConfigurationError when the function is missing, or the metadata's `concurrency`,
   *   `timeoutMs` or `maxResultChars` is not allowed
   * @throws InvalidToolSchemaError when the input schema is not JSON object text
   */
  constructor(options: FunctionToolCallbackOptions<I, O>) {
    const { toolDefinition: definition, toolFunction } = options;
    if (typeof toolFunction !== 'function') {
      throw new ConfigurationError({
        setting: 'FunctionToolCallback toolFunction',
        value: toolFunction,
        allowed: 'a function',
        message: `The FunctionToolCallback for tool '${definition.name}' needs a function.`,
      });
    }
    this.toolDefinition = definition;
    this.toolMetadata = options.toolMetadata ?? DEFAULT_TOOL_METADATA;
    checkToolExecutionRules(this.toolMetadata, `FunctionToolCallback '${definition.name}'`);
    this.toolFunction = toolFunction;
    this.resultConverter = options.resultConverter ?? new DefaultToolCallResultConverter({ toolName: definition.name });
    this.argumentsParser = new ToolArgumentsParser(definition);
    this.source = `FunctionToolCallback(${definition.name})`;
  }

  /**
   * Starts building a function tool.
   *
   * @param name - the tool name, e.g. `getCurrentWeather`; must not be blank
   * @param toolFunction - the tool's code; gets the arguments object and the context
   */
  static builder<I = Record<string, unknown>, O = unknown>(
    name: string,
    toolFunction: ToolFunction<I, O>,
  ): FunctionToolCallbackBuilder<I, O> {
    return new FunctionToolCallbackBuilder(name, toolFunction);
  }

  /**
   * Runs the function.
   *
   * @param toolInput - the arguments as JSON object text; blank means `{}`
   * @param toolContext - passed to the function; an empty context when absent
   * @returns the converted result
   * @throws ToolExecutionError when the arguments are invalid, the function throws (a
   * `ToolExecutionError` it throws is passed on as it is) or the result cannot be converted
   */
  call(toolInput: string, toolContext?: ToolContext): Promise<string> {
    return this.callPrepared(this.prepareArguments(toolInput), toolContext ?? new ToolContext());
  }

  /**
   * Repairs, parses, coerces and validates arguments against the input schema, once.
   *
   * @param raw - the arguments as the model sent them
   * @throws InvalidToolSchemaError when the input schema cannot be compiled
   */
  prepareArguments(raw: unknown): PreparedToolArguments {
    return this.argumentsParser.prepare(raw);
  }

  /**
   * Runs the function with prepared arguments.
   *
   * @param args - from {@link FunctionToolCallback.prepareArguments}
   * @param toolContext - passed to the function
   * @throws ToolExecutionError as {@link FunctionToolCallback.call}
   */
  async callPrepared(args: PreparedToolArguments, toolContext: ToolContext): Promise<string> {
    const invalid = this.argumentsParser.errorOf(args);
    if (invalid !== undefined) throw invalid;
    let result: unknown;
    try {
      result = await this.toolFunction(args.value as I, toolContext);
    } catch (error) {
      throw asToolExecutionError(this.toolDefinition, error);
    }
    return convertToolResult(this.toolDefinition, this.resultConverter, result, false);
  }
}

/**
 * Builds a {@link FunctionToolCallback}.
 *
 * @see Spring AI `FunctionToolCallback.Builder`
 */
export class FunctionToolCallbackBuilder<I, O> {
  private descriptionText: string | undefined;
  private schemaText = EMPTY_INPUT_SCHEMA;
  private metadata: ToolMetadata | undefined;
  private converter: ToolCallResultConverter | undefined;
  private strictMode: boolean | undefined;

  constructor(
    private readonly name: string,
    private readonly toolFunction: ToolFunction<I, O>,
  ) {}

  /** @defaultValue the name split into words, e.g. `getCurrentWeather` → `get current weather` */
  description(description: string): this {
    this.descriptionText = description;
    return this;
  }

  /**
   * The JSON Schema of the arguments object, as an object or JSON text.
   *
   * @defaultValue an object schema without properties (`{"type":"object","properties":{},"required":[],"additionalProperties":false}` with draft 2020-12 `$schema`)
   */
  inputSchema(inputSchema: string | Readonly<Record<string, unknown>>): this {
    this.schemaText = typeof inputSchema === 'string' ? inputSchema : JSON.stringify(inputSchema);
    return this;
  }

  /** OpenAI strict mode for this tool (see `ToolDefinition.strict`). @defaultValue the model's option */
  strict(strict: boolean): this {
    this.strictMode = strict;
    return this;
  }

  /** @defaultValue `{ returnDirect: false }` */
  toolMetadata(toolMetadata: ToolMetadata): this {
    this.metadata = toolMetadata;
    return this;
  }

  /** @defaultValue a {@link DefaultToolCallResultConverter} */
  resultConverter(resultConverter: ToolCallResultConverter): this {
    this.converter = resultConverter;
    return this;
  }

  /**
   * @returns the callback
   * @throws ConfigurationError when the name is blank or the function is missing
   * @throws InvalidToolSchemaError when the schema is blank or not JSON object text
   */
  build(): FunctionToolCallback<I, O> {
    return new FunctionToolCallback<I, O>({
      toolDefinition: toolDefinition({
        name: this.name,
        description: this.descriptionText,
        inputSchema: this.schemaText,
        strict: this.strictMode,
      }),
      toolFunction: this.toolFunction,
      toolMetadata: this.metadata,
      resultConverter: this.converter,
    });
  }
}
