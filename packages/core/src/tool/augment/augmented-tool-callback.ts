import { ToolContext } from '../../chat/model/tool-context';
import { ConfigurationError } from '../../error/configuration-error';
import { createLogger } from '../../util/logger';
import { toolDefinition, type ToolDefinition } from '../definition/tool-definition';
import type { PreparedToolArguments } from '../execution/prepared-tool-arguments';
import { type ToolArguments, ToolArgumentsParser } from '../execution/tool-arguments-parser';
import { ToolExecutionError } from '../execution/tool-execution-error';
import type { ToolMetadata } from '../metadata/tool-metadata';
import { type ArgumentViolation, convertArgument } from '../method/method-argument-converter';
import { reviveDateArguments } from '../method/revive-date-arguments';
import { isSchemaNode } from '../schema/json-schema-node';
import type { ToolArgumentTypeSchema } from '../schema/tool-schema-manifest';
import { toolSchemaRegistry, type ToolSchemaRegistry } from '../schema/tool-schema-registry';
import type { ToolCallResult } from '../tool-call-result';
import type { ToolCallback } from '../tool-callback';
import { argumentTypeSchema } from './argument-type-schema';
import type { AugmentedArgumentEvent } from './augmented-argument-event';
import { type AugmentedArgumentType, ToolInputSchemaAugmenter } from './tool-input-schema-augmenter';

const logger = createLogger('AugmentedToolCallback');

/** Options of {@link AugmentedToolCallback}. */
export interface AugmentedToolCallbackOptions<T> {
  /** The tool to wrap. */
  readonly delegate: ToolCallback;
  /** The class whose properties are added to the tool's input schema, e.g. `AgentThinking`. */
  readonly argumentType: abstract new (...args: never[]) => T;
  /**
   * Receives the augmented arguments of each valid call before the tool runs; a returned Promise is
   * awaited (Spring's `Consumer<AugmentedArgumentEvent<T>>`).
   */
  readonly argumentConsumer?: (event: AugmentedArgumentEvent<T>) => void | Promise<void>;
  /**
   * Whether the augmented fields are removed before the delegate runs (`false`: it gets them too,
   * for a tool that ignores or wants them). @defaultValue true
   */
  readonly removeExtraArgumentsAfterProcessing?: boolean;
  /**
   * Whether a consumer that throws fails the call (the model reads the error and the tool does not
   * run) instead of being logged at warn while the tool runs. @defaultValue false
   */
  readonly failOnConsumerError?: boolean;
  /** Where the argument type's schema is looked up. @defaultValue the shared `toolSchemaRegistry` */
  readonly schemaRegistry?: ToolSchemaRegistry;
}

/**
 * Wraps a {@link ToolCallback} so the model fills in extra fields with every call: the properties
 * of an argument type are added to the tool's input schema (see {@link ToolInputSchemaAugmenter}),
 * a consumer receives them as an instance of that type, and the tool runs with only the arguments
 * it declares.
 *
 * The loop prepares a call once, against the augmented schema ({@link AugmentedToolCallback.prepareArguments}):
 * repaired, parsed, coerced and validated, augmented fields included. {@link AugmentedToolCallback.callPrepared}
 * then takes the augmented fields from that value, converts them to the argument type (class-transformer,
 * `Date`s revived) and checks its class-validator rules; when the call is valid it hands them to
 * the consumer, removes them (unless `removeExtraArgumentsAfterProcessing` is false) and runs the
 * delegate with the rest, through the delegate's own `callPrepared` when it has one, so nothing is
 * parsed twice. An invalid call reaches the delegate with its violations, so the model reads them
 * all in the delegate's one error message, and the consumer is not called.
 *
 * @typeParam T - the argument type
 * @remarks Departures from Spring AI: the wrapper keeps the delegate's metadata (`returnDirect`,
 * `concurrency`, `timeoutMs`, `maxResultChars`; Spring's drops `returnDirect`) and `strict`; a
 * field whose name the tool already has fails at construction (Spring overwrites the tool's
 * property); the consumer sees only calls whose arguments are valid and may be async; a consumer
 * that throws is logged and the tool runs (`failOnConsumerError` fails the call instead; Spring
 * propagates the exception).
 * @see Spring AI `AugmentedToolCallback`
 */
export class AugmentedToolCallback<T = unknown> implements ToolCallback {
  /** The delegate's name, description and `strict`, with the augmented input schema. */
  readonly toolDefinition: ToolDefinition;
  /** The delegate's metadata, as it is (`returnDirect` and the execution rules). */
  readonly toolMetadata: ToolMetadata;
  /** E.g. `OrderTools.getOrderStatus, augmented with AgentThinking`. */
  readonly source: string;
  /** The wrapped tool. */
  readonly delegate: ToolCallback;
  /** The properties added to the delegate's schema. */
  readonly augmentedArgumentTypes: readonly AugmentedArgumentType[];
  private readonly argumentType: abstract new (...args: never[]) => T;
  private readonly argumentSchema: ToolArgumentTypeSchema;
  private readonly argumentConsumer: ((event: AugmentedArgumentEvent<T>) => void | Promise<void>) | undefined;
  private readonly removeExtraArguments: boolean;
  private readonly failOnConsumerError: boolean;
  private readonly names: readonly string[];
  #parser: ToolArgumentsParser | undefined;

  /**
   * @param options - the delegate, the argument type, the consumer and what to do with the fields
   * @throws ConfigurationError when the delegate is missing, the argument type is not a named class
   *   or has no properties, or one of its properties has the name of one of the tool's parameters
   *   (the message names both)
   * @throws MissingToolSchemaError when no loaded manifest has the argument type
   * @throws InvalidToolSchemaError when the delegate's input schema is not JSON object text
   */
  constructor(options: AugmentedToolCallbackOptions<T>) {
    const { delegate, argumentType } = options;
    if (typeof delegate !== 'object' || delegate === null || typeof delegate.call !== 'function') {
      throw new ConfigurationError({
        setting: 'AugmentedToolCallback delegate',
        value: delegate,
        allowed: 'a ToolCallback',
        message: `An AugmentedToolCallback needs the ToolCallback to wrap (got ${delegate === null ? 'null' : typeof delegate}).`,
      });
    }
    const registry = options.schemaRegistry ?? toolSchemaRegistry;
    this.augmentedArgumentTypes = ToolInputSchemaAugmenter.toAugmentedArgumentTypes(argumentType, registry);
    this.argumentSchema = argumentTypeSchema(argumentType, registry);
    this.names = this.augmentedArgumentTypes.map((type) => type.name);
    const original = delegate.toolDefinition;
    assertNoClash(original, delegate.source, argumentType.name, this.names);
    this.toolDefinition = toolDefinition({
      name: original.name,
      description: original.description,
      inputSchema: ToolInputSchemaAugmenter.augmentToolInputSchema(
        original.inputSchema,
        this.augmentedArgumentTypes,
        `tool '${original.name}'`,
      ),
      strict: original.strict,
    });
    this.toolMetadata = delegate.toolMetadata;
    this.delegate = delegate;
    this.argumentType = argumentType;
    this.argumentConsumer = options.argumentConsumer;
    this.removeExtraArguments = options.removeExtraArgumentsAfterProcessing ?? true;
    this.failOnConsumerError = options.failOnConsumerError ?? false;
    this.source = `${delegate.source ?? `tool '${original.name}'`}, augmented with ${argumentType.name}`;
  }

  /**
   * Runs the call: see the class description.
   *
   * @param toolInput - the model's arguments as JSON object text, augmented fields included
   * @param toolContext - passed to the delegate; an empty context when absent
   * @returns the delegate's result
   * @throws ToolExecutionError when the arguments are invalid, the delegate fails, or the consumer
   *   throws and `failOnConsumerError` is set
   */
  call(toolInput: string, toolContext?: ToolContext): Promise<string> {
    return this.callPrepared(this.prepareArguments(toolInput), toolContext ?? new ToolContext());
  }

  /**
   * Repairs, parses, coerces and validates the arguments against the augmented schema, once.
   *
   * @param raw - the arguments as the model sent them
   * @throws InvalidToolSchemaError when the augmented schema cannot be compiled
   */
  prepareArguments(raw: unknown): PreparedToolArguments {
    return this.parser.prepare(raw);
  }

  /**
   * Hands the augmented fields to the consumer and runs the delegate with the rest.
   *
   * @param args - from {@link AugmentedToolCallback.prepareArguments}
   * @param toolContext - passed to the delegate
   * @throws ToolExecutionError as {@link AugmentedToolCallback.call}
   */
  async callPrepared(args: PreparedToolArguments, toolContext: ToolContext): Promise<string> {
    const answer = await this.callDelegate(args, toolContext, false);
    return typeof answer === 'string' ? answer : answer.text;
  }

  /**
   * {@link AugmentedToolCallback.callPrepared}, answering with the delegate's media and structured
   * value when it has `callPreparedForResult` (an MCP tool's images), else with its text.
   *
   * @param args - from {@link AugmentedToolCallback.prepareArguments}
   * @param toolContext - passed to the delegate
   * @throws ToolExecutionError as {@link AugmentedToolCallback.call}
   */
  async callPreparedForResult(args: PreparedToolArguments, toolContext: ToolContext): Promise<ToolCallResult> {
    const answer = await this.callDelegate(args, toolContext, true);
    return typeof answer === 'string' ? { text: answer } : answer;
  }

  private async callDelegate(
    args: PreparedToolArguments,
    toolContext: ToolContext,
    forResult: boolean,
  ): Promise<string | ToolCallResult> {
    if (args.value === undefined) throw this.parser.errorOf(args) as Error;
    const violations: ArgumentViolation[] = [];
    const instance = (await convertArgument(this.augmentedFields(args.value), this.argumentType, '', violations)) as T;
    // A value the schema already faulted is reported once, in the schema's words.
    const more = violations.filter((violation) => !args.violationPointers.has(violation.pointer));
    const valid = args.violations.length === 0 && more.length === 0;
    if (valid && this.argumentConsumer !== undefined) await this.notify(instance, args.text);
    const forDelegate = this.delegateArguments(args, more);
    if (this.delegate.callPrepared !== undefined && this.delegate.prepareArguments !== undefined) {
      return forResult && this.delegate.callPreparedForResult !== undefined
        ? this.delegate.callPreparedForResult(forDelegate, toolContext)
        : this.delegate.callPrepared(forDelegate, toolContext);
    }
    if (!valid)
      throw this.parser.errorOf(
        args,
        more.map((violation) => violation.text),
      ) as Error;
    return this.delegate.call(forDelegate.text, toolContext);
  }

  private get parser(): ToolArgumentsParser {
    this.#parser ??= new ToolArgumentsParser(this.toolDefinition);
    return this.#parser;
  }

  /** A copy of the augmented fields the model sent, with `Date`s revived. */
  private augmentedFields(value: ToolArguments): ToolArguments {
    const fields: ToolArguments = {};
    for (const name of this.names) {
      if (Object.prototype.hasOwnProperty.call(value, name)) fields[name] = structuredClone(value[name]);
    }
    const { inputSchema, dateSchemaPaths } = this.argumentSchema;
    return isSchemaNode(inputSchema) ? reviveDateArguments(fields, inputSchema, dateSchemaPaths) : fields;
  }

  /** The arguments for the delegate: without the augmented fields unless they stay, and with every violation found. */
  private delegateArguments(args: PreparedToolArguments, more: readonly ArgumentViolation[]): PreparedToolArguments {
    const violations =
      more.length === 0
        ? {}
        : {
            violations: [...args.violations, ...more.map((violation) => violation.text)],
            violationPointers: new Set([...args.violationPointers, ...more.map((violation) => violation.pointer)]),
          };
    if (!this.removeExtraArguments) return { ...args, ...violations };
    const value: ToolArguments = {};
    for (const [key, field] of Object.entries(args.value as ToolArguments)) {
      if (!this.names.includes(key)) value[key] = field;
    }
    const text = JSON.stringify(value);
    // `raw` too: the delegate must not see the fields in any form.
    return { ...args, raw: text, text, value, ...violations };
  }

  private async notify(instance: T, rawInput: string): Promise<void> {
    try {
      await this.argumentConsumer?.({
        toolDefinition: this.toolDefinition,
        rawInput,
        arguments: instance,
      });
    } catch (error) {
      const name = this.toolDefinition.name;
      if (this.failOnConsumerError) {
        throw new ToolExecutionError({
          toolDefinition: this.toolDefinition,
          cause: error,
          message: `The augmented arguments of tool '${name}' were rejected: ${messageOf(error)}`,
        });
      }
      logger.warn(
        { toolName: name, cause: error instanceof Error ? error.name : typeof error },
        `The argument consumer of tool '${name}' failed (${messageOf(error)}); the tool runs anyway`,
      );
    }
  }
}

/** Fails when an augmented field has the name of one of the tool's parameters, naming both. */
function assertNoClash(
  original: ToolDefinition,
  source: string | undefined,
  argumentTypeName: string,
  names: readonly string[],
): void {
  let properties: unknown;
  try {
    properties = (JSON.parse(original.inputSchema) as { properties?: unknown } | null)?.properties;
  } catch {
    return; // the augmenter reports a schema that is not JSON
  }
  if (!isSchemaNode(properties)) return;
  const clash = names.find((name) => Object.prototype.hasOwnProperty.call(properties, name));
  if (clash === undefined) return;
  const tool = `tool '${original.name}'${source === undefined ? '' : ` (${source})`}`;
  throw new ConfigurationError({
    setting: 'AugmentedToolCallbackProvider argumentType',
    value: `${argumentTypeName}.${clash}`,
    allowed: `properties whose names ${tool} does not use`,
    message:
      `The augmented argument ${argumentTypeName}.${clash} has the name of parameter '${clash}' of ${tool}; ` +
      `the model could not tell them apart. Rename the property of ${argumentTypeName} or the tool's parameter.`,
  });
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
