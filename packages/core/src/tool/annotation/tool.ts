import 'reflect-metadata';
import type { ToolCallResultConverter } from '../execution/tool-call-result-converter';
import { checkToolExecutionRules } from '../metadata/check-tool-execution-rules';
import type { ToolApprovalMode, ToolConcurrency } from '../metadata/tool-metadata';
import { METADATA_KEYS } from '../support/metadata-keys';
import { toolClassRegistry } from './tool-class-registry';
import type { ToolMethodDecorator } from './tool-method-decorator';

/** Options of {@link Tool}. */
export interface ToolOptions {
  /** Tool name; defaults to the method name. Should match `^[a-zA-Z0-9_-]{1,64}$` for OpenAI. */
  readonly name?: string;
  /** What the model reads to decide when to call it; defaults to the method's TSDoc summary, then its name. */
  readonly description?: string;
  /** Send the result straight to the caller instead of back to the model. @defaultValue false */
  readonly returnDirect?: boolean;
  /** Converts the return value to text; a class (instantiated once) or an instance. */
  readonly resultConverter?: ToolCallResultConverter | (new () => ToolCallResultConverter);
  /**
   * OpenAI strict mode for this tool (wins over `spring.ai.openai.chat.options.strict`); a schema
   * that cannot be made strict is sent non-strict with a warning. @defaultValue the model's option
   */
  readonly strict?: boolean;
  /**
   * `'exclusive'`: a call of this tool never overlaps another call of the same round (for tools
   * that must not run beside others, e.g. ones writing shared state). @defaultValue `'parallel'`
   */
  readonly concurrency?: ToolConcurrency;
  /**
   * Time one call may take, in milliseconds: then `toolContext.signal` aborts and the model reads a
   * timeout error for this call alone. @defaultValue `spring.ai.tools.execution.timeout` (none)
   */
  readonly timeoutMs?: number;
  /**
   * Longest result, in characters, the model reads; a longer one reaches it as head and tail with a
   * line saying how much was cut. `-1`: no cap. @defaultValue `spring.ai.tools.result.max-chars` (100 000)
   */
  readonly maxResultChars?: number;
  /**
   * `'required'`: each call waits for a person's approval; the turn pauses with
   * `pendingApproval` until it is resumed (docs/approval.md). @defaultValue `'none'`
   */
  readonly approval?: ToolApprovalMode;
}

/** What `@Tool` records for one method. */
export interface ToolMethodOptions extends ToolOptions {
  readonly methodName: string;
}

/**
 * Marks a method of an (injectable) class as a tool. Its argument schema comes from the build-time
 * schema manifest (`sprout-schema`), its parameter descriptions from TSDoc or {@link ToolParam}.
 * A decorator of your own may apply it (`const ReadOnlyTool = (d: string) => Tool({ description: d })`):
 * `sprout-schema` follows it (see {@link ToolMethodDecorator}).
 *
 * @example
 * ```ts
 * @injectable()
 * class OrderTools {
 *   @Tool({ description: 'Status of an order' })
 *   getOrderStatus(orderId: string, ctx: ToolContext) { ... }
 * }
 * ```
 * @throws ConfigurationError when `concurrency`, `timeoutMs`, `maxResultChars` or `approval` has a
 *   value that is not allowed (at class definition)
 * @remarks `concurrency`, `timeoutMs`, `maxResultChars` and `approval` are Sprout's additions.
 * @see Spring AI `@Tool`
 */
export function Tool(options: ToolOptions = {}): ToolMethodDecorator {
  return (target, propertyKey, descriptor) => {
    if (typeof propertyKey !== 'string' || typeof descriptor.value !== 'function') {
      throw new TypeError(`@Tool can only decorate methods with string names (got ${String(propertyKey)})`);
    }
    const ctor = (typeof target === 'function' ? target : target.constructor) as object;
    checkToolExecutionRules(options, `@Tool on ${(ctor as { name?: string }).name ?? 'a class'}.${propertyKey}`);
    const own: ToolMethodOptions[] = Reflect.hasOwnMetadata(METADATA_KEYS.toolMethods, ctor)
      ? (Reflect.getOwnMetadata(METADATA_KEYS.toolMethods, ctor) as ToolMethodOptions[])
      : [];
    Reflect.defineMetadata(
      METADATA_KEYS.toolMethods,
      [...own.filter((m) => m.methodName !== propertyKey), { ...options, methodName: propertyKey }],
      ctor,
    );
    toolClassRegistry.add(ctor as abstract new (...args: never[]) => unknown);
  };
}
