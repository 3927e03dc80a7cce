import type { AssistantMessage } from '../../chat/messages/assistant-message';
import type { Message } from '../../chat/messages/message';
import { ToolResponseMessage, type ToolResponse } from '../../chat/messages/tool-response-message';
import { UserMessage } from '../../chat/messages/user-message';
import type { ChatResponse } from '../../chat/model/chat-response';
import { ToolContext } from '../../chat/model/tool-context';
import type { Prompt } from '../../chat/prompt/prompt';
import { SproutError } from '../../error/sprout-error';
import type { ToolDefinition } from '../../tool/definition/tool-definition';
import { DefaultToolExecutionExceptionProcessor } from '../../tool/execution/default-tool-execution-exception-processor';
import { ToolExecutionError } from '../../tool/execution/tool-execution-error';
import type { ToolExecutionExceptionProcessor } from '../../tool/execution/tool-execution-exception-processor';
import { DelegatingToolCallbackResolver } from '../../tool/resolution/delegating-tool-callback-resolver';
import type { ToolCallbackResolver } from '../../tool/resolution/tool-callback-resolver';
import { assertUniqueToolNames } from '../../tool/support/assert-unique-tool-names';
import type { ToolCallback } from '../../tool/tool-callback';
import { createLogger } from '../../util/logger';
import { DefaultToolCallingManagerBuilder } from './default-tool-calling-manager-builder';
import { normalizeToolCalls } from './normalize-tool-calls';
import { ToolCallLimitExceededError } from './tool-call-limit-exceeded-error';
import { DEFAULT_MAX_CALLS_PER_TOOL, DEFAULT_MAX_TOTAL_TOOL_CALLS, ToolCallLimits } from './tool-call-limits';
import type { ToolCallingChatOptions } from './tool-calling-chat-options';
import type { ToolCallingManager } from './tool-calling-manager';
import { DEFAULT_TOOL_EXECUTION_SETTINGS, type ToolExecutionSettings } from './tool-execution-settings';
import type { ToolExecutionResult } from './tool-execution-result';
import { UnresolvedToolNamesError } from './unresolved-tool-names-error';

const logger = createLogger('DefaultToolCallingManager');

/** The context tools get when the request has none (immutable, so one instance serves every call). */
const EMPTY_TOOL_CONTEXT = new ToolContext();

/** Calls per tool name since the last user message, and their total. */
interface PriorCallCounts {
  readonly perTool: Map<string, number>;
  readonly total: number;
}

/**
 * The counts at the end of each history this manager returned (frozen arrays, keyed by identity):
 * the next round's prompt starts with that history, so its counts are read here instead of
 * rescanning the whole turn every round.
 */
const countsAtEndOf = new WeakMap<readonly Message[], PriorCallCounts>();

/** What {@link DefaultToolCallingManagerBuilder} hands to the constructor; every part optional. */
export interface DefaultToolCallingManagerConfig {
  readonly toolCallbackResolver?: ToolCallbackResolver;
  readonly toolExecutionExceptionProcessor?: ToolExecutionExceptionProcessor;
  readonly resolutionFallbackEnabled?: boolean;
  readonly limits?: ToolCallLimits;
  readonly execution?: ToolExecutionSettings;
}

/**
 * Executes the tool calls of a model response, one round at a time, and enforces per-turn call
 * limits. Stateless between calls: limits are counted from the prompt's messages since the last
 * user message.
 *
 * @remarks Deliberate departures from Spring AI:
 * - A call to an unknown tool is answered with a tool response the model can act on
 *   (`Unknown tool 'x'. Available: a, b`) and the other calls of the round still run; Spring aborts
 *   the request with `IllegalStateException`.
 * - Blank arguments run the tool with `{}` **and** the assistant message placed in the returned
 *   history carries `"{}"`, so the next request replays valid JSON.
 * - A callback that throws something other than `ToolExecutionError` is wrapped into one and goes
 *   through the exception processor as well (Spring lets it propagate).
 * - `ToolCallingChatOptions.toolNames` (absent in Spring 2.0) are resolved through the
 *   `ToolCallbackResolver`, both for definitions and for execution.
 * - No observations (`spring.ai.tool`) are recorded.
 * @see Spring AI `DefaultToolCallingManager`
 */
export class DefaultToolCallingManager implements ToolCallingManager {
  readonly toolCallbackResolver: ToolCallbackResolver;
  readonly toolExecutionExceptionProcessor: ToolExecutionExceptionProcessor;
  /** @defaultValue `false` */
  readonly resolutionFallbackEnabled: boolean;
  /**
   * @defaultValue {@link DEFAULT_MAX_CALLS_PER_TOOL} per tool, {@link DEFAULT_MAX_TOTAL_TOOL_CALLS}
   * in total, `THROW`
   */
  readonly limits: ToolCallLimits;
  /** Concurrency, default timeout and result cap. @defaultValue {@link DEFAULT_TOOL_EXECUTION_SETTINGS} */
  readonly execution: ToolExecutionSettings;

  /**
   * Prefer {@link DefaultToolCallingManager.builder}, which validates the limits.
   *
   * @param config - resolver, exception processor, fallback flag and limits; defaults as the builder's
   */
  constructor(config: DefaultToolCallingManagerConfig = {}) {
    this.toolCallbackResolver = config.toolCallbackResolver ?? new DelegatingToolCallbackResolver([]);
    this.toolExecutionExceptionProcessor =
      config.toolExecutionExceptionProcessor ?? new DefaultToolExecutionExceptionProcessor();
    this.resolutionFallbackEnabled = config.resolutionFallbackEnabled ?? false;
    this.limits =
      config.limits ??
      new ToolCallLimits(DEFAULT_MAX_CALLS_PER_TOOL, new Map(), new Set(), DEFAULT_MAX_TOTAL_TOOL_CALLS, 'THROW');
    this.execution = config.execution ?? DEFAULT_TOOL_EXECUTION_SETTINGS;
  }

  /** @returns a builder with the defaults (40 calls per tool, 150 in total, `THROW`, fallback off) */
  static builder(): DefaultToolCallingManagerBuilder {
    return new DefaultToolCallingManagerBuilder();
  }

  /**
   * The definitions sent to the model: those of `options.toolCallbacks` in order, then those of
   * `options.toolNames` (names already among the callbacks are skipped) resolved through the
   * resolver.
   *
   * @param options - the request options; `undefined` gives `[]`
   * @returns the tool definitions
   * @throws UnresolvedToolNamesError when the resolver does not know a name of `toolNames`
   * @throws DuplicateToolNameError when two of `options.toolCallbacks` share a name (naming their sources)
   */
  resolveToolDefinitions(options: ToolCallingChatOptions | undefined): ToolDefinition[] {
    const callbacks = [...(options?.toolCallbacks ?? [])];
    // A model driven directly (no ChatClient) must not offer two tools under one name either,
    // e.g. a local @Tool and an MCP tool.
    assertUniqueToolNames(callbacks);
    const known = new Set(callbacks.map((c) => c.toolDefinition.name));
    const unresolved: string[] = [];
    for (const name of options?.toolNames ?? []) {
      if (known.has(name)) continue;
      known.add(name);
      const callback = this.toolCallbackResolver.resolve(name);
      if (callback == null) unresolved.push(name);
      else callbacks.push(callback);
    }
    if (unresolved.length > 0) throw new UnresolvedToolNamesError({ toolNames: unresolved });
    return callbacks.map((c) => c.toolDefinition);
  }

  /**
   * Runs the tool calls of the first generation that has any, sequentially and in order, passing
   * every tool the same `ToolContext` built from `options.toolContext`.
   *
   * Each call is counted first (calls since the last user message, this one included), then checked
   * against the limits, then resolved: the options' callbacks by exact name, then names of
   * `options.toolNames` and — only with resolution fallback enabled — any name through the resolver.
   * A failing tool's error goes through the exception processor, whose text becomes the response.
   *
   * @param prompt - the turn so far; its options carry the callbacks and the tool context
   * @param chatResponse - the model response asking for tools
   * @returns history = prompt messages + assistant message + one `ToolResponseMessage` answering
   *   every call in order; `returnDirect` = every executed tool is returnDirect (false if none ran)
   * @throws ToolCallLimitExceededError when a limit is exceeded and the behaviour is `THROW`
   * @throws SproutError when no generation of the response has tool calls
   * @throws whatever the exception processor throws
   */
  async executeToolCalls(prompt: Prompt, chatResponse: ChatResponse): Promise<ToolExecutionResult> {
    const generation = chatResponse.results.find((g) => g.output.hasToolCalls());
    if (!generation) {
      throw new SproutError(
        'No tool call requested by the chat model: executeToolCalls needs a response with tool calls ' +
          '(check it with defaultToolExecutionEligibilityChecker first).',
      );
    }
    const options = prompt.options as ToolCallingChatOptions | undefined;
    const toolContext = options?.toolContext === undefined ? EMPTY_TOOL_CONTEXT : new ToolContext(options.toolContext);
    const assistantMessage = withNormalizedArguments(generation.output);
    const prior = countsAtEndOf.get(prompt.instructions) ?? countPriorCalls(prompt.instructions);
    const counts = new Map(prior.perTool);
    let total = prior.total;
    const responses: ToolResponse[] = [];
    let returnDirect: boolean | undefined;
    const result = (): ToolExecutionResult => {
      const conversationHistory = Object.freeze([
        ...prompt.instructions,
        assistantMessage,
        new ToolResponseMessage(responses),
      ]);
      // Every call of the round got a response under its name, so `counts` are the new history's counts.
      countsAtEndOf.set(conversationHistory, { perTool: counts, total });
      return { conversationHistory, returnDirect: returnDirect ?? false };
    };

    const toolCalls = assistantMessage.toolCalls;
    for (let index = 0; index < toolCalls.length; index++) {
      const toolCall = toolCalls[index];
      const { id, name } = toolCall;
      total += 1;
      const count = (counts.get(name) ?? 0) + 1;
      counts.set(name, count);
      const breach = this.limits.check(name, count, total);
      if (breach) {
        responses.push({ id, name, responseData: breach.message });
        if (this.limits.onLimitExceeded === 'THROW') {
          throw new ToolCallLimitExceededError({
            toolName: breach.toolName,
            limit: breach.limit,
            partialToolExecutionResult: result(),
          });
        }
        continue;
      }
      const callback = this.#resolveCallback(name, options);
      if (!callback) {
        const available = this.#availableToolNames(options);
        logger.warn(
          { toolName: name, toolCallId: id, available },
          `The model called unknown tool '${name}' (it may have altered the name, e.g. truncated a long one); answering with the list of available tools`,
        );
        responses.push({ id, name, responseData: unknownToolMessage(name, available) });
        continue;
      }
      returnDirect = (returnDirect ?? true) && callback.toolMetadata.returnDirect;
      let responseData: string | null | undefined;
      try {
        responseData = await callback.call(toolCall.arguments, toolContext);
      } catch (thrown) {
        responseData = this.#process(callback, thrown);
      }
      responses.push({ id, name, responseData: responseData ?? '' });
    }
    return result();
  }

  #resolveCallback(name: string, options: ToolCallingChatOptions | undefined): ToolCallback | undefined {
    const own = options?.toolCallbacks?.find((c) => c.toolDefinition.name === name);
    if (own) return own;
    if (this.resolutionFallbackEnabled || (options?.toolNames ?? []).includes(name)) {
      return this.toolCallbackResolver.resolve(name) ?? undefined;
    }
    return undefined;
  }

  #availableToolNames(options: ToolCallingChatOptions | undefined): string[] {
    const names = (options?.toolCallbacks ?? []).map((c) => c.toolDefinition.name);
    return [...new Set([...names, ...(options?.toolNames ?? [])])];
  }

  /** The exception processor's answer to a failed call (a non-`ToolExecutionError` is wrapped first). */
  #process(callback: ToolCallback, thrown: unknown): string | null | undefined {
    const error =
      thrown instanceof ToolExecutionError
        ? thrown
        : new ToolExecutionError({ toolDefinition: callback.toolDefinition, cause: thrown });
    return this.toolExecutionExceptionProcessor.process(error);
  }
}

/** Tool-call counts per name since the last user message (the whole history when there is none). */
function countPriorCalls(instructions: readonly Message[]): PriorCallCounts {
  let start = 0;
  for (let i = instructions.length - 1; i >= 0; i--) {
    if (instructions[i] instanceof UserMessage) {
      start = i;
      break;
    }
  }
  const perTool = new Map<string, number>();
  let total = 0;
  for (let i = start; i < instructions.length; i++) {
    const message = instructions[i];
    if (!(message instanceof ToolResponseMessage)) continue;
    for (const response of message.responses) perTool.set(response.name, (perTool.get(response.name) ?? 0) + 1);
    total += message.responses.length;
  }
  return { perTool, total };
}

/**
 * The same message when every call is usable as sent; otherwise a copy with synthesized ids for
 * blank ones, `{}` for blank arguments and repaired argument text (see `normalizeToolCalls`).
 */
function withNormalizedArguments(message: AssistantMessage): AssistantMessage {
  return normalizeToolCalls(message);
}

function unknownToolMessage(name: string, available: readonly string[]): string {
  return `Unknown tool '${name}'. Available: ${available.length > 0 ? available.join(', ') : '(none)'}`;
}
