import { ConfigurationError } from '@sprout-ai/core';
import type { ChatModel, ChatOptions } from '@sprout-ai/core';
import type { Advisor } from './advisor/api/advisor';
import { ToolCallingAdvisor } from './advisor/tool-calling-advisor';
import type { ToolCallingAdvisorBuilder } from './advisor/tool-calling-advisor-builder';
import type { AdvisorSpecConsumer } from './advisor-spec';
import { ChatClient } from './chat-client';
import type { ChatClientLoopListener } from './observation/chat-client-loop-listener';
import type { ChatClientObservationOptions } from './observation/chat-client-observation-options';
import { ChatClientTelemetry } from './observation/chat-client-telemetry';
import {
  type RequestSpecState,
  addAdvisors,
  addLoopListeners,
  addToolContext,
  addTools,
  copyState,
  emptyState,
  requireOptions,
} from './request-spec-state';
import { applyPromptText } from './prompt-text-parts';
import { PromptSystemSpec } from './prompt-system-spec';
import { PromptUserSpec } from './prompt-user-spec';
import type { ToolInput } from './tool-registration';

/**
 * Collects the defaults of a {@link ChatClient}. Every request starts from them: its system/user
 * text replaces the defaults, its tools are appended to the default tools, its tool context and
 * options are merged over the defaults, its advisors are added to the default advisors.
 *
 * @see Spring AI `ChatClient.Builder` / `DefaultChatClientBuilder`
 */
export class ChatClientBuilder {
  private readonly state: RequestSpecState;
  private advisorBuilder: ToolCallingAdvisorBuilder;
  private observation: ChatClientObservationOptions = {};

  /**
   * Use {@link ChatClient.builder}.
   *
   * @param chatModel - the model requests go to
   * @param toolCallingAdvisorBuilder - builds the auto-registered tool advisor (default `ToolCallingAdvisor.builder()`)
   * @param state - defaults to start from (internal)
   * @throws ConfigurationError when `chatModel` has no `call` method
   */
  constructor(
    private readonly chatModel: ChatModel,
    toolCallingAdvisorBuilder?: ToolCallingAdvisorBuilder,
    state: RequestSpecState = emptyState(),
  ) {
    if (typeof (chatModel as ChatModel | null | undefined)?.call !== 'function') {
      throw new ConfigurationError({
        setting: 'chatModel',
        value: chatModel,
        allowed: 'a ChatModel (an object with call(prompt))',
        message: `ChatClient needs a ChatModel (an object with call(prompt)), got ${describeModel(chatModel)}.`,
      });
    }
    this.advisorBuilder = toolCallingAdvisorBuilder ?? ToolCallingAdvisor.builder();
    this.state = state;
  }

  /**
   * Default system text; or, with a callback, a template and default parameters:
   * `.defaultSystem((s) => s.text('You serve {shop}.').param('shop', 'Sprout Shop'))`. A request's
   * `.system(s => s.param(…))` adds parameters to these.
   *
   * @throws ConfigurationError when the text is blank or a parameter is `null`/`undefined`
   */
  defaultSystem(text: string): this;
  defaultSystem(consumer: (system: PromptSystemSpec) => void): this;
  defaultSystem(input: string | ((system: PromptSystemSpec) => void)): this {
    applyPromptText(this.state, 'system', input, (parts) => new PromptSystemSpec(parts), 'defaultSystem');
    return this;
  }

  /**
   * Default user text; or, with a callback, a template and default parameters (see `defaultSystem`).
   *
   * @throws ConfigurationError when the text is blank or a parameter is `null`/`undefined`
   */
  defaultUser(text: string): this;
  defaultUser(consumer: (user: PromptUserSpec) => void): this;
  defaultUser(input: string | ((user: PromptUserSpec) => void)): this {
    applyPromptText(this.state, 'user', input, (parts) => new PromptUserSpec(parts), 'defaultUser');
    return this;
  }

  /**
   * Default tools, in the forms `ChatClientRequestSpec.tools` accepts (objects with `@Tool`
   * methods are converted now; providers are asked on every request).
   *
   * @throws ConfigurationError for `null`/`undefined`, a class instead of an instance, or a primitive
   */
  defaultTools(...tools: ToolInput[]): this {
    addTools(this.state, tools, 'defaultTools');
    return this;
  }

  /** Alias of {@link ChatClientBuilder.defaultTools}. */
  defaultToolCallbacks(...toolCallbacks: ToolInput[]): this {
    addTools(this.state, toolCallbacks, 'defaultToolCallbacks');
    return this;
  }

  /**
   * Default tool context, merged into every request's tool context (the request wins on the same key).
   *
   * @throws ConfigurationError when it is not an object, a key is blank or a value is `null`/`undefined`
   */
  defaultToolContext(context: Readonly<Record<string, unknown>>): this {
    addToolContext(this.state, context, 'defaultToolContext');
    return this;
  }

  /**
   * Default advisors, or default advisor parameters and advisors through a callback (e.g.
   * `AdvisorParams.toolCallingAdvisorAutoRegister(false)` for every request).
   *
   * @throws ConfigurationError when an argument is not an advisor
   */
  defaultAdvisors(consumer: AdvisorSpecConsumer): this;
  defaultAdvisors(...advisors: Advisor[]): this;
  defaultAdvisors(...args: [AdvisorSpecConsumer] | Advisor[]): this {
    addAdvisors(this.state, args, 'defaultAdvisors');
    return this;
  }

  /**
   * Default options, applied over the model's default options and under each request's options.
   *
   * @throws ConfigurationError when `options` is not an object
   */
  defaultOptions(options: ChatOptions): this {
    this.state.defaultOptions = requireOptions(options, 'defaultOptions');
    return this;
  }

  /**
   * The builder of the `ToolCallingAdvisor` added to each request (a copy is built per request).
   *
   * @throws ConfigurationError when `builder` has no `copy`/`build` methods
   */
  toolCallingAdvisorBuilder(builder: ToolCallingAdvisorBuilder): this {
    const candidate = builder as Partial<ToolCallingAdvisorBuilder> | null | undefined;
    if (typeof candidate?.copy !== 'function' || typeof candidate.build !== 'function') {
      throw new ConfigurationError({
        setting: 'toolCallingAdvisorBuilder',
        value: builder,
        allowed: 'a ToolCallingAdvisorBuilder such as ToolCallingAdvisor.builder()',
        message:
          'toolCallingAdvisorBuilder(): expected a ToolCallingAdvisorBuilder such as ToolCallingAdvisor.builder().',
      });
    }
    this.advisorBuilder = builder;
    return this;
  }

  /**
   * Listeners told about every request's tool loop (rounds, tool calls, usage); a request's own
   * `loopListeners` are told after these.
   *
   * @throws ConfigurationError when a listener is not an object
   * @see ChatClientLoopListener
   */
  defaultLoopListeners(...listeners: ChatClientLoopListener[]): this {
    addLoopListeners(this.state, listeners, 'defaultLoopListeners');
    return this;
  }

  /**
   * What the client's OpenTelemetry spans record beyond the required attributes (properties
   * `spring.ai.chat.observations.log-prompt` / `log-completion`); replaces earlier options.
   *
   * @throws ConfigurationError when `options` is not an object
   */
  observationOptions(options: ChatClientObservationOptions): this {
    if (typeof options !== 'object' || options === null) {
      throw new ConfigurationError({
        setting: 'observationOptions',
        value: options,
        allowed: 'an object such as { logPrompt: true, logCompletion: true }',
        message: 'observationOptions(): expected an object such as { logPrompt: true, logCompletion: true }.',
      });
    }
    this.observation = { ...options };
    return this;
  }

  /** An independent copy of this builder (same tool-calling advisor builder). */
  clone(): ChatClientBuilder {
    return new ChatClientBuilder(this.chatModel, this.advisorBuilder, copyState(this.state)).observationOptions(
      this.observation,
    );
  }

  /** A client with a snapshot of these defaults; later builder changes do not affect it. */
  build(): ChatClient {
    return new ChatClient(
      this.chatModel,
      copyState(this.state),
      this.advisorBuilder,
      new ChatClientTelemetry(this.observation),
    );
  }
}

function describeModel(value: unknown): string {
  return typeof value === 'object' && value !== null ? 'an object without call()' : String(value);
}
