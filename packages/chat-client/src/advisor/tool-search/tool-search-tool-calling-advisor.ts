import {
  CHAT_MEMORY_CONVERSATION_ID,
  ConfigurationError,
  type Message,
  Prompt,
  SystemMessage,
  type ToolCallback,
  type ToolCallingChatOptions,
  ToolResponseMessage,
} from '@sprout-ai/core';
import type { ChatClientRequest } from '../../chat-client-request';
import type { CallAdvisorChain } from '../api/call-advisor-chain';
import type { StreamAdvisorChain } from '../api/stream-advisor-chain';
import { ToolCallingAdvisor, type ToolCallingAdvisorClass } from '../tool-calling-advisor';
import type { ToolCallingAdvisorBuilder } from '../tool-calling-advisor-builder';
import { LruEvictionStrategy } from './lru-eviction-strategy';
import { MissingToolSearchSessionIdError } from './missing-tool-search-session-id-error';
import { RegexToolIndex } from './regex-tool-index';
import { ToolSearchSessions } from './tool-search-sessions';
import { TOOL_SEARCH_SESSION_ID_KEY, TOOL_SEARCH_TOOL_NAME, toolSearchTool } from './tool-search-tool';
import {
  DEFAULT_TOOL_SEARCH_SYSTEM_MESSAGE_SUFFIX,
  type ToolSearchToolCallingAdvisorOptions,
} from './tool-search-tool-calling-advisor-options';
import { ToolSearchToolCallingAdvisorBuilder } from './tool-search-tool-calling-advisor-builder';

/** Request-context key of the turn's {@link RequestTools}. */
const REQUEST_TOOLS_KEY = '@sprout-ai/chat-client/tool-search/request-tools';

/** The tools the request came with, by name (first occurrence wins), and the session they live in. */
interface RequestTools {
  readonly sessionId: string;
  readonly callbacks: ReadonlyMap<string, ToolCallback>;
  /** `toolNames` of the request (resolved by the manager's resolver), in order. */
  readonly toolNames: readonly string[];
}

/**
 * A {@link ToolCallingAdvisor} for requests with many tools (dozens, or an MCP server's hundreds):
 * instead of every tool definition, the model is sent a built-in `toolSearchTool` plus the tools
 * it has found with it so far, and searches for what it needs in natural language.
 *
 * - Once per turn (`doInitializeLoop[Stream]`) the request's tools (`toolCallbacks` and
 *   `toolNames`) are indexed in the session's {@link ToolIndex} — only when the tool set's
 *   fingerprint changed since the session's last request — and a sentence about `toolSearchTool`
 *   is appended to the system message.
 * - Before each round (`doBeforeCall` / `doBeforeStream`) the tools sent are `toolSearchTool`
 *   plus the tools named in `toolSearchTool` results of the messages sent (all of them with
 *   `referenceToolNameAccumulation`, else those of the latest search round), in the request's
 *   order. The session also remembers what its searches found, so a later turn of the
 *   conversation starts with those tools even when its history does not carry the search results
 *   (a chat memory outside the loop stores only the user's messages and the answers).
 * - The session id is the advisor-context value under `sessionIdKeyName`
 *   (default `chat_memory_conversation_id`, the chat-memory conversation id).
 *
 * A search that fails or finds nothing is a tool result (`[]` or a sentence); the model can search
 * again or answer.
 *
 * @example
 * ```ts
 * const client = ChatClient.builder(model)
 *   .toolCallingAdvisorBuilder(ToolSearchToolCallingAdvisor.builder().toolIndex(new FullTextToolIndex()))
 *   .defaultTools(...manyTools)
 *   .build();
 * await client.prompt('Cancel order A123').advisors((a) => a.param(CHAT_MEMORY_CONVERSATION_ID, 'c-1')).call().content();
 * ```
 * @remarks Departures from Spring:
 * - A tool the model calls before discovering it is executed when it is one of the request's
 *   tools (Spring's manager only finds the tools that were sent). The request's tool set is what
 *   the application allowed for this turn; what was sent is only a way to save context. Refusing
 *   a correctly named call (a model that remembers a tool from an earlier turn, or whose search
 *   result was cut from the history) would cost a round and help no one. Names outside the
 *   request's tools are still unknown tools.
 * - A `toolSearchTool` result that is not a JSON array of names (a failure text) is skipped when
 *   collecting discovered tools; Spring fails the request on it.
 * - Session indexes are shared by all advisors built from one builder (see {@link ToolSearchSessions}),
 *   so a ChatClient's per-request advisors index a session once.
 * - Discovered tools are also remembered per session (Spring derives them from the messages the
 *   advisor sees only, so with a chat memory the next turn starts without them).
 * - Spring's `toolIndex` has no default; here it is a {@link RegexToolIndex}, as Spring's auto-configuration.
 * @see Spring AI `ToolSearchToolCallingAdvisor`
 */
export class ToolSearchToolCallingAdvisor extends ToolCallingAdvisor {
  override readonly name: string = 'ToolSearchToolCallingAdvisor';
  /** The sessions' indexes (shared with the advisors of the same builder). */
  readonly toolSearchSessions: ToolSearchSessions;
  readonly #searchTool: ToolCallback;
  readonly #systemMessageSuffix: string;
  readonly #accumulate: boolean;
  readonly #sessionIdKeyName: string;

  /**
   * @param options - the ToolCallingAdvisor's settings and the tool-search ones (all optional)
   * @throws ConfigurationError when a setting is of the wrong type or out of range
   */
  constructor(options: ToolSearchToolCallingAdvisorOptions = {}) {
    super(options);
    const { maxResults, minScoreThreshold, systemMessageSuffix, referenceToolNameAccumulation, sessionIdKeyName } =
      options;
    requireSetting(
      maxResults === undefined || (Number.isInteger(maxResults) && maxResults >= 1),
      'maxResults',
      maxResults,
      'an integer >= 1',
    );
    requireSetting(
      minScoreThreshold === undefined || (typeof minScoreThreshold === 'number' && Number.isFinite(minScoreThreshold)),
      'minScoreThreshold',
      minScoreThreshold,
      'a finite number',
    );
    requireSetting(
      systemMessageSuffix === undefined ||
        (typeof systemMessageSuffix === 'string' && systemMessageSuffix.trim() !== ''),
      'systemMessageSuffix',
      systemMessageSuffix,
      'a non-blank string',
    );
    requireSetting(
      referenceToolNameAccumulation === undefined || typeof referenceToolNameAccumulation === 'boolean',
      'referenceToolNameAccumulation',
      referenceToolNameAccumulation,
      'a boolean',
    );
    requireSetting(
      sessionIdKeyName === undefined || (typeof sessionIdKeyName === 'string' && sessionIdKeyName.trim() !== ''),
      'sessionIdKeyName',
      sessionIdKeyName,
      'a non-blank string',
    );
    this.toolSearchSessions =
      options.toolSearchSessions ??
      new ToolSearchSessions(
        options.toolIndex ?? new RegexToolIndex(),
        options.evictionStrategy ?? new LruEvictionStrategy(),
      );
    this.#searchTool = toolSearchTool(this.toolSearchSessions.index, maxResults, minScoreThreshold);
    this.#systemMessageSuffix = systemMessageSuffix ?? DEFAULT_TOOL_SEARCH_SYSTEM_MESSAGE_SUFFIX;
    this.#accumulate = referenceToolNameAccumulation ?? true;
    this.#sessionIdKeyName = sessionIdKeyName ?? CHAT_MEMORY_CONVERSATION_ID;
  }

  /**
   * A builder of this class (`ToolSearchToolCallingAdvisor` or the subclass it is called on), with
   * the tool-search settings.
   */
  static override builder<T extends ToolCallingAdvisor>(
    this: ToolCallingAdvisorClass<T>,
  ): ToolSearchToolCallingAdvisorBuilder & ToolCallingAdvisorBuilder<T> {
    // The static side must stay compatible with ToolCallingAdvisor.builder; `this` is this class
    // or a subclass of it, so it builds ToolSearchToolCallingAdvisors.
    const advisorClass = this as unknown as ToolCallingAdvisorClass<ToolSearchToolCallingAdvisor>;
    return new ToolSearchToolCallingAdvisorBuilder(advisorClass) as ToolSearchToolCallingAdvisorBuilder &
      ToolCallingAdvisorBuilder<T>;
  }

  /** Forgets a session's index (e.g. when its conversation is deleted). */
  evictSession(sessionId: string): Promise<void> {
    return this.toolSearchSessions.evictSession(sessionId);
  }

  /**
   * Indexes the request's tools for its session (when they changed) and appends the system
   * message suffix.
   *
   * @throws MissingToolSearchSessionIdError when the context has no session id
   */
  protected override doInitializeLoop(
    request: ChatClientRequest,
    _chain: CallAdvisorChain,
  ): Promise<ChatClientRequest> {
    return this.#initialize(request);
  }

  protected override doInitializeLoopStream(
    request: ChatClientRequest,
    _chain: StreamAdvisorChain,
  ): Promise<ChatClientRequest> {
    return this.#initialize(request);
  }

  /** Sends `toolSearchTool` and the tools discovered so far. */
  protected override doBeforeCall(request: ChatClientRequest, _chain: CallAdvisorChain): ChatClientRequest {
    return this.#selectTools(request);
  }

  protected override doBeforeStream(request: ChatClientRequest, _chain: StreamAdvisorChain): ChatClientRequest {
    return this.#selectTools(request);
  }

  /** All of the request's tools, discovered or not, may run (see the class remarks). */
  protected override doGetToolExecutionOptions(request: ChatClientRequest): ToolCallingChatOptions | undefined {
    const tools = requestToolsOf(request);
    const options = request.prompt.options;
    if (tools === undefined) return options;
    return {
      ...options,
      toolCallbacks: [this.#searchTool, ...tools.callbacks.values()],
      toolNames: tools.toolNames,
    };
  }

  async #initialize(request: ChatClientRequest): Promise<ChatClientRequest> {
    const sessionId = this.#sessionIdOf(request);
    const options = request.prompt.options ?? {};
    const callbacks = new Map<string, ToolCallback>();
    for (const callback of options.toolCallbacks ?? []) {
      const name = callback.toolDefinition.name;
      if (!callbacks.has(name)) callbacks.set(name, callback);
    }
    requireSetting(
      !callbacks.has(TOOL_SEARCH_TOOL_NAME) && !(options.toolNames ?? []).includes(TOOL_SEARCH_TOOL_NAME),
      'tools',
      TOOL_SEARCH_TOOL_NAME,
      `tools without one named '${TOOL_SEARCH_TOOL_NAME}' (the advisor's own search tool has that name)`,
    );
    const definitions = this.toolCallingManager.resolveToolDefinitions(options);
    await this.toolSearchSessions.open(sessionId, definitions);
    const tools: RequestTools = {
      sessionId,
      callbacks,
      toolNames: (options.toolNames ?? []).filter((name) => !callbacks.has(name)),
    };
    return request.with({
      prompt: new Prompt(withSuffix(request.prompt.instructions, this.#systemMessageSuffix), request.prompt.options),
      context: { ...request.context, [REQUEST_TOOLS_KEY]: tools },
    });
  }

  #selectTools(request: ChatClientRequest): ChatClientRequest {
    const tools = requestToolsOf(request);
    if (tools === undefined) return request;
    const found = discoveredToolNames(request.prompt.instructions, this.#accumulate);
    const discovered =
      found === undefined
        ? this.toolSearchSessions.discovered(tools.sessionId)
        : this.toolSearchSessions.rememberDiscovered(tools.sessionId, found, this.#accumulate);
    const options = request.prompt.options;
    return request.with({
      prompt: new Prompt(request.prompt.instructions, {
        ...options,
        toolCallbacks: [
          this.#searchTool,
          ...[...tools.callbacks.values()].filter((c) => discovered.has(c.toolDefinition.name)),
        ],
        toolNames: tools.toolNames.filter((name) => discovered.has(name)),
        toolContext: { ...options?.toolContext, [TOOL_SEARCH_SESSION_ID_KEY]: tools.sessionId },
      }),
    });
  }

  #sessionIdOf(request: ChatClientRequest): string {
    const value = request.context[this.#sessionIdKeyName];
    if ((typeof value === 'string' && value.trim() !== '') || (typeof value === 'number' && Number.isFinite(value))) {
      return String(value);
    }
    throw new MissingToolSearchSessionIdError({ sessionIdKeyName: this.#sessionIdKeyName });
  }
}

function requestToolsOf(request: ChatClientRequest): RequestTools | undefined {
  return request.context[REQUEST_TOOLS_KEY] as RequestTools | undefined;
}

/**
 * Names found by the `toolSearchTool` results among `messages`: of every tool message, or only of
 * the last one that has any; `undefined` when no message has one. A result that is not a JSON
 * array is skipped; non-strings in an array are ignored.
 */
function discoveredToolNames(messages: readonly Message[], accumulate: boolean): Set<string> | undefined {
  const searchRounds: string[][] = [];
  for (const message of messages) {
    if (!(message instanceof ToolResponseMessage)) continue;
    const results = message.responses
      .filter((r) => r.name.toLowerCase() === TOOL_SEARCH_TOOL_NAME.toLowerCase())
      .map((r) => r.responseData);
    if (results.length > 0) searchRounds.push(results);
  }
  if (searchRounds.length === 0) return undefined;
  const rounds = accumulate ? searchRounds : searchRounds.slice(-1);
  const names = new Set<string>();
  for (const data of rounds.flat()) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(data);
    } catch {
      continue;
    }
    if (!Array.isArray(parsed)) continue;
    for (const name of parsed) if (typeof name === 'string') names.add(name);
  }
  return names;
}

/** The messages with `suffix` appended to the first system message (an empty one first when none). */
function withSuffix(messages: readonly Message[], suffix: string): Message[] {
  const index = messages.findIndex((m) => m instanceof SystemMessage);
  if (index < 0) return [new SystemMessage(suffix), ...messages];
  const system = messages[index] as SystemMessage;
  const result = [...messages];
  result[index] = new SystemMessage(system.text + suffix, system.metadata);
  return result;
}

function requireSetting(ok: boolean, setting: string, value: unknown, allowed: string): asserts ok {
  if (!ok) {
    throw new ConfigurationError({
      setting: `ToolSearchToolCallingAdvisor ${setting}`,
      value,
      allowed,
      message: `ToolSearchToolCallingAdvisor ${setting} must be ${allowed}, got ${describe(value)}.`,
    });
  }
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return typeof value;
}
