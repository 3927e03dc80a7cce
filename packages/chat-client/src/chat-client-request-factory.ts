import {
  type ChatModel,
  type ChatOptions,
  type Message,
  Prompt,
  PromptTemplate,
  SystemMessage,
  type ToolCallingChatOptions,
  UserMessage,
} from '@sprout-ai/core';
import { assertUniqueToolNames, mergeToolContext } from '@sprout-ai/core/internal';
import { ABORT_SIGNAL_KEY, ChatClientRequest } from './chat-client-request';
import type { RequestSpecState } from './request-spec-state';

/**
 * Builds the request that enters the advisor chain from a spec's state:
 * - messages: the system text (if any), the explicit messages, the user text (if any), in that order;
 *   a system or user text with template parameters is rendered with them (`PromptTemplate`); the
 *   user message carries the user media (and is sent for media alone);
 * - options: the model's default options, overlaid by the client's default options, overlaid by
 *   the request's options (unset keys do not override; tool callbacks are appended, tool contexts
 *   and `httpHeaders` merged, later layers winning per key);
 * - when the ChatClient-level tools (callbacks plus every provider's `getToolCallbacks()`, asked
 *   now) are not empty: their names must be unique and they **replace** the options' callbacks;
 * - the ChatClient-level tool context is merged over the options' tool context;
 * - context: the advisor parameters (frozen already, so not copied again), with the request's
 *   abort signal (if any) under {@link ABORT_SIGNAL_KEY}.
 *
 * @throws DuplicateToolNameError when two ChatClient-level tools share a name
 * @throws MissingTemplateVariablesError when a system or user template names a parameter not given
 * @see Spring AI `DefaultChatClientUtils.toChatClientRequest`
 */
export function toChatClientRequest(chatModel: ChatModel, state: RequestSpecState): ChatClientRequest {
  const messages: Message[] = [];
  if (state.systemText !== undefined && state.systemText.trim() !== '')
    messages.push(new SystemMessage(rendered(state.systemText, state.systemParams)));
  messages.push(...state.messages);
  const userText = state.userText !== undefined && state.userText.trim() !== '' ? state.userText : undefined;
  if (userText !== undefined || state.userMedia.length > 0) {
    const text = userText === undefined ? '' : rendered(userText, state.userParams);
    messages.push(new UserMessage(text, {}, state.userMedia));
  }

  const options: LayeredOptions = {};
  overlay(options, chatModel.defaultOptions);
  overlay(options, state.defaultOptions);
  overlay(options, state.options);
  const toolCallbacks = state.toolCallbacks.slice();
  for (const provider of state.toolCallbackProviders) toolCallbacks.push(...provider.getToolCallbacks());
  if (toolCallbacks.length > 0) {
    assertUniqueToolNames(toolCallbacks);
    options.toolCallbacks = toolCallbacks;
  }
  if (Object.keys(state.toolContext).length > 0) {
    options.toolContext = mergeToolContext(state.toolContext, options.toolContext);
  }
  // Object.assign, not `{ ...params, [key]: signal }`: adding a key to a spread copy takes V8's slow
  // path and gives the context a hidden class of its own (slow reads in every round). Frozen here, so
  // the request takes it without another copy.
  const context =
    state.abortSignal === undefined
      ? state.advisorParams
      : Object.freeze(Object.assign({}, state.advisorParams, { [ABORT_SIGNAL_KEY]: state.abortSignal }));
  return new ChatClientRequest(new Prompt(messages, options), context);
}

/** The text rendered as a template when it has parameters; else as written (Spring renders only then). */
function rendered(text: string, params: Readonly<Record<string, unknown>>): string {
  return Object.keys(params).length === 0 ? text : new PromptTemplate(text).render(params);
}

/** The request's options while they are layered: this function's own object, changed in place. */
type LayeredOptions = { -readonly [K in keyof ToolCallingChatOptions]: ToolCallingChatOptions[K] } & Record<
  string,
  unknown
>;

/**
 * Overlays `options` with the set keys of `layer`; callbacks appended, tool contexts merged. Written
 * into one object rather than spread into a new one per layer: a spread copy that then gets a key
 * its source lacked takes V8's slow path and a map of its own (every later read of the options
 * was a megamorphic lookup).
 */
function overlay(options: LayeredOptions, layer: ChatOptions | undefined): void {
  if (layer === undefined) return;
  const other = layer as ToolCallingChatOptions;
  const { toolCallbacks, toolContext } = options;
  const baseHeaders = (options as { httpHeaders?: unknown }).httpHeaders;
  for (const [key, value] of Object.entries(other)) {
    if (value !== undefined) options[key] = value;
  }
  if (toolCallbacks !== undefined || other.toolCallbacks !== undefined) {
    options.toolCallbacks = [...(toolCallbacks ?? []), ...(other.toolCallbacks ?? [])];
  }
  if (toolContext !== undefined || other.toolContext !== undefined) {
    options.toolContext = mergeToolContext(other.toolContext, toolContext);
  }
  // Provider options' extra request headers (OpenAI, Anthropic): united, the later layer winning per header.
  const otherHeaders = (other as { httpHeaders?: unknown }).httpHeaders;
  if (isRecord(baseHeaders) && isRecord(otherHeaders)) options.httpHeaders = { ...baseHeaders, ...otherHeaders };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
