import {
  AssistantMessage,
  CHAT_MEMORY_CONVERSATION_ID,
  type ChatMemory,
  ConfigurationError,
  DEFAULT_CONVERSATION_ID,
  type Message,
  SystemMessage,
  ToolResponseMessage,
} from '@sprout-ai/core';
import { createLogger } from '@sprout-ai/core/internal';
import type { ChatClientRequest } from '../chat-client-request';
import type { ChatClientResponse } from '../chat-client-response';
import { answerText } from '../answer-text';
import {
  messagesEqual,
  overlapLength,
  repairToolCallHistory,
  type ToolCallHistoryIssue,
} from '../memory/history-integrity';
import {
  type ChatClientStreamEventListener,
  STREAM_EVENT_LISTENER_KEY,
  streamEventListenerOf,
} from '../stream/chat-client-stream-event';
import { DEFAULT_CHAT_MEMORY_PRECEDENCE_ORDER } from './api/advisor';
import type { CallAdvisor } from './api/call-advisor';
import type { CallAdvisorChain } from './api/call-advisor-chain';
import { MEMORY_ADVISOR, type MemoryAdvisor } from './api/memory-advisor';
import type { StreamAdvisor } from './api/stream-advisor';
import type { StreamAdvisorChain } from './api/stream-advisor-chain';
import { ChatClientMessageAggregator } from './chat-client-message-aggregator';
import { toolCallingTurnOf } from './tool-calling-turn';

const logger = createLogger('MessageChatMemoryAdvisor');

/** Most tool-call groups waiting for their tool responses, per advisor; the oldest is forgotten first. */
const MAX_PENDING_GROUPS = 1000;

/** Options of {@link MessageChatMemoryAdvisor}. */
export interface MessageChatMemoryAdvisorOptions {
  /** Where the conversation is remembered, e.g. a `MessageWindowChatMemory`. */
  readonly chatMemory: ChatMemory;
  /** Conversation used when a request has no `chat_memory_conversation_id` parameter. @defaultValue {@link DEFAULT_CONVERSATION_ID} */
  readonly conversationId?: string;
  /**
   * Position in the chain. The default (`HIGHEST_PRECEDENCE + 200`) is outside the tool loop; an
   * order greater than the ToolCallingAdvisor's (`HIGHEST_PRECEDENCE + 300` by default) puts it
   * inside. @defaultValue {@link DEFAULT_CHAT_MEMORY_PRECEDENCE_ORDER}
   */
  readonly order?: number;
}

/**
 * What {@link MessageChatMemoryAdvisor.before} hands to {@link MessageChatMemoryAdvisor.after}
 * for one pass through the advisor.
 */
export interface MemoryRound {
  /** The request with the remembered conversation in front of the new messages. */
  readonly request: ChatClientRequest;
  readonly conversationId: string;
  /** New messages of this request not stored yet (the user's turn); stored with the answer. */
  readonly unsaved: readonly Message[];
}

interface PendingGroup {
  readonly conversationId: string;
  readonly messages: readonly Message[];
  readonly callIds: readonly string[];
}

/**
 * Gives the model the conversation so far, read from a {@link ChatMemory}, and remembers the new
 * messages of each turn. The conversation id comes from the advisor parameter
 * {@link CHAT_MEMORY_CONVERSATION_ID}, else the advisor's default.
 *
 * Where it sits decides what is remembered:
 * - **outside the tool loop** (the default order, `HIGHEST_PRECEDENCE + 200`): once per turn, the
 *   history is put in front of the prompt, and the user's messages and the final answer are stored;
 * - **inside the loop** (an order greater than the ToolCallingAdvisor's): every round passes through
 *   it, so the assistant tool-call messages and the tool responses are stored as well, and the
 *   auto-registered ToolCallingAdvisor stops forwarding the turn itself (it sends only the system
 *   message and the tool responses, and this advisor replays the rest, from the turn the loop
 *   shares with it). A ToolCallingAdvisor you add yourself may forward the turn or not
 *   (`disableInternalConversationHistory()`): each message is sent once either way.
 *
 * Per request: the prompt's first system message goes first, then the remembered messages, then
 * the prompt's messages memory does not hold yet; the whole list is then repaired with
 * {@link repairToolCallHistory} (orphan tool responses and unanswered tool calls are dropped, with a
 * warning in the log), so a provider never sees an invalid history.
 *
 * What is stored, and when — whole turns, each in one atomic `ChatMemory.add` once the model has
 * given the turn's answer, so the conversation always ends with the last complete turn:
 * - outside the loop: `[new user messages…, assistant answer(s)]`;
 * - inside the loop: the whole turn `[user…, assistant(tool calls), tool responses, …, assistant
 *   answer]` is stored with the answer. The turn's messages are taken as the loop keeps them, not as
 *   the model sent them: each round's assistant message as its tools ran (blank or repeated call ids
 *   replaced, unusable arguments replayed as `{}`, the one generation the tools came from), so the
 *   stored calls and their responses always pair up. A turn whose tools were all `returnDirect` is
 *   stored as well, ending with their results as one assistant message (the text `.content()` gives);
 * - outside any `ToolCallingAdvisor` (the caller runs the tools, the loop switched off): a response
 *   with tool calls is held back, keyed by its call ids, until a request brings their tool responses.
 * A turn that fails, is aborted (`abortSignal`), or ends without an answer (a failing tool, a call
 * limit, a pause for approval — stored once resumed and answered) stores nothing: the conversation keeps its previous state.
 * Each model output is stored as its own message, so the text of the final round is never merged
 * into the tool-call message of an earlier round — on `.call()` and on `.stream()` alike (see
 * {@link MessageChatMemoryAdvisor.adviseStream}).
 *
 * Concurrency: two requests on the same conversation may run at once; each store is an atomic
 * append of a whole group (see `MessageWindowChatMemory`), so groups never interleave and none is
 * lost — they are appended in the order the requests finish. A request does not wait for another
 * request's answer; send one turn at a time per conversation if the model must see it.
 *
 * @example
 * ```ts
 * const memory = MessageChatMemoryAdvisor.builder(MessageWindowChatMemory.builder().build()).build();
 * const client = ChatClient.builder(model).defaultAdvisors(memory).build();
 * await client.prompt('My order is A123.').advisors((a) => a.param(CHAT_MEMORY_CONVERSATION_ID, 'c-42')).call().content();
 * ```
 * @remarks Departures from Spring: the user message is stored together with the answer instead of
 * before the model is called, tool-call messages and their responses together with the turn's
 * answer (Spring stores each message as its round passes), and the history sent is repaired first. Spring requires the conversation id parameter; here the
 * advisor's default applies.
 * @see Spring AI `MessageChatMemoryAdvisor`
 */
export class MessageChatMemoryAdvisor implements CallAdvisor, StreamAdvisor, MemoryAdvisor {
  readonly [MEMORY_ADVISOR] = true as const;
  readonly name = 'MessageChatMemoryAdvisor';
  readonly order: number;
  readonly chatMemory: ChatMemory;
  /** Conversation used when a request has no {@link CHAT_MEMORY_CONVERSATION_ID} parameter. */
  readonly defaultConversationId: string;
  readonly #pending = new Map<string, PendingGroup>();

  /**
   * @param options - the chat memory, default conversation id and order
   * @throws ConfigurationError for a missing chat memory, a blank conversation id or a non-integer order
   */
  constructor(options: MessageChatMemoryAdvisorOptions) {
    const chatMemory = options?.chatMemory;
    if (typeof chatMemory?.get !== 'function' || typeof chatMemory.add !== 'function') {
      throw new ConfigurationError({
        setting: 'MessageChatMemoryAdvisor chatMemory',
        value: chatMemory,
        allowed: 'a ChatMemory (an object with get and add)',
        message:
          'MessageChatMemoryAdvisor needs a ChatMemory, e.g. MessageChatMemoryAdvisor.builder(MessageWindowChatMemory.builder().build()).build().',
      });
    }
    const order = options.order ?? DEFAULT_CHAT_MEMORY_PRECEDENCE_ORDER;
    if (!Number.isSafeInteger(order)) {
      throw new ConfigurationError({
        setting: 'MessageChatMemoryAdvisor order',
        value: order,
        allowed: 'an integer',
        message: `MessageChatMemoryAdvisor order must be an integer, got ${String(order)}.`,
      });
    }
    this.chatMemory = chatMemory;
    this.order = order;
    this.defaultConversationId = requireConversationId(options.conversationId ?? DEFAULT_CONVERSATION_ID, 'default');
  }

  /**
   * A builder: `MessageChatMemoryAdvisor.builder(chatMemory).conversationId('c-1').order(n).build()`.
   *
   * @param chatMemory - where the conversation is remembered
   */
  static builder(chatMemory: ChatMemory): MessageChatMemoryAdvisorBuilder {
    return new MessageChatMemoryAdvisorBuilder(chatMemory);
  }

  /**
   * `before`, the rest of the chain, `after`.
   *
   * @throws ConfigurationError when the conversation id parameter is not a non-blank string or number
   * @throws whatever the chat memory or the chain throws (nothing of the failed step is stored)
   */
  async adviseCall(request: ChatClientRequest, chain: CallAdvisorChain): Promise<ChatClientResponse> {
    const round = await this.before(request);
    const response = await chain.nextCall(round.request);
    return this.after(response, round);
  }

  /**
   * The same for `.stream()`: {@link MessageChatMemoryAdvisor.before} on the request, then every
   * chunk of the rest of the chain is passed on unchanged while it is aggregated (as Spring's
   * `ChatClientMessageAggregator` does), and {@link MessageChatMemoryAdvisor.after} runs on the
   * aggregate once the stream has ended, so the rules of the call path apply as they are:
   * - inside the tool loop each round is its own stream: a round that ends in tool calls stores
   *   nothing (the next round's request brings the turn), and the final text is stored as its own
   *   assistant message;
   * - outside the loop the stream spans every round; the aggregate starts afresh whenever the loop
   *   reports a tool call (its `tool-call` stream event), so only the final round's output — the
   *   answer, as `.call()` stores it — is stored with the user's messages, never merged with the
   *   text or tool calls of earlier rounds.
   *
   * @returns the chunks of the rest of the chain; iterating again runs the turn again
   * @throws (when iterated) ConfigurationError for a bad conversation id parameter, and
   * whatever the chat memory or the chain throws. A stream that fails, is aborted, or is abandoned
   * before its end stores nothing of its turn: the conversation keeps its previous state.
   * @remarks Spring stores the aggregate of the whole stream; outside the loop that includes the
   * text the model wrote before calling a tool. Here, as on the call path, only the final answer is stored.
   */
  adviseStream(request: ChatClientRequest, chain: StreamAdvisorChain): AsyncIterable<ChatClientResponse> {
    return this.#adviseStream(request, chain);
  }

  async *#adviseStream(request: ChatClientRequest, chain: StreamAdvisorChain): AsyncGenerator<ChatClientResponse> {
    const round = await this.before(request);
    const outer = streamEventListenerOf(round.request.context);
    let aggregator = new ChatClientMessageAggregator();
    let toolRoundEnded = false;
    const listener: ChatClientStreamEventListener = (event) => {
      if (event.type === 'tool-call') toolRoundEnded = true;
      outer?.(event);
    };
    const sent = round.request.with({ context: { ...round.request.context, [STREAM_EVENT_LISTENER_KEY]: listener } });
    for await (const chunk of chain.nextStream(sent)) {
      if (toolRoundEnded) {
        aggregator = new ChatClientMessageAggregator();
        toolRoundEnded = false;
      }
      aggregator.add(chunk);
      yield chunk.context[STREAM_EVENT_LISTENER_KEY] === listener
        ? chunk.with({ context: withListener(chunk.context, outer) })
        : chunk;
    }
    const aggregated = aggregator.result();
    if (aggregated !== undefined) await this.after(aggregated, round);
  }

  /**
   * Reads the conversation and builds the request sent on. Inside a ToolCallingAdvisor's loop, the
   * turn so far (as the loop keeps it) is put in front of a request that carries only its tail;
   * elsewhere, when the request carries the tool responses of a held-back tool call, that turn so
   * far is put in front of them. Either is stored later, with the turn's answer.
   *
   * @param request - the request as it reached this advisor
   * @returns the request to send on, and what {@link MessageChatMemoryAdvisor.after} needs
   */
  async before(request: ChatClientRequest): Promise<MemoryRound> {
    const conversationId = this.conversationIdOf(request.context);
    const instructions = request.prompt.instructions;
    const system = instructions.find((message) => message instanceof SystemMessage);
    const turn = toolCallingTurnOf(request.context);
    let rest = withoutFirstSystemMessage(instructions);
    if (turn !== undefined) {
      rest = withTurnRestored(rest, turn.history);
      turn.onReturnDirect(this, (history, answer) => this.#storeReturnDirectTurn(conversationId, history, answer));
    }

    const history = await this.chatMemory.get(conversationId);
    let unsaved = rest.slice(overlapLength(history, rest));
    const last = unsaved[unsaved.length - 1];
    if (turn === undefined && last instanceof ToolResponseMessage) {
      // Not inside a ToolCallingAdvisor (the caller runs the tools, or another loop does): the
      // turn so far, held back with its tool call, and the tool responses go on unsaved, to be
      // stored with the turn's answer.
      const held = this.#takePending(conversationId, last)?.messages ?? [];
      unsaved = this.#repaired([...held, ...unsaved.slice(overlapLength(held, unsaved))], conversationId);
    }
    const toSend = this.#repaired([...(system === undefined ? [] : [system]), ...history, ...unsaved], conversationId);
    return {
      request: request.with({ prompt: request.prompt.with({ instructions: toSend }) }),
      conversationId,
      unsaved: repairToolCallHistory(unsaved).messages,
    };
  }

  /**
   * Stores the answer with the turn's new messages. A response with tool calls stores nothing:
   * inside a ToolCallingAdvisor's loop the next round brings the turn; elsewhere the turn so far
   * (ending in the tool-call message) is held back until its tool responses arrive.
   *
   * @param response - what the rest of the chain answered
   * @param round - what {@link MessageChatMemoryAdvisor.before} returned for the same request
   * @returns `response`, unchanged
   * @throws whatever the chat memory throws (the conversation is then left as it was)
   */
  async after(response: ChatClientResponse, round: MemoryRound): Promise<ChatClientResponse> {
    const chatResponse = response.chatResponse;
    const outputs = chatResponse?.results.map((generation) => generation.output) ?? [];
    // A turn paused for approval is stored when it is resumed and answered.
    if (outputs.length === 0 || chatResponse?.metadata.pendingApproval !== undefined) return response;
    if (chatResponse?.hasToolCalls() === true) {
      // Inside a ToolCallingAdvisor the next round's request brings the turn (see before()).
      if (toolCallingTurnOf(round.request.context) !== undefined) return response;
      this.#hold(
        round.conversationId,
        [...round.unsaved, ...outputs],
        outputs.flatMap((output) => output.toolCalls.map((call) => call.id)),
      );
    } else {
      await this.chatMemory.add(round.conversationId, [...round.unsaved, ...outputs]);
    }
    return response;
  }

  /** The request's conversation id, or the default. */
  protected conversationIdOf(context: Readonly<Record<string, unknown>>): string {
    const value = context[CHAT_MEMORY_CONVERSATION_ID];
    if (value === undefined) return this.defaultConversationId;
    return requireConversationId(value, 'parameter');
  }

  /** A turn whose tools' results were its answer: the turn, then that answer as the caller reads it. */
  async #storeReturnDirectTurn(
    conversationId: string,
    turnHistory: readonly Message[],
    answer: ChatClientResponse,
  ): Promise<void> {
    const turn = withoutFirstSystemMessage(turnHistory);
    const history = await this.chatMemory.get(conversationId);
    const unsaved = turn.slice(overlapLength(history, turn));
    await this.chatMemory.add(conversationId, [
      ...repairToolCallHistory(unsaved).messages,
      new AssistantMessage(answerText(answer.chatResponse)),
    ]);
  }

  #repaired(messages: readonly Message[], conversationId: string): Message[] {
    const { messages: repaired, issues } = repairToolCallHistory(messages);
    if (issues.length > 0) {
      logger.warn({ conversationId, issues: issues.map(describeIssue) }, 'dropped invalid tool-call history');
    }
    return repaired;
  }

  #hold(conversationId: string, messages: readonly Message[], callIds: readonly string[]): void {
    const group: PendingGroup = { conversationId, messages, callIds };
    for (const id of callIds) this.#pending.set(pendingKey(conversationId, id), group);
    while (this.#pending.size > MAX_PENDING_GROUPS) {
      const [oldestKey, oldest] = this.#pending.entries().next().value as [string, PendingGroup];
      this.#pending.delete(oldestKey);
      for (const id of oldest.callIds) this.#pending.delete(pendingKey(oldest.conversationId, id));
      logger.warn({ conversationId: oldest.conversationId }, 'forgot a tool call whose responses never arrived');
    }
  }

  #takePending(conversationId: string, toolMessage: ToolResponseMessage): PendingGroup | undefined {
    for (const response of toolMessage.responses) {
      const group = this.#pending.get(pendingKey(conversationId, response.id));
      if (group !== undefined) {
        for (const id of group.callIds) this.#pending.delete(pendingKey(conversationId, id));
        return group;
      }
    }
    return undefined;
  }
}

/** Builds a {@link MessageChatMemoryAdvisor}. */
export class MessageChatMemoryAdvisorBuilder {
  #conversationId?: string;
  #order?: number;

  /** @param chatMemory - where the conversation is remembered */
  constructor(private readonly chatMemory: ChatMemory) {}

  /** @param conversationId - used when a request has no `chat_memory_conversation_id` parameter */
  conversationId(conversationId: string): this {
    this.#conversationId = conversationId;
    return this;
  }

  /** @param order - the advisor's order; greater than the ToolCallingAdvisor's puts it inside the tool loop */
  order(order: number): this {
    this.#order = order;
    return this;
  }

  /** @throws ConfigurationError as the constructor does */
  build(): MessageChatMemoryAdvisor {
    return new MessageChatMemoryAdvisor({
      chatMemory: this.chatMemory,
      conversationId: this.#conversationId,
      order: this.#order,
    });
  }
}

/** `context` with the stream event listener entry set back to `listener` (or removed). */
function withListener(
  context: Readonly<Record<string, unknown>>,
  listener: ChatClientStreamEventListener | undefined,
): Record<string, unknown> {
  const { [STREAM_EVENT_LISTENER_KEY]: _ours, ...rest } = context;
  return listener === undefined ? rest : { ...rest, [STREAM_EVENT_LISTENER_KEY]: listener };
}

/**
 * `rest` with the turn's earlier messages put back in front of it, when the loop forwarded only the
 * turn's tail (its conversation history disabled: `[system, tool responses]`); as it is when it
 * already holds the turn's first message, or holds nothing of the turn (a hook of the loop chose
 * other messages).
 */
function withTurnRestored(rest: readonly Message[], turnHistory: readonly Message[]): readonly Message[] {
  const turn = withoutFirstSystemMessage(turnHistory);
  if (rest.length === 0 || turn.length === 0 || rest.some((message) => sameMessage(message, turn[0]))) return rest;
  let start = turn.length - 1;
  while (start > 0 && !sameMessage(turn[start], rest[0])) start--;
  return start > 0 ? [...turn.slice(0, start), ...rest] : rest;
}

function sameMessage(a: Message, b: Message): boolean {
  return a === b || messagesEqual(a, b);
}

function withoutFirstSystemMessage(messages: readonly Message[]): readonly Message[] {
  const index = messages.findIndex((message) => message instanceof SystemMessage);
  return index < 0 ? messages : messages.filter((_, i) => i !== index);
}

function pendingKey(conversationId: string, toolCallId: string): string {
  return `${conversationId}\u0000${toolCallId}`;
}

function describeIssue(issue: ToolCallHistoryIssue): string {
  return `${issue.kind} at message ${issue.index} (tool call ids ${issue.toolCallIds.join(', ')})`;
}

function requireConversationId(value: unknown, source: 'default' | 'parameter'): string {
  const text = typeof value === 'number' && Number.isFinite(value) ? String(value) : value;
  if (typeof text === 'string' && text.trim() !== '') return text;
  const shown = value === undefined ? 'undefined' : (JSON.stringify(value) ?? typeof value);
  throw new ConfigurationError({
    setting: source === 'default' ? 'MessageChatMemoryAdvisor conversationId' : CHAT_MEMORY_CONVERSATION_ID,
    value,
    allowed: 'a non-blank string',
    message:
      source === 'default'
        ? `MessageChatMemoryAdvisor conversationId must be a non-blank string, got ${shown}.`
        : `The advisor parameter ${CHAT_MEMORY_CONVERSATION_ID} must be a non-blank string, got ${shown}. ` +
          `Set it with .advisors((spec) => spec.param('${CHAT_MEMORY_CONVERSATION_ID}', 'conversation-42')).`,
  });
}
