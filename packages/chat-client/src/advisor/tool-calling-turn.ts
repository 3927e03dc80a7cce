import type { Message } from '@sprout-ai/core';
import type { ChatClientResponse } from '../chat-client-response';

/**
 * Context key of the {@link ToolCallingTurn} in every round's request; the loop removes the entry
 * from what it returns. A string key like the abort signal's: V8 copies and reads a context with a
 * symbol key on its slow path, which tripled the cost of a round's context.
 */
const TOOL_CALLING_TURN_KEY = '@sprout-ai/chat-client/tool-calling-turn';

/** Told when a turn ends with the tools' results as its answer; the loop waits for it. */
export type ReturnDirectListener = (history: readonly Message[], answer: ChatClientResponse) => Promise<void> | void;

/**
 * The turn a `ToolCallingAdvisor` is running, as the loop keeps it, shared with the advisors inside
 * the loop (a memory advisor ordered after it) through each round's request context. Internal.
 *
 * An inner advisor sees the model's raw responses; the turn is what the loop made of them: the
 * assistant message of each round as the tools ran (ids made unique, arguments repaired, one
 * generation), and the tool responses. With the loop's conversation history disabled, the rounds'
 * requests carry only the tool responses, and this is where the rest of the turn is.
 */
export class ToolCallingTurn {
  #history: readonly Message[];
  readonly #returnDirectListeners = new Map<object, ReturnDirectListener>();

  /** @param instructions - the messages of the loop's first request */
  constructor(instructions: readonly Message[]) {
    this.#history = instructions;
  }

  /**
   * The turn so far, as the tool manager sees it: the loop's first messages, then per tool round the
   * assistant tool-call message and the tool responses.
   */
  get history(): readonly Message[] {
    return this.#history;
  }

  /** The loop records a round's tools having run (`ToolExecutionResult.conversationHistory`). */
  advance(history: readonly Message[]): void {
    this.#history = history;
  }

  /**
   * Asks to be told when the turn ends with the tools' results as its answer (returnDirect), a
   * response no inner advisor sees pass. One listener per `owner`: a later one replaces it.
   */
  onReturnDirect(owner: object, listener: ReturnDirectListener): void {
    this.#returnDirectListeners.set(owner, listener);
  }

  /** The loop reports a returnDirect end; waits for every listener (what one throws fails the turn). */
  async endWithReturnDirect(answer: ChatClientResponse): Promise<void> {
    for (const listener of this.#returnDirectListeners.values()) await listener(this.#history, answer);
  }
}

/**
 * @param context - a request context
 * @returns `context` with `turn` in it, frozen once so that the rounds' requests share it uncopied
 */
export function withToolCallingTurn(
  context: Readonly<Record<string, unknown>>,
  turn: ToolCallingTurn,
): Readonly<Record<string, unknown>> {
  // One copy, frozen as frozenContext freezes it (a spread, then frozenContext's copy, made two).
  const withTurn: Record<string, unknown> = Object.assign({}, context);
  withTurn[TOOL_CALLING_TURN_KEY] = turn;
  return Object.freeze(withTurn);
}

/**
 * @param context - a request context
 * @returns the tool-calling turn the request belongs to, or `undefined` outside a tool loop
 */
export function toolCallingTurnOf(context: Readonly<Record<string, unknown>>): ToolCallingTurn | undefined {
  const turn = context[TOOL_CALLING_TURN_KEY];
  return turn instanceof ToolCallingTurn ? turn : undefined;
}

/**
 * @param response - a response on its way out of the loop
 * @returns the response without the turn in its context (the same response when it has none)
 */
export function withoutToolCallingTurn(response: ChatClientResponse): ChatClientResponse {
  if (!(TOOL_CALLING_TURN_KEY in response.context)) return response;
  const { [TOOL_CALLING_TURN_KEY]: _turn, ...context } = response.context;
  return response.with({ context });
}
