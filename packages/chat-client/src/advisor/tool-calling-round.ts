import { context } from '@opentelemetry/api';
import {
  AssistantMessage,
  ChatResponse,
  type Message,
  PENDING_APPROVAL_FINISH_REASON,
  type PendingApproval,
  Prompt,
  RequestAbortedError,
  ToolCallLimitExceededError,
  ToolResponseMessage,
  type ToolCallDecisions,
  type ToolCallCounts,
  type ToolCallObserver,
  type ToolCallingChatOptions,
  type ToolCallingManager,
  type ToolExecutionEligibilityChecker,
  type ToolExecutionResult,
} from '@sprout-ai/core';
import { buildReturnDirectGenerations, createLogger } from '@sprout-ai/core/internal';
import { applyToolApprovalDecisions, type ToolApprovalResume } from '../approval/tool-approval-resume';
import type { PausedTurnDraft } from '../approval/paused-turn';
import { ChatClientRequest } from '../chat-client-request';
import { ChatClientResponse } from '../chat-client-response';
import { type ChatClientStreamEventListener, streamEventListenerOf } from '../stream/chat-client-stream-event';
import { type RequestObservation, requestObservationOf } from '../observation/request-observation';
import type { LoopRoundEnd } from '../observation/chat-client-loop-listener';
import { ToolCallingTurn, withToolCallingTurn, withoutToolCallingTurn } from './tool-calling-turn';
import { UsageAccumulator } from './usage-accumulator';

const logger = createLogger('ToolCallingAdvisor');

type MaybePromise<T> = T | Promise<T>;

/** The hooks of one path (`.call()` or `.stream()`) that a round consults. */
export interface ToolCallingRoundHooks {
  after(response: ChatClientResponse): MaybePromise<ChatClientResponse>;
  nextInstructions(
    request: ChatClientRequest,
    response: ChatClientResponse,
    result: ToolExecutionResult,
  ): MaybePromise<readonly Message[]>;
  nextOptions(
    options: ToolCallingChatOptions | undefined,
    request: ChatClientRequest,
    response: ChatClientResponse,
    result: ToolExecutionResult,
  ): MaybePromise<ToolCallingChatOptions | undefined>;
  /** The options the manager executes the round's tool calls with (the tools it may run). */
  executionOptions(request: ChatClientRequest): MaybePromise<ToolCallingChatOptions | undefined>;
  /** Stores a round paused for approval; returns what the response shows. */
  pause(draft: PausedTurnDraft): Promise<PendingApproval>;
}

/**
 * How a round ended:
 * - `answer` — no tool call: the model's response as it came (usage not yet summed: the call path
 *   stamps the total on it, the stream path sends a usage-only chunk when needed);
 * - `returnDirect` / `limit` — the turn ends with these generations, usage of all rounds summed;
 * - `pendingApproval` — calls wait for a person's approval: the turn is stored and ends with
 *   `metadata.pendingApproval`, usage of all rounds summed;
 * - `continue` — the tools ran; the next round is ready.
 */
export type ToolCallingRoundEnd =
  | { readonly kind: 'answer'; readonly response: ChatClientResponse }
  | { readonly kind: 'returnDirect' | 'limit' | 'pendingApproval'; readonly response: ChatClientResponse }
  | { readonly kind: 'continue' };

const CONTINUE: ToolCallingRoundEnd = Object.freeze({ kind: 'continue' });

/**
 * The state and the decisions of one ToolCallingAdvisor turn, shared by `.call()` and `.stream()`:
 * each round's request, the continue / returnDirect / limit / answer decision, tool execution,
 * and the next round's messages and options. The paths differ only in how they get a round's
 * response (one call, or an aggregated stream).
 */
export class ToolCallingRound {
  /** Usage of every round so far. */
  readonly usage = new UsageAccumulator();
  #round = 0;
  #instructions: readonly Message[];
  /** The whole turn, as the manager must see it whatever the hooks send the model. */
  #fullTurnHistory: readonly Message[];
  #options: ToolCallingChatOptions | undefined;
  /** The turn as the loop keeps it, for the advisors inside the loop (in every round's context). */
  readonly #turn: ToolCallingTurn;
  readonly #context: Readonly<Record<string, unknown>>;
  /** The context as the loop got it, without the turn. */
  readonly #entryContext: Readonly<Record<string, unknown>>;
  readonly #signal: AbortSignal | undefined;
  readonly #observer: ToolCallObserver | undefined;
  readonly #observation: RequestObservation | undefined;
  /** The turn's tool calls so far, from the last round's result (the manager counts them when unknown). */
  #callCounts: ToolCallCounts | undefined;
  #roundStarted = 0;

  /**
   * @param initialized - the request after `doInitializeLoop`
   * @param manager - runs the tool calls
   * @param checker - decides whether a response asks for tools
   * @param hooks - the path's hooks
   */
  constructor(
    initialized: ChatClientRequest,
    private readonly manager: ToolCallingManager,
    private readonly checker: ToolExecutionEligibilityChecker,
    private readonly hooks: ToolCallingRoundHooks,
  ) {
    this.#instructions = initialized.prompt.instructions;
    this.#fullTurnHistory = this.#instructions;
    this.#options = initialized.prompt.options;
    this.#turn = new ToolCallingTurn(this.#instructions);
    this.#entryContext = initialized.context;
    this.#context = withToolCallingTurn(initialized.context, this.#turn);
    this.#signal = initialized.signal;
    this.#observation = requestObservationOf(initialized.context);
    this.#observer = combinedObserver(
      streamEventObserver(streamEventListenerOf(initialized.context)),
      loopListenerObserver(this.#observation, () => this.#round),
    );
  }

  /**
   * The next round's request, for the path's `before` hook (awaited by the path itself: no async
   * frame of its own per round); hand what the hook returns to {@link ToolCallingRound.begin}.
   *
   * @throws RequestAbortedError when the request's signal has aborted
   */
  next(): ChatClientRequest {
    RequestAbortedError.throwIfAborted(this.#signal);
    this.#round += 1;
    return new ChatClientRequest(new Prompt(this.#instructions, this.#options), this.#context);
  }

  /**
   * Starts the round with the request the `before` hook returned (its option changes carry over).
   *
   * @param request - the `before` hook's result for {@link ToolCallingRound.next}'s request
   * @returns `request`
   */
  begin(request: ChatClientRequest): ChatClientRequest {
    this.#options = request.prompt.options;
    const observation = this.#observation;
    if (observation !== undefined) {
      observation.rounds = this.#round;
      if (observation.listeners.length > 0) {
        this.#roundStarted = performance.now();
        const round = this.#round;
        const messages = request.prompt.instructions;
        observation.notify((l) => l.onRoundStart?.({ round, stream: observation.stream, messages }));
      }
    }
    return request;
  }

  /**
   * @param response - a response on its way out of the loop
   * @returns the response without the turn in its context; when its context is the rounds' own
   *   (nobody inside changed it), the context the loop started with, uncopied
   */
  handBack(response: ChatClientResponse): ChatClientResponse {
    return response.context === this.#context
      ? response.with({ context: this.#entryContext })
      : withoutToolCallingTurn(response);
  }

  /**
   * Decides how the round ends, running the round's tools when the response asks for them.
   *
   * @param request - what {@link ToolCallingRound.begin} returned
   * @param modelResponse - the round's response (for `.stream()`, the aggregate of its chunks)
   * @throws ToolExecutionError and other errors of the manager, RequestAbortedError
   */
  async end(request: ChatClientRequest, modelResponse: ChatClientResponse): Promise<ToolCallingRoundEnd> {
    if (logger.isLevelEnabled('debug')) {
      const finishReasons = modelResponse.chatResponse?.results.map((g) => g.metadata.finishReason);
      logger.debug({ round: this.#round, finishReasons }, 'round: model answered');
    }
    const observation = this.#observation;
    let end: ToolCallingRoundEnd;
    // One async function for the whole decision: each extra layer costs promises every round (P1).
    try {
      const response = await this.hooks.after(modelResponse);
      this.usage.addRoundResponse(response.chatResponse);
      const chatResponse = response.chatResponse;
      if (chatResponse === undefined || !this.checker(chatResponse)) {
        end = { kind: 'answer', response };
      } else {
        if (logger.isLevelEnabled('debug')) logger.debug({ round: this.#round }, 'model asked for tools');
        end = await this.#runTools(request, response, chatResponse, await this.hooks.executionOptions(request));
      }
    } catch (error) {
      if (observation !== undefined) this.#roundFinished(observation, 'error', modelResponse, error);
      throw error;
    }
    if (observation !== undefined) {
      if (end.kind !== 'continue') observation.loopEnded(end.kind);
      this.#roundFinished(observation, end.kind, modelResponse);
    }
    return end;
  }

  #roundFinished(
    observation: RequestObservation,
    end: LoopRoundEnd,
    modelResponse: ChatClientResponse,
    error?: unknown,
  ): void {
    if (observation.listeners.length === 0) return;
    const chatResponse = modelResponse.chatResponse;
    const event = {
      round: this.#round,
      stream: observation.stream,
      end,
      finishReasons: (chatResponse?.results ?? [])
        .map((g) => g.metadata.finishReason)
        .filter((r): r is string => r !== undefined),
      toolCalls: chatResponse?.results.flatMap((g) => g.output.toolCalls) ?? [],
      ...(chatResponse?.metadata.usage === undefined ? {} : { usage: chatResponse.metadata.usage }),
      ...(this.usage.accumulatedUsage === undefined ? {} : { totalUsage: this.usage.accumulatedUsage }),
      durationMs: performance.now() - this.#roundStarted,
      ...(error === undefined ? {} : { error }),
    };
    observation.notify((l) => l.onRoundFinish?.(event));
  }

  /**
   * Ends the round a turn paused in, instead of calling the model: the paused round's calls run
   * again with the person's decisions (approved ones run, declined ones are answered as declined,
   * those that ran before the pause keep their results), after the pause is consumed.
   *
   * @param request - what {@link ToolCallingRound.begin} returned (its messages are the paused turn's)
   * @param resume - the verified paused turn and decisions
   * @throws InvalidToolArgumentsError, InvalidToolApprovalError before anything changed;
   *   ToolApprovalNotFoundError when another resume consumed the pause first
   */
  async resume(request: ChatClientRequest, resume: ToolApprovalResume): Promise<ToolCallingRoundEnd> {
    const executionOptions = await this.hooks.executionOptions(request);
    const { assistant, decisions } = applyToolApprovalDecisions(resume, executionOptions, this.manager);
    await resume.store.consume(resume.turn.conversationId, resume.turn.turnId);
    const chatResponse = new ChatResponse([{ output: assistant, metadata: { finishReason: 'tool_calls' } }]);
    const response = new ChatClientResponse(chatResponse, request.context);
    return this.#runTools(request, response, chatResponse, executionOptions, decisions);
  }

  async #runTools(
    request: ChatClientRequest,
    response: ChatClientResponse,
    chatResponse: ChatResponse,
    executionOptions: ToolCallingChatOptions | undefined,
    decisions?: ToolCallDecisions,
  ): Promise<ToolCallingRoundEnd> {
    let result: ToolExecutionResult;
    try {
      const manager = this.manager;
      const prompt = new Prompt(this.#fullTurnHistory, executionOptions);
      const options = { signal: this.#signal, observer: this.#observer, callCounts: this.#callCounts, decisions };
      // The tools' spans are children of the request's span, on .call() and .stream() alike.
      result = await (this.#observation === undefined
        ? manager.executeToolCalls(prompt, chatResponse, options)
        : context.with(this.#observation.traceContext, () => manager.executeToolCalls(prompt, chatResponse, options)));
    } catch (error) {
      if (!ToolCallLimitExceededError.isInstance(error)) throw error;
      logger.debug({ round: this.#round, toolName: error.toolName, limit: error.limit }, 'tool call limit exceeded');
      const limited = response.with({ chatResponse: chatResponse.with({ results: [error.buildGeneration()] }) });
      return { kind: 'limit', response: this.usage.applyAccumulatedUsage(limited) };
    }
    if (result.pendingApproval !== undefined && result.pendingApproval.length > 0) {
      this.#observation?.approvalPending(result.pendingApproval);
      return { kind: 'pendingApproval', response: await this.#pause(response, chatResponse, result) };
    }
    this.#fullTurnHistory = result.conversationHistory;
    this.#callCounts = result.callCounts;
    this.#turn.advance(result.conversationHistory);
    if (result.returnDirect) {
      const direct = response.with({
        chatResponse: chatResponse.with({ results: buildReturnDirectGenerations(result) }),
      });
      const answer = this.usage.applyAccumulatedUsage(direct);
      // No inner advisor sees this answer pass (no model request follows): tell them the turn ended.
      await this.#turn.endWithReturnDirect(answer);
      return { kind: 'returnDirect', response: answer };
    }
    this.#instructions = await this.hooks.nextInstructions(request, response, result);
    this.#options = await this.hooks.nextOptions(this.#options, request, response, result);
    return CONTINUE;
  }

  /** Stores the paused turn; the turn ends with one empty generation and `metadata.pendingApproval`. */
  async #pause(
    response: ChatClientResponse,
    chatResponse: ChatResponse,
    result: ToolExecutionResult,
  ): Promise<ChatClientResponse> {
    const history = result.conversationHistory;
    const assistantIndex = this.#fullTurnHistory.length;
    const pendingApproval = await this.hooks.pause({
      history: this.#fullTurnHistory,
      assistant: history[assistantIndex] as AssistantMessage,
      answered: answeredResponses(result),
      pending: result.pendingApproval ?? [],
    });
    logger.debug({ round: this.#round, calls: pendingApproval.calls.length }, 'turn paused for approval');
    const generation = { output: new AssistantMessage(''), metadata: { finishReason: PENDING_APPROVAL_FINISH_REASON } };
    const paused = response.with({
      chatResponse: chatResponse.with({
        results: [generation],
        metadata: { ...chatResponse.metadata, pendingApproval },
      }),
    });
    return this.usage.applyAccumulatedUsage(paused);
  }
}

/** A tool message of the paused round's answered calls, if the history ends with one. */
function answeredResponses(result: ToolExecutionResult) {
  const last = result.conversationHistory.at(-1);
  return last instanceof ToolResponseMessage ? last.responses : [];
}

/** The loop listeners' tool-call events, as an observer of the manager's calls. */
function loopListenerObserver(
  observation: RequestObservation | undefined,
  round: () => number,
): ToolCallObserver | undefined {
  if (observation === undefined || observation.listeners.length === 0) return undefined;
  return {
    onToolCallStart: (call) => observation.notify((l) => l.onToolCallStart?.({ round: round(), call })),
    onToolCallEnd: (outcome) => observation.notify((l) => l.onToolCallFinish?.({ round: round(), outcome })),
  };
}

/** One observer telling both (either may be missing). */
function combinedObserver(
  a: ToolCallObserver | undefined,
  b: ToolCallObserver | undefined,
): ToolCallObserver | undefined {
  if (a === undefined || b === undefined) return a ?? b;
  return {
    onToolCallStart: (call) => {
      a.onToolCallStart?.(call);
      b.onToolCallStart?.(call);
    },
    onToolCallEnd: (outcome) => {
      a.onToolCallEnd?.(outcome);
      b.onToolCallEnd?.(outcome);
    },
  };
}

/** The stream's `tool-call` / `tool-result` events, as an observer of the manager's calls. */
function streamEventObserver(listener: ChatClientStreamEventListener | undefined): ToolCallObserver | undefined {
  if (listener === undefined) return undefined;
  return {
    onToolCallStart: (call) =>
      listener({ type: 'tool-call', toolCall: call.toolCall, repairs: call.toolCall.argumentRepairs ?? [] }),
    onToolCallEnd: (outcome) =>
      listener({
        type: 'tool-result',
        id: outcome.call.id,
        name: outcome.call.name,
        result: outcome.responseData,
        status: outcome.status,
        durationMs: outcome.durationMs,
      }),
  };
}
