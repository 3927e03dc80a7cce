import {
  CHAT_MEMORY_CONVERSATION_ID,
  ConfigurationError,
  DEFAULT_CONVERSATION_ID,
  DefaultToolCallingManager,
  defaultToolExecutionEligibilityChecker,
  type Message,
  type ToolCallingChatOptions,
  type ToolCallingManager,
  type ToolChoice,
  type ToolExecutionEligibilityChecker,
  type ToolExecutionResult,
} from '@sprout-ai/core';
import type { PausedTurnDraft } from '../approval/paused-turn';
import { toolApprovalResumeOf } from '../approval/tool-approval-resume';
import { ToolApprovalStore } from '../approval/tool-approval-store';
import { ChatClientRequest } from '../chat-client-request';
import type { ChatClientResponse } from '../chat-client-response';
import type { CallAdvisor } from './api/call-advisor';
import type { CallAdvisorChain } from './api/call-advisor-chain';
import { HIGHEST_PRECEDENCE, LOWEST_PRECEDENCE } from './api/ordered';
import type { StreamAdvisor } from './api/stream-advisor';
import type { StreamAdvisorChain } from './api/stream-advisor-chain';
import { ChatClientMessageAggregator } from './chat-client-message-aggregator';
import { fromArray, reiterable, streamRound, usageOnlyChunk } from './tool-calling-stream-round';
import { ToolCallingRound } from './tool-calling-round';
import { TOOL_ADVISOR, type ToolAdvisor } from './api/tool-advisor';
import type { ToolCallingAdvisorOptions } from './tool-calling-advisor-options';
import { ToolCallingAdvisorBuilder } from './tool-calling-advisor-builder';
import { withoutToolCallingTurn } from './tool-calling-turn';

let sharedDefaultManager: ToolCallingManager | undefined;

/**
 * The manager of advisors built without one: a single default `DefaultToolCallingManager`, shared
 * because it is stateless (limits are counted from the prompt), so no manager is built per request.
 */
function sharedDefaultToolCallingManager(): ToolCallingManager {
  sharedDefaultManager ??= DefaultToolCallingManager.builder().build();
  return sharedDefaultManager;
}

/** A class whose instances are built from {@link ToolCallingAdvisorOptions}: ToolCallingAdvisor or a subclass. */
export type ToolCallingAdvisorClass<T extends ToolCallingAdvisor> = new (options?: ToolCallingAdvisorOptions) => T;

/**
 * Runs the tool-calling loop of one ChatClient turn: it calls the rest of the chain (the advisors
 * with a higher order, then the model), and while the model asks for tools it executes them
 * through the {@link ToolCallingManager} and calls the rest of the chain again with the results.
 *
 * The ChatClient adds a fresh one to every request unless the chain already has a
 * {@link ToolAdvisor}. Subclass it and override the protected hooks (`doInitializeLoop`,
 * `doBeforeCall`, `doAfterCall`, `doGetNextInstructionsForToolCall`, `doGetNextOptionsForToolCall`,
 * `doFinalizeLoop`) to change the loop; the inherited static `builder()` builds the subclass.
 *
 * The loop ends when
 * - the response has no tool calls (decided by the eligibility checker, by default "some
 *   generation carries at least one tool call", whatever the finish reason says): that response is
 *   returned;
 * - every tool of a round is `returnDirect`: one generation per tool result is returned (finish
 *   reason `returnDirect`);
 * - the manager throws {@link ToolCallLimitExceededError}: one generation with the limit message
 *   is returned (finish reason `toolCallLimitExceeded`);
 * - calls of a round need a person's approval (the manager lists them): the turn is stored in the
 *   {@link ToolApprovalStore} and one generation with finish reason `pendingApproval` is returned,
 *   its response metadata holding `pendingApproval` (docs/approval.md). A request made by
 *   `chatClient.prompt().resume(conversationId, decisions)` starts with the paused round instead
 *   of a model call.
 *
 * On every exit the response's usage is the sum of all rounds.
 *
 * `.stream()` runs the same loop with Spring's stream algorithm ({@link ToolCallingAdvisor.adviseStream}).
 *
 * @example
 * ```ts
 * const advisor = ToolCallingAdvisor.builder().toolCallingManager(manager).build();
 * const answer = await chatClient.prompt('Where is order A123?').advisors(advisor).call().content();
 * ```
 * @remarks Departures from Spring:
 * - A forced `toolChoice` (`'required'` or a named function) applies to the first round only;
 *   later rounds of the same turn send `'auto'` (see {@link ToolCallingAdvisor.doGetNextOptionsForToolCall}).
 *   Spring sends the forced choice on every round, so a model that obeys it calls the tool again
 *   and again until the call limit ends the turn.
 * - Hooks may return a Promise; the loop awaits them.
 * - The loop passes the request through untouched only when the prompt has no options at all
 *   (Spring: when the options are not `ToolCallingChatOptions`, a structural type here).
 * @see Spring AI `ToolCallingAdvisor`
 */
export class ToolCallingAdvisor implements CallAdvisor, StreamAdvisor, ToolAdvisor {
  /** `HIGHEST_PRECEDENCE + 300`: inside memory advisors (`+200`), outside most others. */
  static readonly DEFAULT_ORDER = HIGHEST_PRECEDENCE + 300;

  readonly [TOOL_ADVISOR] = true as const;
  readonly name: string = 'Tool Calling Advisor';
  readonly order: number;
  protected readonly toolExecutionEligibilityChecker: ToolExecutionEligibilityChecker;
  protected readonly conversationHistoryEnabled: boolean;
  /** The manager given at construction or by {@link ToolCallingAdvisor.useToolCallingManagerIfUnset}. */
  #toolCallingManager: ToolCallingManager | undefined;
  #toolApprovalStore: ToolApprovalStore | (() => ToolApprovalStore);

  /**
   * @param options - the manager, checker, order and history setting (all optional)
   * @throws ConfigurationError when a setting is `null`, of the wrong type, or the
   * order is not an integer strictly between `HIGHEST_PRECEDENCE` and `LOWEST_PRECEDENCE`
   */
  constructor(options: ToolCallingAdvisorOptions = {}) {
    const { toolCallingManager, toolExecutionEligibilityChecker, advisorOrder, conversationHistoryEnabled } =
      validate(options);
    this.#toolCallingManager = toolCallingManager;
    this.#toolApprovalStore = options.toolApprovalStore ?? (() => new ToolApprovalStore());
    this.toolExecutionEligibilityChecker = toolExecutionEligibilityChecker ?? defaultToolExecutionEligibilityChecker;
    this.order = advisorOrder ?? ToolCallingAdvisor.DEFAULT_ORDER;
    this.conversationHistoryEnabled = conversationHistoryEnabled ?? true;
  }

  /**
   * The manager that executes the tool calls: the one given (option, builder setting or
   * {@link ToolCallingAdvisor.useToolCallingManagerIfUnset}), else a default
   * `DefaultToolCallingManager` (default limits, shared by all advisors built without one).
   */
  protected get toolCallingManager(): ToolCallingManager {
    return this.#toolCallingManager ?? sharedDefaultToolCallingManager();
  }

  /**
   * Gives an advisor that was built without a manager the one it should use; a manager set at
   * construction is kept. `@sprout-ai/boot` calls it with the container's `ToolCallingManager` (the
   * `spring.ai.tools.*` settings) for every `ToolCallingAdvisor` the container resolves, so
   * `bind(ToolCallingAdvisor).to(MyAdvisor)` runs with the configured limits.
   *
   * @param manager - the manager to use instead of the default one
   * @returns `true` when the advisor now uses `manager`; `false` when it keeps the one it was given
   * @throws ConfigurationError when `manager` is not a ToolCallingManager
   * @remarks Not in Spring, where an advisor's manager is fixed by its builder; a container here
   * can bind advisors built with the default one (see the `@sprout-ai/boot` docs).
   */
  useToolCallingManagerIfUnset(manager: ToolCallingManager): boolean {
    requireArgument(
      typeof (manager as Partial<ToolCallingManager> | null)?.executeToolCalls === 'function',
      'toolCallingManager',
      manager,
      'a ToolCallingManager',
    );
    if (this.#toolCallingManager !== undefined) return false;
    this.#toolCallingManager = manager;
    return true;
  }

  /**
   * A builder of this class: `ToolCallingAdvisor.builder()` builds ToolCallingAdvisors and
   * `MyAdvisor.builder()` (inherited) builds `MyAdvisor`s, as long as `MyAdvisor`'s constructor
   * takes {@link ToolCallingAdvisorOptions}.
   */
  static builder<T extends ToolCallingAdvisor>(this: ToolCallingAdvisorClass<T>): ToolCallingAdvisorBuilder<T> {
    return new ToolCallingAdvisorBuilder<T>(this);
  }

  /**
   * Runs the loop described on the class.
   *
   * @throws RequestAbortedError when the request's signal (`.prompt().abortSignal(signal)`) aborts
   * @throws ToolExecutionError and other errors of the manager or the chain (limit breaches are
   *   answers, not errors)
   */
  async adviseCall(request: ChatClientRequest, chain: CallAdvisorChain): Promise<ChatClientResponse> {
    requireArgument(request instanceof ChatClientRequest, 'request', request, 'a ChatClientRequest');
    requireArgument(typeof chain?.nextCall === 'function', 'chain', chain, 'a CallAdvisorChain');
    if (request.prompt.options === undefined) {
      return chain.nextCall(request);
    }
    const initialized = await this.doInitializeLoop(request, chain);
    const round = new ToolCallingRound(initialized, this.toolCallingManager, this.toolExecutionEligibilityChecker, {
      after: (r) => this.doAfterCall(r, chain),
      nextInstructions: (req, resp, result) => this.doGetNextInstructionsForToolCall(req, resp, result),
      nextOptions: (options, req, resp, result) => this.doGetNextOptionsForToolCall(options, req, resp, result),
      executionOptions: (req) => this.doGetToolExecutionOptions(req),
      pause: (draft) => this.#pause(request, draft),
    });
    const rest = chain.copy(this);
    let resume = toolApprovalResumeOf(request.context);
    for (;;) {
      const roundRequest = round.begin(await this.doBeforeCall(round.next(), chain));
      const end =
        resume === undefined
          ? await round.end(roundRequest, await rest.nextCall(roundRequest))
          : await round.resume(roundRequest, resume);
      resume = undefined;
      if (end.kind === 'continue') continue;
      const response = end.kind === 'answer' ? round.usage.applyAccumulatedUsage(end.response) : end.response;
      return this.doFinalizeLoop(round.handBack(response), chain);
    }
  }

  /**
   * The loop of {@link ToolCallingAdvisor.adviseCall} for `.stream()` (Spring's stream algorithm):
   * each round streams the rest of the chain and passes every chunk on, except chunks that carry
   * tool calls (text before a tool call is passed on); chunks carrying usage get the earlier
   * rounds' usage added. When the round's aggregate asks for tools, the same round step as
   * `.call()` runs them (each reported to the stream event listener: `tool-call` when it starts,
   * `tool-result` when it ends), and the next round is streamed with a forced tool choice reset to
   * `'auto'`. A final text round without usage is followed by a usage-only chunk
   * when earlier rounds reported usage. returnDirect and limit breaches end the stream with one
   * chunk holding their generations.
   *
   * @returns the chunks; iterating again runs the whole loop again
   * @throws (when iterated) RequestAbortedError when the request's signal aborts; ToolExecutionError
   *   and other errors of the manager or the chain
   */
  adviseStream(request: ChatClientRequest, chain: StreamAdvisorChain): AsyncIterable<ChatClientResponse> {
    requireArgument(request instanceof ChatClientRequest, 'request', request, 'a ChatClientRequest');
    requireArgument(typeof chain?.nextStream === 'function', 'chain', chain, 'a StreamAdvisorChain');
    if (request.prompt.options === undefined) {
      return reiterable(() => chain.nextStream(request));
    }
    // Each iteration runs the loop from the start (doInitializeLoopStream, fresh usage), as a
    // resubscription does in Spring; a bare async generator would be spent after one iteration.
    return reiterable(() => this.#streamLoop(request, chain));
  }

  async *#streamLoop(request: ChatClientRequest, chain: StreamAdvisorChain): AsyncGenerator<ChatClientResponse> {
    const initialized = await this.doInitializeLoopStream(request, chain);
    const round = new ToolCallingRound(initialized, this.toolCallingManager, this.toolExecutionEligibilityChecker, {
      after: (r) => this.doAfterStream(r, chain),
      nextInstructions: (req, resp, result) => this.doGetNextInstructionsForToolCallStream(req, resp, result),
      nextOptions: (options, req, resp, result) => this.doGetNextOptionsForToolCall(options, req, resp, result),
      executionOptions: (req) => this.doGetToolExecutionOptions(req),
      pause: (draft) => this.#pause(request, draft),
    });
    const rest = chain.copy(this);
    let resume = toolApprovalResumeOf(request.context);
    for (;;) {
      const roundRequest = round.begin(await this.doBeforeStream(round.next(), chain));
      if (resume !== undefined) {
        const resumed = await round.resume(roundRequest, resume);
        resume = undefined;
        if (resumed.kind === 'continue') continue;
        yield withoutToolCallingTurn(resumed.response);
        return;
      }
      const aggregator = new ChatClientMessageAggregator();
      for await (const chunk of streamRound(
        rest.nextStream(roundRequest),
        aggregator,
        round.usage,
        this.toolExecutionEligibilityChecker,
      )) {
        yield round.handBack(chunk);
      }
      const aggregated = aggregator.result();
      if (aggregated === undefined) return;
      const end = await round.end(roundRequest, aggregated);
      if (end.kind === 'continue') continue;
      const response = round.handBack(end.response);
      if (end.kind === 'answer') {
        yield* this.doFinalizeLoopStream(fromArray(usageOnlyChunk(response, round.usage)), chain);
      } else {
        yield response;
      }
      return;
    }
  }

  /**
   * Where turns paused for approval are kept (made on first use when given as a function).
   *
   * @throws ConfigurationError when the store cannot be made (e.g. a persistent store without a secret)
   */
  get toolApprovalStore(): ToolApprovalStore {
    if (typeof this.#toolApprovalStore === 'function') this.#toolApprovalStore = this.#toolApprovalStore();
    return this.#toolApprovalStore;
  }

  /** Stores a round paused for approval under the request's conversation. */
  #pause(request: ChatClientRequest, draft: PausedTurnDraft) {
    return this.toolApprovalStore.save(conversationIdOf(request.context), draft);
  }

  /** Stream path: runs once per iteration of the stream, before the first round (default: unchanged). */
  protected doInitializeLoopStream(
    request: ChatClientRequest,
    _chain: StreamAdvisorChain,
  ): ChatClientRequest | Promise<ChatClientRequest> {
    return request;
  }

  /** Stream path: runs before each round; option changes carry over (default: unchanged). */
  protected doBeforeStream(
    request: ChatClientRequest,
    _chain: StreamAdvisorChain,
  ): ChatClientRequest | Promise<ChatClientRequest> {
    return request;
  }

  /**
   * Stream path: sees each round's aggregated response before the tool-call decision; it can change
   * the decision but not the chunks already passed on (default: unchanged).
   */
  protected doAfterStream(
    response: ChatClientResponse,
    _chain: StreamAdvisorChain,
  ): ChatClientResponse | Promise<ChatClientResponse> {
    return response;
  }

  /** Stream path: the next round's messages (default: as {@link ToolCallingAdvisor.doGetNextInstructionsForToolCall}). */
  protected doGetNextInstructionsForToolCallStream(
    request: ChatClientRequest,
    response: ChatClientResponse,
    result: ToolExecutionResult,
  ): readonly Message[] | Promise<readonly Message[]> {
    return this.doGetNextInstructionsForToolCall(request, response, result);
  }

  /**
   * Stream path: receives only the trailing chunks of a normal finish (usually none, or the
   * usage-only chunk); not called on returnDirect or limit exits, as in Spring (default: unchanged).
   */
  protected doFinalizeLoopStream(
    trailing: AsyncIterable<ChatClientResponse>,
    _chain: StreamAdvisorChain,
  ): AsyncIterable<ChatClientResponse> {
    return trailing;
  }

  /**
   * Runs once, before the first round.
   *
   * @param request - the request as it reached this advisor
   * @param _chain - the chain after this advisor
   * @returns the request the loop starts from (default: unchanged)
   */
  protected doInitializeLoop(
    request: ChatClientRequest,
    _chain: CallAdvisorChain,
  ): ChatClientRequest | Promise<ChatClientRequest> {
    return request;
  }

  /**
   * Runs before each round. Option changes made here carry over to later rounds; message
   * changes do not (the next round's messages come from
   * {@link ToolCallingAdvisor.doGetNextInstructionsForToolCall}).
   *
   * @returns the request sent to the rest of the chain (default: unchanged)
   */
  protected doBeforeCall(
    request: ChatClientRequest,
    _chain: CallAdvisorChain,
  ): ChatClientRequest | Promise<ChatClientRequest> {
    return request;
  }

  /**
   * Runs after each round, before the tool-call decision, so it can change that decision.
   *
   * @returns the response the loop goes on with (default: unchanged)
   */
  protected doAfterCall(
    response: ChatClientResponse,
    _chain: CallAdvisorChain,
  ): ChatClientResponse | Promise<ChatClientResponse> {
    return response;
  }

  /**
   * The messages of the next round. With conversation history enabled: the whole turn so far
   * (`result.conversationHistory`). Disabled: `[the prompt's system message (an empty one when it
   * has none), the last history message (the tool results)]`, or the empty history as is.
   *
   * @param request - the round's request
   * @param _response - the round's response
   * @param result - what executing the round's tool calls produced
   */
  protected doGetNextInstructionsForToolCall(
    request: ChatClientRequest,
    _response: ChatClientResponse,
    result: ToolExecutionResult,
  ): readonly Message[] | Promise<readonly Message[]> {
    const history = result.conversationHistory;
    if (this.conversationHistoryEnabled || history.length === 0) {
      return history;
    }
    return [request.prompt.systemMessage, history[history.length - 1]];
  }

  /**
   * The options of the next round. By default a forced tool choice (`'required'` or a named
   * function) becomes `'auto'`, so the model can answer with text once it has the tool results;
   * every other option is kept.
   *
   * @param options - the options of the round that just ran
   * @remarks Not a Spring hook: Spring keeps the forced choice for every round.
   */
  protected doGetNextOptionsForToolCall(
    options: ToolCallingChatOptions | undefined,
    _request: ChatClientRequest,
    _response: ChatClientResponse,
    _result: ToolExecutionResult,
  ): ToolCallingChatOptions | undefined | Promise<ToolCallingChatOptions | undefined> {
    if (options !== undefined && isForcedToolChoice(options.toolChoice)) {
      return { ...options, toolChoice: 'auto' };
    }
    return options;
  }

  /**
   * The options the manager executes a round's tool calls with, i.e. the tools it may run and the
   * tool context, on both paths. By default the round's own options (what the model was sent).
   *
   * @param request - the round's request, as `doBeforeCall`/`doBeforeStream` returned it
   * @remarks Not a Spring hook: it lets a subclass send the model fewer tools than it may execute
   * (see `ToolSearchToolCallingAdvisor`).
   */
  protected doGetToolExecutionOptions(
    request: ChatClientRequest,
  ): ToolCallingChatOptions | undefined | Promise<ToolCallingChatOptions | undefined> {
    return request.prompt.options;
  }

  /**
   * Runs once on every exit (normal answer, returnDirect, limit breach), after the usage of all
   * rounds has been summed.
   *
   * @returns the response handed to the outer advisors (default: unchanged)
   */
  protected doFinalizeLoop(
    response: ChatClientResponse,
    _chain: CallAdvisorChain,
  ): ChatClientResponse | Promise<ChatClientResponse> {
    return response;
  }
}

/** The conversation a paused turn is stored under: the memory advisors' parameter, else their default. */
function conversationIdOf(context: Readonly<Record<string, unknown>>): string {
  const id = context[CHAT_MEMORY_CONVERSATION_ID];
  return typeof id === 'string' && id.trim() !== ''
    ? id
    : typeof id === 'number'
      ? String(id)
      : DEFAULT_CONVERSATION_ID;
}

function isForcedToolChoice(choice: ToolChoice | undefined): boolean {
  return choice === 'required' || (typeof choice === 'object' && choice !== null && choice.type === 'function');
}

function validate(options: ToolCallingAdvisorOptions): ToolCallingAdvisorOptions {
  requireArgument(typeof options === 'object' && options !== null, 'options', options, 'an options object');
  const { toolCallingManager, toolExecutionEligibilityChecker, advisorOrder, conversationHistoryEnabled } = options;
  if (toolCallingManager !== undefined) {
    requireArgument(
      typeof toolCallingManager?.executeToolCalls === 'function',
      'toolCallingManager',
      toolCallingManager,
      'a ToolCallingManager (omit it to use DefaultToolCallingManager)',
    );
  }
  if (toolExecutionEligibilityChecker !== undefined) {
    requireArgument(
      typeof toolExecutionEligibilityChecker === 'function',
      'toolExecutionEligibilityChecker',
      toolExecutionEligibilityChecker,
      'a function (response) => boolean (omit it to use defaultToolExecutionEligibilityChecker)',
    );
  }
  if (advisorOrder !== undefined) {
    requireArgument(
      Number.isInteger(advisorOrder) && advisorOrder > HIGHEST_PRECEDENCE && advisorOrder < LOWEST_PRECEDENCE,
      'advisorOrder',
      advisorOrder,
      `an integer strictly between HIGHEST_PRECEDENCE (${HIGHEST_PRECEDENCE}) and LOWEST_PRECEDENCE (${LOWEST_PRECEDENCE})`,
    );
  }
  if (conversationHistoryEnabled !== undefined) {
    requireArgument(
      typeof conversationHistoryEnabled === 'boolean',
      'conversationHistoryEnabled',
      conversationHistoryEnabled,
      'a boolean',
    );
  }
  return options;
}

function requireArgument(ok: boolean, setting: string, value: unknown, expected: string): asserts ok {
  if (!ok) {
    throw new ConfigurationError({
      setting: `ToolCallingAdvisor ${setting}`,
      value,
      allowed: expected,
      message: `ToolCallingAdvisor ${setting} must be ${expected}, got ${show(value)}.`,
    });
  }
}

function show(value: unknown): string {
  if (value === null) return 'null';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (typeof value === 'string') return JSON.stringify(value);
  return typeof value;
}
