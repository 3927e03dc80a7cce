import { context } from '@opentelemetry/api';
import {
  CHAT_MEMORY_CONVERSATION_ID,
  type ChatModel,
  type ChatOptions,
  ConfigurationError,
  type Message,
  RequestAbortedError,
} from '@sprout-ai/core';
import type { ToolApprovalDecision } from './approval/tool-approval-decision';
import { TOOL_APPROVAL_RESUME_KEY, type ToolApprovalResume } from './approval/tool-approval-resume';
import type { Advisor } from './advisor/api/advisor';
import type { ToolCallingAdvisorBuilder } from './advisor/tool-calling-advisor-builder';
import { buildAdvisorChain } from './advisor-chain-factory';
import type { AdvisorSpecConsumer } from './advisor-spec';
import { CallResponseSpec, type ExecutionExtras } from './call-response-spec';
import type { ChatClientRequest } from './chat-client-request';
import type { ChatClientResponse } from './chat-client-response';
import type { ChatClientLoopListener } from './observation/chat-client-loop-listener';
import { ChatClientTelemetry } from './observation/chat-client-telemetry';
import {
  REQUEST_OBSERVATION_KEY,
  type RequestObservation,
  withoutRequestObservation,
} from './observation/request-observation';
import { toChatClientRequest } from './chat-client-request-factory';
import {
  type RequestSpecState,
  addAdvisors,
  addLoopListeners,
  addToolContext,
  addTools,
  requireAbortSignal,
  requireMessages,
  requireOptions,
  setAdvisorParam,
} from './request-spec-state';
import { applyPromptText } from './prompt-text-parts';
import { PromptSystemSpec } from './prompt-system-spec';
import { PromptUserSpec } from './prompt-user-spec';
import { buildStreamAdvisorChain } from './stream/build-stream-advisor-chain';
import { STREAM_EVENT_LISTENER_KEY, type ChatClientStreamEventListener } from './stream/chat-client-stream-event';
import { StreamResponseSpec } from './stream/stream-response-spec';
import type { ToolInput } from './tool-registration';

/**
 * One request being described, started by `chatClient.prompt()` from a copy of the client's
 * defaults. Every method changes this spec and returns it; `.call()` sends it.
 *
 * @example
 * ```ts
 * const answer = await chatClient
 *   .prompt()
 *   .system('You are the order desk.')
 *   .user('Where is order A123?')
 *   .tools(new OrderTools())
 *   .toolContext({ customerId: 'c-42' })
 *   .call()
 *   .content();
 * ```
 * @see Spring AI `ChatClient.ChatClientRequestSpec`
 */
export class ChatClientRequestSpec {
  #resume: { readonly conversationId: string; readonly decisions: readonly ToolApprovalDecision[] } | undefined;

  /**
   * Use `chatClient.prompt()` instead.
   *
   * @param chatModel - the client's model
   * @param state - this spec's own copy of the client's defaults (internal)
   * @param toolCallingAdvisorBuilder - builds the auto-registered tool advisor
   * @param telemetry - the client's spans and metrics (internal)
   */
  constructor(
    private readonly chatModel: ChatModel,
    private readonly state: RequestSpecState,
    private readonly toolCallingAdvisorBuilder: ToolCallingAdvisorBuilder,
    private readonly telemetry: ChatClientTelemetry = new ChatClientTelemetry(),
  ) {}

  /**
   * Sets the system text (sent first), replacing the client's default; or, with a callback, a
   * template and its parameters: `.system((s) => s.text('You serve {customerId}.').param('customerId', id))`.
   * A callback that sets only parameters fills in the default system text's template.
   *
   * @throws ConfigurationError when the text is blank, a parameter is `null`/`undefined`, or the
   *   argument is neither a string nor a function
   * @see PromptSystemSpec
   */
  system(text: string): this;
  system(consumer: (system: PromptSystemSpec) => void): this;
  system(input: string | ((system: PromptSystemSpec) => void)): this {
    applyPromptText(this.state, 'system', input, (parts) => new PromptSystemSpec(parts), 'system');
    return this;
  }

  /**
   * Sets the user text (sent last), replacing the client's default; or, with a callback, a template
   * and its parameters: `.user((u) => u.text('Where is {orderId}?').param('orderId', id))`. The text
   * is rendered when the request is sent, when it has parameters (Spring's `{name}` syntax, see
   * `PromptTemplate`).
   *
   * @throws ConfigurationError when the text is blank, a parameter is `null`/`undefined`, or the
   *   argument is neither a string nor a function
   * @see PromptUserSpec
   */
  user(text: string): this;
  user(consumer: (user: PromptUserSpec) => void): this;
  user(input: string | ((user: PromptUserSpec) => void)): this {
    applyPromptText(this.state, 'user', input, (parts) => new PromptUserSpec(parts), 'user');
    return this;
  }

  /**
   * Appends messages (sent between the system text and the user text), e.g. an earlier conversation.
   *
   * @throws ConfigurationError when an argument is not a message
   */
  messages(...messages: Message[]): this {
    this.state.messages = [...this.state.messages, ...requireMessages(messages, 'messages')];
    return this;
  }

  /**
   * Adds tools to the client's default tools. Accepts `ToolCallback`s, `ToolCallbackProvider`s
   * (asked for their callbacks each time the request is sent), objects with `@Tool` methods
   * (converted now with `ToolCallbacks.from`), and arrays of those.
   *
   * @throws ConfigurationError for `null`/`undefined`, a class instead of an instance, or a primitive
   * @throws MissingToolSchemaError when an object's `@Tool` method has no schema in the registry
   */
  tools(...tools: ToolInput[]): this {
    addTools(this.state, tools, 'tools');
    return this;
  }

  /** Alias of {@link ChatClientRequestSpec.tools}. */
  toolCallbacks(...toolCallbacks: ToolInput[]): this {
    addTools(this.state, toolCallbacks, 'toolCallbacks');
    return this;
  }

  /**
   * Merges application data handed to every tool call (never sent to the model); on the same key
   * this call's value wins over the client's default.
   *
   * @param context - e.g. `{ customerId: 'c-42' }`
   * @throws ConfigurationError when it is not an object, a key is blank or a value is `null`/`undefined`
   */
  toolContext(context: Readonly<Record<string, unknown>>): this {
    addToolContext(this.state, context, 'toolContext');
    return this;
  }

  /**
   * Sets the request's options, applied over the model's and the client's default options (keys
   * left unset keep the defaults).
   *
   * @throws ConfigurationError when `options` is not an object
   */
  options(options: ChatOptions): this {
    this.state.options = requireOptions(options, 'options');
    return this;
  }

  /**
   * Makes the request cancellable. When `signal` aborts, the model's HTTP request is aborted and
   * running tools are told through `toolContext.signal`; `.call()` then rejects, and iterating
   * `.stream()` throws, with a `RequestAbortedError` (`name === 'AbortError'`, the signal's reason as
   * `reason`). Chat memory keeps the conversation as it was before the turn (nothing of a
   * cancelled turn is stored). A signal that is already aborted fails the request before anything
   * is sent; aborting after the answer changes nothing. Calling it again replaces the signal.
   *
   * @example
   * ```ts
   * const answer = await chatClient.prompt('Where is A123?').abortSignal(AbortSignal.timeout(30_000)).call().content();
   * ```
   * @param signal - e.g. `AbortSignal.timeout(ms)`, or the signal of an `AbortController` (a
   *   request handler's, to stop when the client disconnects)
   * @throws ConfigurationError when `signal` is not an `AbortSignal`
   * @remarks Not in Spring AI, where a blocking call is cancelled by interrupting its thread and a
   * stream by disposing of its subscription; TypeScript's idiom is the `AbortSignal` that `fetch`
   * takes. The signal travels in the request context under `ABORT_SIGNAL_KEY` (read it with
   * `ChatClientRequest.signal`), so advisors that rebuild the request keep it.
   * @see RequestAbortedError
   */
  abortSignal(signal: AbortSignal): this {
    this.state.abortSignal = requireAbortSignal(signal, 'abortSignal');
    return this;
  }

  /**
   * Adds listeners told about this request's tool loop (after the client's default listeners).
   *
   * @example
   * ```ts
   * spec.loopListeners({ onToolCallFinish: ({ outcome }) => console.log(outcome.call.name, outcome.status, outcome.durationMs) });
   * ```
   * @throws ConfigurationError when a listener is not an object
   * @see ChatClientLoopListener
   */
  loopListeners(...listeners: ChatClientLoopListener[]): this {
    addLoopListeners(this.state, listeners, 'loopListeners');
    return this;
  }

  /**
   * Adds advisors, or configures advisor parameters and advisors through a callback.
   *
   * @example
   * ```ts
   * spec.advisors(loggingAdvisor);
   * spec.advisors((a) => a.param('chat_memory_conversation_id', 'c-1'));
   * spec.advisors(AdvisorParams.toolCallingAdvisorAutoRegister(false));
   * ```
   * @throws ConfigurationError when an argument is not an advisor
   */
  advisors(consumer: AdvisorSpecConsumer): this;
  advisors(...advisors: Advisor[]): this;
  advisors(...args: [AdvisorSpecConsumer] | Advisor[]): this {
    addAdvisors(this.state, args, 'advisors');
    return this;
  }

  /**
   * Makes this request resume the turn paused for approval in a conversation (the response of the
   * paused turn carried `chatResponse.metadata.pendingApproval`), with one decision per pending call:
   * approved calls run (with edited arguments, when given), declined ones are answered as declined,
   * and the loop goes on to the model as usual. Any process whose ChatClient shares the
   * {@link ToolApprovalStore} (store and secret) can resume it, once. Give the request the tools of
   * the paused turn (`.tools()`, or the client's defaults); it takes no new user message, and the
   * chat memory conversation is `conversationId`. Nothing is checked until `.call()` /
   * `.stream()` runs it.
   *
   * @example
   * ```ts
   * const pending = (await client.prompt('Cancel A123').tools(desk).call().chatResponse())?.metadata.pendingApproval;
   * const answer = await client.prompt().tools(desk)
   *   .resume(pending.conversationId, pending.calls.map((call) => approveToolCall(call)))
   *   .call().content();
   * ```
   * @param conversationId - the conversation of the paused turn (`pendingApproval.conversationId`)
   * @param decisions - one per pending call (`approveToolCall`, `rejectToolCall`)
   * @throws ConfigurationError when the id is blank or the decisions are not an array
   * @remarks When run: `ToolApprovalNotFoundError` (nothing pending: already resumed, expired from
   *   the store), `ToolApprovalExpiredError`, `InvalidToolApprovalError` (tampered state, a decision
   *   for another call, a missing decision), `InvalidToolArgumentsError` (edited arguments) —
   *   each before anything changed. Sprout's; Spring has no pause/resume.
   */
  resume(conversationId: string, decisions: readonly ToolApprovalDecision[]): this {
    if (typeof conversationId !== 'string' || conversationId.trim() === '' || !isArray(decisions)) {
      throw new ConfigurationError({
        setting: 'resume',
        value: conversationId,
        allowed: 'a non-blank conversation id and an array of decisions',
        message: 'resume(conversationId, decisions) needs a non-blank conversation id and an array of decisions.',
      });
    }
    this.#resume = { conversationId, decisions: [...decisions] };
    setAdvisorParam(this.state, CHAT_MEMORY_CONVERSATION_ID, conversationId);
    return this;
  }

  /**
   * Describes a blocking (non-streaming) call; nothing is sent until a method of the returned
   * spec is awaited. Its methods reject with `RequestAbortedError` when the request's
   * {@link ChatClientRequestSpec.abortSignal} aborts before the answer.
   */
  call(): CallResponseSpec {
    return new CallResponseSpec((extras) => this.execute(extras));
  }

  /**
   * Describes a streaming call; nothing is sent until the returned spec's stream is iterated.
   * The tool-calling advisor runs the tool loop in stream mode. Iteration throws
   * `RequestAbortedError` and ends when the request's {@link ChatClientRequestSpec.abortSignal}
   * aborts before the stream's end.
   */
  stream(): StreamResponseSpec {
    return new StreamResponseSpec((listener) => this.executeStream(listener));
  }

  /** Streams the request through a stream advisor chain (see `buildStreamAdvisorChain`). */
  private async *executeStream(listener?: ChatClientStreamEventListener): AsyncGenerator<ChatClientResponse> {
    RequestAbortedError.throwIfAborted(this.state.abortSignal);
    const request =
      this.#resume === undefined ? toChatClientRequest(this.chatModel, this.state) : await this.#resumed();
    const chain = buildStreamAdvisorChain(this.chatModel, this.state, this.toolCallingAdvisorBuilder);
    const observation = this.telemetry.startRequest(request, this.chatModel, true, this.state.loopListeners);
    const observed = request.with({
      context: {
        ...request.context,
        ...(observation ? { [REQUEST_OBSERVATION_KEY]: observation } : {}),
        ...(listener ? { [STREAM_EVENT_LISTENER_KEY]: listener } : {}),
      },
    });
    if (observation === undefined) {
      yield* chain.nextStream(observed);
      return;
    }
    let last: ChatClientResponse | undefined;
    let failed = false;
    try {
      for await (const chunk of chain.nextStream(observed)) {
        last = chunk;
        yield withoutRequestObservation(chunk);
      }
    } catch (error) {
      failed = true;
      observation.fail(error);
      throw error;
    } finally {
      // Also when the consumer stops early.
      if (!failed) observation.end(last);
    }
  }

  /**
   * @throws RequestAbortedError when the request's signal is already aborted (no advisor runs)
   * @throws DuplicateToolNameError when two ChatClient-level tools share a name
   * @throws MultipleToolAdvisorsError when the chain holds more than one ToolAdvisor
   */
  private execute(extras?: ExecutionExtras): Promise<ChatClientResponse> {
    if (this.#resume !== undefined) return this.#executeResumed(extras);
    // Not an async function, so the chain's promise is returned as it is; errors are rejections.
    try {
      RequestAbortedError.throwIfAborted(this.state.abortSignal);
      return this.#callChain(toChatClientRequest(this.chatModel, this.state), extras);
    } catch (error) {
      return Promise.reject(error);
    }
  }

  async #executeResumed(extras?: ExecutionExtras): Promise<ChatClientResponse> {
    RequestAbortedError.throwIfAborted(this.state.abortSignal);
    return this.#callChain(await this.#resumed(), extras);
  }

  /** Calls the advisor chain with the request, under the request's observation (a question or a resume alike). */
  #callChain(request: ChatClientRequest, extras?: ExecutionExtras): Promise<ChatClientResponse> {
    const chain = buildAdvisorChain(this.chatModel, this.state, this.toolCallingAdvisorBuilder, extras?.advisors);
    const observation = this.telemetry.startRequest(request, this.chatModel, false, this.state.loopListeners);
    const withExtras =
      extras?.context === undefined ? request : request.with({ context: { ...request.context, ...extras.context } });
    if (observation === undefined) return chain.nextCall(withExtras);
    return observed(observation, () => chain.nextCall(withObservation(withExtras, observation)));
  }

  /**
   * The request of a resume: the paused turn's messages, the spec's options, and the verified turn
   * with its decisions in the context (for the ToolCallingAdvisor).
   */
  async #resumed(): Promise<ChatClientRequest> {
    const { conversationId, decisions } = this.#resume as {
      conversationId: string;
      decisions: readonly ToolApprovalDecision[];
    };
    if ((this.state.userText ?? '').trim() !== '' || this.state.userMedia.length > 0) {
      throw new ConfigurationError({
        setting: 'resume',
        value: this.state.userText,
        allowed: 'no user message',
        message:
          'A resumed request continues the paused turn and takes no user message; send it with a new prompt after the answer.',
      });
    }
    const store = this.toolCallingAdvisorBuilder.getToolApprovalStore();
    const turn = await store.load(conversationId);
    store.checkDecisions(turn, decisions);
    const request = toChatClientRequest(this.chatModel, this.state);
    const resume: ToolApprovalResume = { store, turn, decisions };
    return request.with({
      prompt: request.prompt.with({ instructions: turn.history }),
      context: { ...request.context, [TOOL_APPROVAL_RESUME_KEY]: resume },
    });
  }
}

function isArray(value: unknown): value is readonly unknown[] {
  return Array.isArray(value);
}

/** The request with its observation in the context. */
function withObservation(request: ChatClientRequest, observation: RequestObservation): ChatClientRequest {
  return request.with({ context: { ...request.context, [REQUEST_OBSERVATION_KEY]: observation } });
}

/** Runs the chain in the request span's context and ends the span with the outcome. */
function observed(
  observation: RequestObservation,
  run: () => Promise<ChatClientResponse>,
): Promise<ChatClientResponse> {
  return context.with(observation.traceContext, run).then(
    (response) => {
      observation.end(response);
      return withoutRequestObservation(response);
    },
    (error: unknown) => {
      observation.fail(error);
      throw error;
    },
  );
}
