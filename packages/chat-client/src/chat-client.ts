import type { ChatModel } from '@sprout-ai/core';
import type { ToolCallingAdvisorBuilder } from './advisor/tool-calling-advisor-builder';
import { ChatClientBuilder } from './chat-client-builder';
import { ChatClientRequestSpec } from './chat-client-request-spec';
import { ChatClientTelemetry } from './observation/chat-client-telemetry';
import { type RequestSpecState, copyState, requireText } from './request-spec-state';

/** Options of {@link ChatClient.create} and {@link ChatClient.builder}. */
export interface ChatClientCreateOptions {
  /**
   * Builds the `ToolCallingAdvisor` added to each request; used as given (configure its manager
   * yourself).
   *
   * @defaultValue `ToolCallingAdvisor.builder()` (a default `DefaultToolCallingManager`)
   */
  readonly toolCallingAdvisorBuilder?: ToolCallingAdvisorBuilder;
}

/**
 * The fluent front door to a chat model: describe a request with `prompt()`, send it with
 * `.call()`. Each request runs through an advisor chain in which a `ToolCallingAdvisor` (added
 * automatically) executes the tools the model asks for.
 *
 * @example
 * ```ts
 * const chatClient = ChatClient.builder(model).defaultSystem('You are the order desk.').defaultTools(new OrderTools()).build();
 * const answer = await chatClient.prompt('Where is order A123?').call().content();
 * ```
 * @see Spring AI `ChatClient` / `DefaultChatClient`
 */
export class ChatClient {
  /**
   * Use {@link ChatClient.create} or {@link ChatClient.builder}.
   *
   * @param chatModel - the model requests go to
   * @param defaults - the client's defaults (internal)
   * @param toolCallingAdvisorBuilder - builds the auto-registered tool advisor
   * @param telemetry - the client's spans and metrics (internal)
   * @internal
   */
  constructor(
    readonly chatModel: ChatModel,
    private readonly defaults: RequestSpecState,
    readonly toolCallingAdvisorBuilder: ToolCallingAdvisorBuilder,
    private readonly telemetry: ChatClientTelemetry = new ChatClientTelemetry(),
  ) {}

  /**
   * A client with no defaults.
   *
   * @param chatModel - the model requests go to
   * @param options - optionally the `toolCallingAdvisorBuilder`
   */
  static create(chatModel: ChatModel, options: ChatClientCreateOptions = {}): ChatClient {
    return ChatClient.builder(chatModel, options).build();
  }

  /**
   * A builder for a client with defaults (system text, tools, advisors, options …).
   *
   * @param chatModel - the model requests go to
   * @param options - optionally the `toolCallingAdvisorBuilder`
   * @throws ConfigurationError when `chatModel` has no `call` method
   */
  static builder(chatModel: ChatModel, options: ChatClientCreateOptions = {}): ChatClientBuilder {
    return new ChatClientBuilder(chatModel, options.toolCallingAdvisorBuilder);
  }

  /**
   * Starts a request from a copy of the client's defaults.
   *
   * @param text - the user text (same as `.user(text)`)
   * @throws ConfigurationError when `text` is given but blank
   */
  prompt(text?: string): ChatClientRequestSpec {
    const spec = new ChatClientRequestSpec(
      this.chatModel,
      copyState(this.defaults),
      this.toolCallingAdvisorBuilder,
      this.telemetry,
    );
    return text === undefined ? spec : spec.user(requireText(text, 'prompt'));
  }

  /** A builder that starts from this client's defaults (and its tool-calling advisor builder). */
  mutate(): ChatClientBuilder {
    return new ChatClientBuilder(
      this.chatModel,
      this.toolCallingAdvisorBuilder,
      copyState(this.defaults),
    ).observationOptions(this.telemetry.options);
  }
}
