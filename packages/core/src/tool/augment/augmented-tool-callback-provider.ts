import { ConfigurationError } from '../../error/configuration-error';
import { MethodToolCallbackProvider } from '../method/method-tool-callback-provider';
import { toolSchemaRegistry, type ToolSchemaRegistry } from '../schema/tool-schema-registry';
import type { ToolCallback } from '../tool-callback';
import { isToolCallbackProvider, type ToolCallbackProvider } from '../tool-callback-provider';
import type { AugmentedArgumentEvent } from './augmented-argument-event';
import { AugmentedToolCallback } from './augmented-tool-callback';
import { ToolInputSchemaAugmenter } from './tool-input-schema-augmenter';

/** Options of {@link AugmentedToolCallbackProvider}: exactly one of `delegate` and `toolObject`. */
export interface AugmentedToolCallbackProviderOptions<T> {
  /** The provider whose tools are wrapped (e.g. an `McpToolCallbackProvider`). */
  readonly delegate?: ToolCallbackProvider;
  /** An object with `@Tool` methods, whose tools are wrapped (through a `MethodToolCallbackProvider`). */
  readonly toolObject?: object;
  /** The class whose properties are added to every tool's input schema, e.g. `AgentThinking`. */
  readonly argumentType: abstract new (...args: never[]) => T;
  /**
   * Receives the augmented arguments of each valid call before the tool runs; a returned Promise is
   * awaited (Spring's `Consumer<AugmentedArgumentEvent<T>>`).
   */
  readonly argumentConsumer: (event: AugmentedArgumentEvent<T>) => void | Promise<void>;
  /** Whether the fields are removed before a tool runs (`false`: the tool gets them too). @defaultValue true */
  readonly removeExtraArgumentsAfterProcessing?: boolean;
  /** Whether a consumer that throws fails the call instead of being logged while the tool runs. @defaultValue false */
  readonly failOnConsumerError?: boolean;
  /** Where the schemas are looked up. @defaultValue the shared `toolSchemaRegistry` */
  readonly schemaRegistry?: ToolSchemaRegistry;
}

/**
 * Wraps every tool of a provider (or of an object's `@Tool` methods) in an
 * {@link AugmentedToolCallback}, so the model fills in the argument type's fields with each call
 * and the consumer receives them, e.g. its reasoning before a tool runs:
 *
 * @example
 * ```ts
 * export class AgentThinking {
 *   @ToolParam({ description: 'Your reasoning for calling this tool' })
 *   innerThought!: string;
 * }
 * const tools = AugmentedToolCallbackProvider.builder()
 *   .toolObject(new OrderTools())
 *   .argumentType(AgentThinking)
 *   .argumentConsumer(({ toolDefinition, arguments: thinking }) => log(toolDefinition.name, thinking.innerThought))
 *   .build();
 * chatClient.prompt(question).tools(tools).call();
 * ```
 * @typeParam T - the argument type
 * @remarks Departures from Spring AI: construction checks the tools the delegate has now (the
 * argument type's schema exists, no field has a tool parameter's name) and fails naming both; the
 * wrappers are made once per delegate callback and reused (Spring makes new ones on every
 * {@link getToolCallbacks}); see {@link AugmentedToolCallback} for what each wrapper keeps.
 * @see Spring AI `AugmentedToolCallbackProvider`
 */
export class AugmentedToolCallbackProvider<T = unknown> implements ToolCallbackProvider {
  private readonly delegate: ToolCallbackProvider;
  private readonly options: AugmentedToolCallbackProviderOptions<T>;
  /** The wrapper of each delegate callback: the delegate may return new callbacks (an MCP refresh). */
  private readonly wrappers = new WeakMap<ToolCallback, AugmentedToolCallback<T>>();
  private last: { readonly from: readonly ToolCallback[]; readonly to: readonly ToolCallback[] } | undefined;

  /**
   * @param options - what to wrap, the argument type, the consumer and what to do with the fields
   * @throws ConfigurationError when the argument type or consumer is missing, not exactly one of
   *   `delegate` and `toolObject` is given, the argument type has no properties, or one of them has
   *   the name of a tool's parameter (the message names both)
   * @throws MissingToolSchemaError when no loaded manifest has the argument type (or a `@Tool` method)
   * @throws whatever the delegate's `getToolCallbacks()` throws (e.g. MCP tools not listed yet)
   */
  constructor(options: AugmentedToolCallbackProviderOptions<T>) {
    const { delegate, toolObject, argumentType, argumentConsumer } = options;
    if (argumentType === undefined || argumentType === null) {
      throw missing(
        'argumentType',
        'argumentType is required: the class whose @ToolParam properties the model fills in',
      );
    }
    if (argumentConsumer === undefined || argumentConsumer === null) {
      throw missing(
        'argumentConsumer',
        'argumentConsumer is required: a function that receives each call’s augmented arguments',
      );
    }
    if (typeof argumentConsumer !== 'function') {
      throw new ConfigurationError({
        setting: 'AugmentedToolCallbackProvider argumentConsumer',
        value: argumentConsumer,
        allowed: 'a function',
      });
    }
    if (delegate !== undefined && toolObject !== undefined) {
      throw new ConfigurationError({
        setting: 'AugmentedToolCallbackProvider delegate',
        value: delegate,
        allowed: 'either a delegate provider or a toolObject, not both',
        message: 'Cannot set both delegate and toolObject: wrap one provider, or one object with @Tool methods.',
      });
    }
    if (delegate === undefined && toolObject === undefined) {
      throw missing('delegate', 'Either delegate or toolObject must be set: the tools to augment');
    }
    if (delegate !== undefined && !isToolCallbackProvider(delegate)) {
      throw new ConfigurationError({
        setting: 'AugmentedToolCallbackProvider delegate',
        value: delegate,
        allowed: 'a ToolCallbackProvider',
      });
    }
    const registry = options.schemaRegistry ?? toolSchemaRegistry;
    this.options = { ...options, schemaRegistry: registry };
    this.delegate =
      delegate ??
      MethodToolCallbackProvider.builder()
        .toolObjects(toolObject as object)
        .schemaRegistry(registry)
        .build();
    // Fails early, naming the type, even when the delegate has no tools yet.
    ToolInputSchemaAugmenter.toAugmentedArgumentTypes(argumentType, registry);
    this.getToolCallbacks();
  }

  /** `AugmentedToolCallbackProvider.builder().toolObject(o).argumentType(T).argumentConsumer(fn).build()`. */
  static builder<T = unknown>(): AugmentedToolCallbackProviderBuilder<T> {
    return new AugmentedToolCallbackProviderBuilder<T>();
  }

  /**
   * The delegate's tools, each wrapped in an {@link AugmentedToolCallback}.
   *
   * @returns the delegate's callbacks, each wrapped (a callback keeps its wrapper)
   * @throws ConfigurationError when a new callback of the delegate has a parameter named like an
   *   augmented field (the message names both)
   */
  getToolCallbacks(): readonly ToolCallback[] {
    const callbacks = this.delegate.getToolCallbacks();
    if (this.last?.from === callbacks) return this.last.to;
    const wrapped = Object.freeze(callbacks.map((callback) => this.wrap(callback)));
    this.last = { from: callbacks, to: wrapped };
    return wrapped;
  }

  private wrap(callback: ToolCallback): AugmentedToolCallback<T> {
    let wrapper = this.wrappers.get(callback);
    if (wrapper === undefined) {
      wrapper = new AugmentedToolCallback<T>({ ...this.options, delegate: callback });
      this.wrappers.set(callback, wrapper);
    }
    return wrapper;
  }
}

/**
 * Builds an {@link AugmentedToolCallbackProvider}; `argumentType(Type)` also fixes the type the
 * consumer receives.
 *
 * @see Spring AI `AugmentedToolCallbackProvider.Builder`
 */
export class AugmentedToolCallbackProviderBuilder<T = unknown> {
  private options: Partial<AugmentedToolCallbackProviderOptions<T>> = {};

  /** The provider whose tools are wrapped (instead of {@link toolObject}). */
  delegate(delegate: ToolCallbackProvider): this {
    return this.set({ delegate });
  }

  /** An object with `@Tool` methods whose tools are wrapped (instead of {@link delegate}). */
  toolObject(toolObject: object): this {
    return this.set({ toolObject });
  }

  /** The class whose `@ToolParam` properties are added to every tool's input schema, e.g. `AgentThinking`. */
  argumentType<U>(argumentType: abstract new (...args: never[]) => U): AugmentedToolCallbackProviderBuilder<U> {
    const next = this as unknown as AugmentedToolCallbackProviderBuilder<U>;
    next.options = { ...(this.options as Partial<AugmentedToolCallbackProviderOptions<U>>), argumentType };
    return next;
  }

  /** Receives each valid call's augmented arguments before the tool runs (required, as in Spring). */
  argumentConsumer(argumentConsumer: (event: AugmentedArgumentEvent<T>) => void | Promise<void>): this {
    return this.set({ argumentConsumer });
  }

  /** Whether the fields are removed before the tool runs. @defaultValue true */
  removeExtraArgumentsAfterProcessing(removeExtraArgumentsAfterProcessing: boolean): this {
    return this.set({ removeExtraArgumentsAfterProcessing });
  }

  /**
   * Whether a consumer that throws fails the call (the model reads the error, the tool does not
   * run) instead of being logged while the tool runs. Sprout's addition. @defaultValue false
   */
  failOnConsumerError(failOnConsumerError: boolean): this {
    return this.set({ failOnConsumerError });
  }

  /** Where the schemas are looked up. @defaultValue the shared `toolSchemaRegistry` */
  schemaRegistry(schemaRegistry: ToolSchemaRegistry): this {
    return this.set({ schemaRegistry });
  }

  /**
   * Builds the provider, checking the argument type and the delegate's tools.
   *
   * @throws as {@link AugmentedToolCallbackProvider}'s constructor does
   */
  build(): AugmentedToolCallbackProvider<T> {
    return new AugmentedToolCallbackProvider<T>(this.options as AugmentedToolCallbackProviderOptions<T>);
  }

  private set(options: Partial<AugmentedToolCallbackProviderOptions<T>>): this {
    this.options = { ...this.options, ...options };
    return this;
  }
}

function missing(setting: 'argumentType' | 'argumentConsumer' | 'delegate', message: string): ConfigurationError {
  return new ConfigurationError({
    setting: `AugmentedToolCallbackProvider ${setting}`,
    value: undefined,
    allowed: setting === 'delegate' ? 'a delegate provider or a toolObject' : `an ${setting}`,
    message: `${message}.`,
  });
}
