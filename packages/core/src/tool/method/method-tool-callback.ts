import 'reflect-metadata';
import { ToolContext } from '../../chat/model/tool-context';
import { getToolParamOptions } from '../annotation/tool-param';
import { ConfigurationError } from '../../error/configuration-error';
import type { ToolDefinition } from '../definition/tool-definition';
import { DefaultToolCallResultConverter } from '../execution/default-tool-call-result-converter';
import type { ToolCallResultConverter } from '../execution/tool-call-result-converter';
import type { PreparedToolArguments } from '../execution/prepared-tool-arguments';
import { ToolArgumentsParser } from '../execution/tool-arguments-parser';
import { asToolExecutionError, convertToolResult } from '../execution/tool-invocation';
import { DEFAULT_TOOL_METADATA, type ToolMetadata } from '../metadata/tool-metadata';
import type { ToolMethodSchema } from '../schema/tool-schema-manifest';
import type { ToolCallback } from '../tool-callback';
import { type ConvertedArguments, convertMethodArguments } from './method-argument-converter';
import { hasWellFormedInputSchema } from './method-tool-definition';
import { reviveDateArguments } from './revive-date-arguments';

/** Options of {@link MethodToolCallback}. */
export interface MethodToolCallbackOptions {
  readonly toolDefinition: ToolDefinition;
  /** @defaultValue {@link DEFAULT_TOOL_METADATA} (`returnDirect: false`) */
  readonly toolMetadata?: ToolMetadata;
  /** The object whose method runs (`this` inside the method). */
  readonly toolObject: object;
  readonly toolMethodName: string;
  /** The method's manifest entry: parameter names, kinds and order, and `returnsVoid`. */
  readonly methodSchema: ToolMethodSchema;
  /** @defaultValue a {@link DefaultToolCallResultConverter} */
  readonly resultConverter?: ToolCallResultConverter;
}

/**
 * A tool backed by a method of an object, usually one marked with `@Tool`.
 *
 * `call` parses and validates the arguments (see {@link ToolArgumentsParser}), builds the argument
 * list by parameter index from the manifest (`toolContext` parameters get the context; `Date` and
 * class parameters are converted, class instances are checked with class-validator), awaits the
 * method with `this` = the tool object and converts the result to text.
 *
 * @remarks Departures from Spring AI: a method with a `ToolContext` parameter receives an empty
 * `ToolContext` when the request has none (Spring throws), so the tool decides what a missing
 * context means (e.g. it returns `AUTH_REQUIRED`); argument errors, including class-validator
 * violations, are reported to the model as a {@link ToolExecutionError}.
 * @see Spring AI `MethodToolCallback`
 */
export class MethodToolCallback implements ToolCallback {
  readonly toolDefinition: ToolDefinition;
  readonly toolMetadata: ToolMetadata;
  /** `ClassName.methodName` of the tool object's class. */
  readonly source: string;
  private readonly toolObject: object;
  private readonly toolMethodName: string;
  private readonly methodSchema: ToolMethodSchema;
  #resultConverter: ToolCallResultConverter | undefined;
  #argumentsParser: ToolArgumentsParser | undefined;
  /** `design:paramtypes` with `@ToolParam({ type })`, read on the first call (decorator metadata is fixed by then). */
  #parameterTypes: readonly unknown[] | undefined;

  /**
   * @param options - definition, object, method name, manifest entry, metadata and converter
   * @throws ConfigurationError when a required option is missing or the object has no such method
   * @throws InvalidToolSchemaError when the input schema is not JSON object text
   */
  constructor(options: MethodToolCallbackOptions) {
    const { toolDefinition, toolObject, toolMethodName, methodSchema } = options;
    if (toolDefinition === undefined || toolDefinition === null) {
      throw new ConfigurationError({
        setting: 'MethodToolCallback toolDefinition',
        value: toolDefinition,
        allowed: 'a ToolDefinition',
        message: 'A MethodToolCallback needs a toolDefinition.',
      });
    }
    if (typeof toolObject !== 'object' || toolObject === null) {
      throw new ConfigurationError({
        setting: 'MethodToolCallback toolObject',
        value: toolObject,
        allowed: 'the object whose method the tool calls',
        message: `The MethodToolCallback for tool '${toolDefinition.name}' needs a toolObject (got ${String(toolObject)}).`,
      });
    }
    const className = toolObject.constructor?.name || 'Object';
    if (typeof toolMethodName !== 'string' || toolMethodName === '') {
      throw new ConfigurationError({
        setting: 'MethodToolCallback toolMethodName',
        value: toolMethodName,
        allowed: `the name of a method of ${className}`,
        message: `The MethodToolCallback for tool '${toolDefinition.name}' needs a toolMethodName (a method of ${className}).`,
      });
    }
    if (typeof (toolObject as Record<string, unknown>)[toolMethodName] !== 'function') {
      throw new ConfigurationError({
        setting: 'MethodToolCallback toolMethodName',
        value: toolMethodName,
        allowed: `the name of a method of ${className}`,
        message: `The MethodToolCallback for tool '${toolDefinition.name}' names method '${toolMethodName}', which ${className} does not have.`,
      });
    }
    if (methodSchema === undefined || methodSchema === null) {
      throw new ConfigurationError({
        setting: 'MethodToolCallback methodSchema',
        value: methodSchema,
        allowed: `the manifest entry of ${className}.${toolMethodName}`,
        message: `The MethodToolCallback for tool '${toolDefinition.name}' needs a methodSchema (the manifest entry of ${className}.${toolMethodName}).`,
      });
    }
    this.toolDefinition = toolDefinition;
    this.toolMetadata = options.toolMetadata ?? DEFAULT_TOOL_METADATA;
    this.toolObject = toolObject;
    this.toolMethodName = toolMethodName;
    this.methodSchema = methodSchema;
    this.#resultConverter = options.resultConverter;
    // A schema made from the manifest is a JSON object by construction: its parser is made at the
    // first call, not for each of hundreds of tools at start-up. Any other schema is checked now.
    if (!hasWellFormedInputSchema(toolDefinition)) this.#argumentsParser = new ToolArgumentsParser(toolDefinition);
    this.source = `${className}.${toolMethodName}`;
  }

  /** A builder, as in Spring AI: `MethodToolCallback.builder().toolDefinition(d)...build()`. */
  static builder(): MethodToolCallbackBuilder {
    return new MethodToolCallbackBuilder();
  }

  /**
   * Runs the method.
   *
   * @param toolInput - the arguments as JSON object text, e.g. `{"orderId":"A123"}`; blank means `{}`
   * @param toolContext - injected into `toolContext` parameters; an empty context when absent
   * @returns the converted result, e.g. `"shipped"` or `{"status":"shipped"}`
   * @throws ToolExecutionError when the arguments are invalid (the cause is an
   * `InvalidToolArgumentsError`), the method throws (the cause is what it threw) or the result
   * cannot be converted
   */
  call(toolInput: string, toolContext?: ToolContext): Promise<string> {
    return this.callPrepared(this.prepareArguments(toolInput), toolContext ?? new ToolContext());
  }

  /**
   * Repairs, parses, coerces and validates arguments against the method's schema, once.
   *
   * @param raw - the arguments as the model sent them
   * @throws InvalidToolSchemaError when the input schema cannot be compiled
   */
  prepareArguments(raw: unknown): PreparedToolArguments {
    return this.argumentsParser.prepare(raw);
  }

  /**
   * Runs the method with prepared arguments: they are converted to the parameter types (`Date`,
   * DTO classes checked with class-validator) and every problem — schema and class-validator —
   * is reported in one `ToolExecutionError`.
   *
   * @param args - from {@link MethodToolCallback.prepareArguments}
   * @param toolContext - injected into `toolContext` parameters
   * @throws ToolExecutionError as {@link MethodToolCallback.call}
   */
  async callPrepared(args: PreparedToolArguments, toolContext: ToolContext): Promise<string> {
    const result = await this.invokePrepared(args, toolContext);
    return convertToolResult(this.toolDefinition, this.resultConverter, result, this.methodSchema.returnsVoid);
  }

  /**
   * Runs the method with prepared arguments as {@link MethodToolCallback.callPrepared} does, and
   * returns what it returned (awaited), unconverted: for callers that map results themselves (the
   * MCP server sends image or structured results as such).
   *
   * @param args - from {@link MethodToolCallback.prepareArguments}
   * @param toolContext - injected into `toolContext` parameters
   * @returns the method's (awaited) return value
   * @throws ToolExecutionError when the arguments are invalid or the method throws
   */
  async invokePrepared(args: PreparedToolArguments, toolContext: ToolContext): Promise<unknown> {
    if (args.value === undefined) throw this.argumentsParser.errorOf(args) as Error;
    const revived = reviveDateArguments(args.value, this.methodSchema.inputSchema, this.methodSchema.dateSchemaPaths);
    this.#parameterTypes ??= this.parameterTypes();
    // Converted even when the schema already failed, so class-validator rules the schema cannot
    // express reach the model in the same message instead of one round trip later.
    let converted: ConvertedArguments | undefined;
    try {
      converted = await convertMethodArguments(
        revived,
        this.methodSchema.parameters,
        this.#parameterTypes,
        toolContext,
      );
    } catch (error) {
      // Arguments the schema rejected may not convert at all; the schema's violations are reported then.
      if (args.violations.length === 0) throw error;
    }
    // A value the schema already faulted is reported once, in the schema's words.
    const more = (converted?.violations ?? []).filter((v) => !args.violationPointers.has(v.pointer)).map((v) => v.text);
    const invalid = this.argumentsParser.errorOf(args, more);
    if (invalid !== undefined || converted === undefined) throw invalid ?? this.argumentsParser.invalidArguments([]);
    const method = (this.toolObject as Record<string, (...args: unknown[]) => unknown>)[this.toolMethodName];
    try {
      return await method.apply(this.toolObject, converted.values);
    } catch (error) {
      throw asToolExecutionError(this.toolDefinition, error);
    }
  }

  /** The given converter, else a {@link DefaultToolCallResultConverter} made at the first call (not for every tool at start-up). */
  private get resultConverter(): ToolCallResultConverter {
    this.#resultConverter ??= new DefaultToolCallResultConverter({ toolName: this.toolDefinition.name });
    return this.#resultConverter;
  }

  private get argumentsParser(): ToolArgumentsParser {
    this.#argumentsParser ??= new ToolArgumentsParser(this.toolDefinition);
    return this.#argumentsParser;
  }

  /** `design:paramtypes`, with `@ToolParam({ type })` filling in (plain JavaScript has no decorator metadata). */
  private parameterTypes(): unknown[] {
    const types = [
      ...((Reflect.getMetadata('design:paramtypes', this.toolObject, this.toolMethodName) ?? []) as unknown[]),
    ];
    const options = getToolParamOptions(this.toolObject.constructor, this.toolMethodName);
    for (const [index, option] of Object.entries(options)) {
      if (option.type !== undefined) types[Number(index)] = option.type;
    }
    return types;
  }
}

/**
 * Builds a {@link MethodToolCallback}.
 *
 * @see Spring AI `MethodToolCallback.Builder`
 */
export class MethodToolCallbackBuilder {
  private options: Partial<MethodToolCallbackOptions> = {};

  toolDefinition(toolDefinition: ToolDefinition): this {
    return this.set({ toolDefinition });
  }

  toolMetadata(toolMetadata: ToolMetadata): this {
    return this.set({ toolMetadata });
  }

  toolObject(toolObject: object): this {
    return this.set({ toolObject });
  }

  toolMethodName(toolMethodName: string): this {
    return this.set({ toolMethodName });
  }

  methodSchema(methodSchema: ToolMethodSchema): this {
    return this.set({ methodSchema });
  }

  resultConverter(resultConverter: ToolCallResultConverter): this {
    return this.set({ resultConverter });
  }

  /**
   * @returns the callback
   * @throws ConfigurationError, InvalidToolSchemaError as {@link MethodToolCallback}'s constructor does
   */
  build(): MethodToolCallback {
    return new MethodToolCallback(this.options as MethodToolCallbackOptions);
  }

  private set(options: Partial<MethodToolCallbackOptions>): this {
    this.options = { ...this.options, ...options };
    return this;
  }
}
