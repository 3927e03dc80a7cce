import { context } from '@opentelemetry/api';
import { ToolResponseMessage, type ToolResponse } from '../../chat/messages/tool-response-message';
import type { ChatResponse } from '../../chat/model/chat-response';
import type { Generation } from '../../chat/model/generation';
import { ToolContext } from '../../chat/model/tool-context';
import type { Prompt } from '../../chat/prompt/prompt';
import { RequestAbortedError } from '../../error/request-aborted-error';
import { NoToolCallRequestedError } from './no-tool-call-requested-error';
import type { ToolDefinition } from '../../tool/definition/tool-definition';
import { DefaultToolExecutionExceptionProcessor } from '../../tool/execution/default-tool-execution-exception-processor';
import type { ToolExecutionExceptionProcessor } from '../../tool/execution/tool-execution-exception-processor';
import { DelegatingToolCallbackResolver } from '../../tool/resolution/delegating-tool-callback-resolver';
import type { ToolCallbackResolver } from '../../tool/resolution/tool-callback-resolver';
import { assertUniqueToolNames } from '../../tool/support/assert-unique-tool-names';
import type { ToolCallback } from '../../tool/tool-callback';
import { createLogger } from '../../util/logger';
import { DefaultToolCallingManagerBuilder } from './default-tool-calling-manager-builder';
import { type ToolCallEnvironment, executeToolCall } from './execute-tool-call';
import { planToolCallLimits } from './plan-tool-call-limits';
import { addToolRound, countToolCalls } from './tool-call-counts';
import { prepareToolCalls } from './prepare-tool-calls';
import { runWithConcurrency } from './run-with-concurrency';
import type { PreparedToolCall } from './prepared-tool-call';
import { ToolCallLimitExceededError } from './tool-call-limit-exceeded-error';
import {
  DEFAULT_MAX_CALLS_PER_TOOL,
  DEFAULT_MAX_TOTAL_TOOL_CALLS,
  type ToolCallLimitBreach,
  ToolCallLimits,
} from './tool-call-limits';
import type { ToolCallOutcome } from './tool-call-outcome';
import { ToolCallTelemetry } from './tool-call-telemetry';
import type { ToolCallingChatOptions } from './tool-calling-chat-options';
import type { ToolCallingManager } from './tool-calling-manager';
import type { ToolExecutionOptions } from './tool-execution-options';
import { DEFAULT_TOOL_EXECUTION_SETTINGS, type ToolExecutionSettings } from './tool-execution-settings';
import type { ToolExecutionResult } from './tool-execution-result';
import { UnresolvedToolNamesError } from './unresolved-tool-names-error';
import type { PendingToolCall } from './approval/pending-tool-call';
import type { ToolApprovalRequirement } from './approval/tool-approval-policy';
import { ToolApprovalRules } from './approval/tool-approval-rules';
import { declinedToolCallMessage } from './approval/tool-call-decisions';

const logger = createLogger('DefaultToolCallingManager');

/** The context tools get when the request has none (immutable, so one instance serves every call). */
const EMPTY_TOOL_CONTEXT = new ToolContext();

/** What {@link DefaultToolCallingManagerBuilder} hands to the constructor; every part optional. */
export interface DefaultToolCallingManagerConfig {
  readonly toolCallbackResolver?: ToolCallbackResolver;
  readonly toolExecutionExceptionProcessor?: ToolExecutionExceptionProcessor;
  readonly resolutionFallbackEnabled?: boolean;
  readonly limits?: ToolCallLimits;
  readonly execution?: ToolExecutionSettings;
  /** Record tool arguments and results on the `execute_tool` spans. @defaultValue `false` */
  readonly observationsIncludeContent?: boolean;
  readonly approvalRules?: ToolApprovalRules;
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
 * - The calls of a round run concurrently (`execution.maxConcurrency`, default 10; `1` is Spring's
 *   one-after-another), tools may be `exclusive`, have a timeout and a result cap, and the request's
 *   `AbortSignal` stops them. Limits are still decided in call order, so the same calls are refused.
 * - Every tool failure is logged at warn (credentials masked, with the error id).
 * - Each call is recorded as an OpenTelemetry `execute_tool {name}` span and in the `spring.ai.tool`
 *   duration histogram ({@link ToolCallTelemetry}) instead of a Micrometer observation; a
 *   `ToolCallObserver` also hears each call.
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
  /** Spans and the tool-duration histogram of every call. */
  readonly #telemetry: ToolCallTelemetry;
  /** Which calls wait for a person's approval. @defaultValue `new ToolApprovalRules()` (tool metadata, destructive MCP tools) */
  readonly approvalRules: ToolApprovalRules;

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
    this.#telemetry = new ToolCallTelemetry(config.observationsIncludeContent ?? false);
    this.approvalRules = config.approvalRules ?? new ToolApprovalRules();
  }

  /** Whether tool arguments and results are recorded on the spans (`spring.ai.tools.observations.include-content`). */
  get observationsIncludeContent(): boolean {
    return this.#telemetry.includeContent;
  }

  /**
   * Whether a prepared call needs a person's approval before it runs ({@link ToolApprovalRules}) —
   * the check the loop makes, for callers that execute tools themselves (user-controlled execution).
   * A call that cannot run anyway (unknown tool, unusable or invalid arguments) needs none: it fails
   * and the model reads why.
   *
   * @param call - a call prepared by `prepareToolCalls`
   * @returns why it needs approval, or `undefined`
   * @throws whatever a configured policy throws
   */
  approvalRequired(call: PreparedToolCall): ToolApprovalRequirement | undefined {
    const { callback, arguments: args } = call;
    if (callback === undefined || call.preparationError !== undefined) return undefined;
    if (args.value === undefined || args.violations.length > 0) return undefined;
    return this.approvalRules.check({
      toolName: call.name,
      arguments: args.value,
      toolDefinition: callback.toolDefinition,
      toolMetadata: callback.toolMetadata,
    });
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
   * Runs the tool calls of the first generation that has any, passing every tool the request's
   * `ToolContext` (from `options.toolContext`) with its own `signal`.
   *
   * 1. The calls are prepared once ({@link prepareToolCalls}): ids, repaired and validated
   *    arguments, callbacks resolved — the options' callbacks by exact name, then names of
   *    `options.toolNames` and, only with resolution fallback enabled, any name through the resolver.
   * 2. The limits are applied in the model's call order, before anything runs
   *    ({@link planToolCallLimits}): calls since the last user message, this one included.
   * 3. The calls that may run, run concurrently — at most `execution.maxConcurrency` at once; a
   *    tool with `concurrency: 'exclusive'` runs alone — each within its timeout. A failing or
   *    timed-out call's error goes through the exception processor, whose text becomes its
   *    response; results longer than the cap are cut to head and tail.
   * 4. The responses are put in the history in the model's call order, whatever order they finished in.
   *
   * Calls that need approval ({@link DefaultToolCallingManager.approvalRequired}) do not run: they
   * are listed in `pendingApproval` and the tool message answers the others. With
   * `options.decisions` (the round run again on resume), approved calls run, declined ones are
   * answered `The user declined to run tool 'x'; …` (status `rejected`) and answered ones are reused.
   *
   * @param prompt - the turn so far; its options carry the callbacks and the tool context
   * @param chatResponse - the model response asking for tools
   * @param options - the request's abort signal and an observer told about each call
   * @returns history = prompt messages + assistant message (prepared ids and arguments) + one
   *   `ToolResponseMessage` answering every call in order (`isError` on the responses of failed or
   *   refused calls); `returnDirect` = every executed tool is returnDirect (false if none ran)
   * @throws ToolCallLimitExceededError when a limit is exceeded and the behaviour is `THROW` (the
   *   calls before the breaching one ran; their responses are in the partial result)
   * @throws RequestAbortedError when `options.signal` aborts before or while the tools run
   * @throws NoToolCallRequestedError when no generation of the response has tool calls
   * @throws whatever the exception processor throws (no further call starts; the running ones finish first)
   */
  async executeToolCalls(
    prompt: Prompt,
    chatResponse: ChatResponse,
    options: ToolExecutionOptions = {},
  ): Promise<ToolExecutionResult> {
    // An index loop: on Node 20 `find` and for…of over a frozen array take V8's slow path.
    let generation: Generation | undefined;
    for (let i = 0; i < chatResponse.results.length && generation === undefined; i++) {
      if (chatResponse.results[i].output.hasToolCalls()) generation = chatResponse.results[i];
    }
    if (generation === undefined) {
      throw new NoToolCallRequestedError(
        'No tool call requested by the chat model: executeToolCalls needs a response with tool calls ' +
          '(check it with defaultToolExecutionEligibilityChecker first).',
      );
    }
    const { signal, observer, decisions, callCounts } = options;
    RequestAbortedError.throwIfAborted(signal);
    const chatOptions = prompt.options;
    const { assistantMessage, calls } = prepareToolCalls(generation.output, (name) =>
      this.#resolveCallback(name, chatOptions),
    );
    const prior = callCounts ?? countToolCalls(prompt.instructions);
    const plan = planToolCallLimits(prior, calls, this.limits);
    const considered = plan.throwAt === undefined ? calls : calls.slice(0, plan.throwAt + 1);
    const outcomes: ToolCallOutcome[] = [];
    const runnable: PreparedToolCall[] = [];
    // The spans' parent: the caller's active context (the ChatClient request's span).
    const parent = context.active();
    const telemetry = this.#telemetry;
    const pending: PendingToolCall[] = [];
    const answered =
      decisions === undefined ? undefined : new Map(decisions.answered.map((response) => [response.id, response]));
    for (const call of considered) {
      const earlier = answered?.get(call.id);
      if (earlier !== undefined) {
        outcomes[call.index] = reused(call, earlier);
        continue;
      }
      const breach = plan.breaches.get(call.index);
      const approval =
        breach === undefined && decisions?.approved.has(call.id) !== true && !decisions?.rejected.has(call.id)
          ? this.approvalRequired(call)
          : undefined;
      if (approval !== undefined && plan.throwAt === undefined) {
        pending.push({ id: call.id, toolName: call.name, arguments: call.arguments.text, reason: approval.reason });
        continue;
      }
      if (observer?.onToolCallStart !== undefined) notify(() => observer.onToolCallStart?.(call));
      if (breach !== undefined) outcomes[call.index] = refused(call, 'limit', breach.message);
      else if (call.callback === undefined) outcomes[call.index] = this.#unknownTool(call, chatOptions);
      else if (decisions?.rejected.has(call.id) === true) {
        const reason = decisions.rejected.get(call.id) ?? '';
        outcomes[call.index] = refused(call, 'rejected', declinedToolCallMessage(call.name, reason));
      } else if (approval !== undefined) {
        // The turn ends at a call limit, so no decision will come: never run it unapproved.
        const text = `Tool '${call.name}' needs the user's approval and was not run: the turn ended at a call limit.`;
        outcomes[call.index] = refused(call, 'rejected', text);
      } else runnable.push(call);
      if (outcomes[call.index] !== undefined) {
        telemetry.end(telemetry.start(call, parent), outcomes[call.index]);
        if (observer?.onToolCallEnd !== undefined) notify(() => observer.onToolCallEnd?.(outcomes[call.index]));
      }
    }

    const env: ToolCallEnvironment = {
      processor: this.toolExecutionExceptionProcessor,
      settings: this.execution,
      toolContext:
        chatOptions?.toolContext === undefined ? EMPTY_TOOL_CONTEXT : new ToolContext(chatOptions.toolContext),
      requestSignal: signal,
      telemetry,
      parent,
      finished: (outcome) => {
        outcomes[outcome.call.index] = outcome;
        if (observer?.onToolCallEnd !== undefined) notify(() => observer.onToolCallEnd?.(outcome));
      },
    };
    await runWithConcurrency(
      runnable,
      this.execution.maxConcurrency,
      (call) => call.callback?.toolMetadata.concurrency === 'exclusive',
      (call) => executeToolCall(call, call.callback as ToolCallback, env),
    );
    RequestAbortedError.throwIfAborted(signal);

    const responses: ToolResponse[] = [];
    for (const call of considered) {
      const outcome = outcomes[call.index];
      if (outcome === undefined) continue; // waiting for approval: answered when the turn resumes
      const { status, responseData, media } = outcome;
      responses.push(
        status === 'success'
          ? { id: call.id, name: call.name, responseData, ...(media === undefined ? {} : { media }) }
          : { id: call.id, name: call.name, responseData, isError: true },
      );
    }
    const answers = pending.length > 0 && responses.length === 0 ? undefined : new ToolResponseMessage(responses);
    const history = [...prompt.instructions, assistantMessage];
    if (answers !== undefined) history.push(answers);
    const result: ToolExecutionResult = {
      conversationHistory: Object.freeze(history),
      callCounts: answers === undefined ? prior : addToolRound(prior, answers.responses),
      returnDirect:
        pending.length === 0 &&
        runnable.length > 0 &&
        runnable.every((call) => (call.callback as ToolCallback).toolMetadata.returnDirect),
      ...(pending.length > 0 ? { pendingApproval: Object.freeze(pending) } : {}),
    };
    if (plan.throwAt !== undefined) {
      const breach = plan.breaches.get(plan.throwAt) as ToolCallLimitBreach;
      throw new ToolCallLimitExceededError({
        kind: breach.kind,
        toolName: breach.toolName,
        limit: breach.limit,
        partialToolExecutionResult: result,
      });
    }
    return result;
  }

  #unknownTool(call: PreparedToolCall, options: ToolCallingChatOptions | undefined): ToolCallOutcome {
    const available = this.#availableToolNames(options);
    logger.warn(
      { toolName: call.name, toolCallId: call.id, available },
      `The model called unknown tool '${call.name}' (it may have altered the name, e.g. truncated a long one); answering with the list of available tools`,
    );
    return refused(call, 'unknown-tool', unknownToolMessage(call.name, available));
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
}

/** The outcome of a call answered without running its tool. */
function refused(call: PreparedToolCall, status: 'limit' | 'unknown-tool' | 'rejected', text: string): ToolCallOutcome {
  return { call, status, responseData: text, fullResponseData: text, durationMs: 0 };
}

/** The outcome of a call answered before the round paused for approval. */
function reused(call: PreparedToolCall, response: ToolResponse): ToolCallOutcome {
  const status = response.isError === true ? 'error' : 'success';
  return { call, status, responseData: response.responseData, fullResponseData: response.responseData, durationMs: 0 };
}

/** Runs an observer callback; what it throws is logged, never passed on. */
function notify(report: () => void): void {
  try {
    report();
  } catch (error) {
    logger.warn({ err: error }, 'A tool call observer threw; ignored');
  }
}

function unknownToolMessage(name: string, available: readonly string[]): string {
  return `Unknown tool '${name}'. Available: ${available.length > 0 ? available.join(', ') : '(none)'}`;
}
