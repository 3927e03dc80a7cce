import {
  type Message,
  Prompt,
  RequestAbortedError,
  ToolCallLimitExceededError,
  type ToolCallObserver,
  type ToolCallingChatOptions,
  type ToolCallingManager,
  type ToolExecutionEligibilityChecker,
  type ToolExecutionResult,
} from '@sprout-ai/core';
import { buildReturnDirectGenerations, createLogger } from '@sprout-ai/core/internal';
import { ChatClientRequest } from '../chat-client-request';
import type { ChatClientResponse } from '../chat-client-response';
import { type ChatClientStreamEventListener, streamEventListenerOf } from '../stream/chat-client-stream-event';
import { ToolCallingTurn, withToolCallingTurn, withoutToolCallingTurn } from './tool-calling-turn';
import { UsageAccumulator } from './usage-accumulator';

const logger = createLogger('ToolCallingAdvisor');

type MaybePromise<T> = T | Promise<T>;

/** The hooks of one path (`.call()` or `.stream()`) that a round consults. */
export interface ToolCallingRoundHooks {
  before(request: ChatClientRequest): MaybePromise<ChatClientRequest>;
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
}

/**
 * How a round ended:
 * - `answer` — no tool call: the model's response as it came (usage not yet summed: the call path
 *   stamps the total on it, the stream path sends a usage-only chunk when needed);
 * - `returnDirect` / `limit` — the turn ends with these generations, usage of all rounds summed;
 * - `continue` — the tools ran; the next round is ready.
 */
export type ToolCallingRoundEnd =
  | { readonly kind: 'answer'; readonly response: ChatClientResponse }
  | { readonly kind: 'returnDirect' | 'limit'; readonly response: ChatClientResponse }
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
    this.#observer = streamEventObserver(streamEventListenerOf(initialized.context));
  }

  /**
   * The next round's request, after the `before` hook (whose option changes carry over).
   *
   * @throws RequestAbortedError when the request's signal has aborted
   */
  async begin(): Promise<ChatClientRequest> {
    RequestAbortedError.throwIfAborted(this.#signal);
    this.#round += 1;
    const request = await this.hooks.before(
      new ChatClientRequest(new Prompt(this.#instructions, this.#options), this.#context),
    );
    this.#options = request.prompt.options;
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
    const response = await this.hooks.after(modelResponse);
    this.usage.addRoundResponse(response.chatResponse);
    const chatResponse = response.chatResponse;
    if (chatResponse === undefined || !this.checker(chatResponse)) return { kind: 'answer', response };
    if (logger.isLevelEnabled('debug')) logger.debug({ round: this.#round }, 'model asked for tools');

    const executionOptions = await this.hooks.executionOptions(request);
    let result: ToolExecutionResult;
    try {
      result = await this.manager.executeToolCalls(new Prompt(this.#fullTurnHistory, executionOptions), chatResponse, {
        signal: this.#signal,
        observer: this.#observer,
      });
    } catch (error) {
      if (!ToolCallLimitExceededError.isInstance(error)) throw error;
      logger.debug({ round: this.#round, toolName: error.toolName, limit: error.limit }, 'tool call limit exceeded');
      const limited = response.with({ chatResponse: chatResponse.with({ results: [error.buildGeneration()] }) });
      return { kind: 'limit', response: this.usage.applyAccumulatedUsage(limited) };
    }
    this.#fullTurnHistory = result.conversationHistory;
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
