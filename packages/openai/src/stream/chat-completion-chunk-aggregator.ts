import { type ToolCall, type ToolCallDelta } from '@sprout-ai/core';
import { isBlankToolArguments } from '@sprout-ai/core/internal';

/** What one chunk added to one choice. */
export interface ChoiceUpdate {
  /** The choice's `index` (0 when the server left it out). */
  readonly choiceIndex: number;
  /** New assistant text (`''` when none). */
  readonly text: string;
  /** Tool-call progress; `index` is the position in the choice's final call list. */
  readonly toolCallDeltas: readonly ToolCallDelta[];
  /** The finish reason, on the chunk that carries it. */
  readonly finishReason: string | undefined;
}

/** One choice once the stream has ended. */
export interface AggregatedChoice {
  readonly choiceIndex: number;
  /** Complete calls in arrival order, ids as sent (blank where missing); arguments as sent (objects serialized). */
  readonly toolCalls: readonly ToolCall[];
  /** The last finish reason the server sent, if any. */
  readonly finishReason?: string;
  /** The model's refusal (`delta.refusal` fragments joined), if it refused. */
  readonly refusal?: string;
  /** Calls dropped because no name and no arguments ever arrived. */
  readonly droppedCalls: number;
  /**
   * Set when argument fragments arrived that could not be matched to a call: every call of the
   * choice then carries `argumentsProblem`, so none runs with arguments it may not have received.
   */
  readonly unmatchedArguments: boolean;
}

interface CallState {
  readonly position: number;
  readonly id: string;
  /** The `index` the server gave the call's first delta, if any. */
  readonly serverIndex: number | undefined;
  name: string;
  readonly parts: string[];
  objectArguments?: unknown;
}

interface ChoiceState {
  readonly choiceIndex: number;
  readonly calls: CallState[];
  /** Server `index` → the call that index currently designates (re-pointed when a new id reuses it). */
  readonly byServerIndex: Map<number, CallState>;
  readonly byServerId: Map<string, CallState>;
  finishReason?: string;
  /** Argument text arrived that no call could be proven to own. */
  unmatchedArguments: boolean;
  /** The refusal text so far (`delta.refusal`). */
  refusal?: string;
}

/** What a call's arguments say when fragments of the response could not be matched to calls. */
export const UNMATCHED_ARGUMENTS_PROBLEM =
  'the server streamed argument fragments that could not be matched to a tool call (a fragment without a ' +
  'function name came under an id or index no call had), so this call was not run; call the tool again';

const NO_DELTAS: readonly ToolCallDelta[] = Object.freeze([]);
const EMPTY: Readonly<Record<string, unknown>> = Object.freeze({});
const NO_UPDATES: readonly ChoiceUpdate[] = Object.freeze([]);

/**
 * Folds the `chat.completion.chunk`s of one streamed response into complete tool calls, in time
 * linear in the bytes received (argument fragments are collected and joined once, at the end).
 *
 * Matching a tool-call delta to its call, for the faults real servers have. The first delta of a
 * call carries its function name; a delta without one continues a call, so it joins the call it
 * can be proven to belong to, or it is unmatched:
 * - a delta with a known `id` belongs to that call, unless it comes at another `index` than that
 *   call's: two calls that share an id stay two calls, and a delta without a name there continues
 *   the call at its own index (or starts a nameless call);
 * - a delta with a new `id` starts a call when it has a name; without a name it joins the call its
 *   `index` designates (a server that changes ids mid-call), or, without an `index`, the choice's
 *   only call; at an index no call has, it starts a nameless call;
 * - a delta without an `id` belongs to the call its `index` designates (a different name there
 *   starts a new call); at an index no call has, it joins the choice's only call (a server that
 *   starts at index 1 and goes on at 0) unless it is the first delta of a call (it has an `id` of
 *   another type, or a `type`), which starts a nameless call; without an `index` too, it joins the
 *   last call unless it names a different tool;
 * - the name is taken from the first delta that has one (repeated names are not concatenated);
 * - `arguments` sent as an object are serialized (also when the text fragments are blank, e.g. a
 *   lone `"\n"`); a call whose arguments never arrive has `''`;
 * - a call without an `id` keeps a blank one (the tool loop synthesizes the id).
 *
 * Argument text no call can be proven to own is never dropped silently: every call of that choice
 * gets `argumentsProblem` ({@link UNMATCHED_ARGUMENTS_PROBLEM}), so the model is told and no tool runs
 * with arguments it may not have been sent. A delta with neither name nor arguments that matches
 * nothing is dropped.
 *
 * Chunks are read as unknown data; malformed parts are skipped, never thrown on.
 */
export class ChatCompletionChunkAggregator {
  /** The response id of the first chunk that had one. */
  id?: string;
  /** The model of the first chunk that named one. */
  model?: string;
  /** `created` of the first chunk that had one (seconds since the epoch). */
  created?: number;
  /** The last `usage` object a chunk carried (with `stream_options.include_usage`). */
  usage?: unknown;

  readonly #choices = new Map<number, ChoiceState>();
  readonly #reportDeltas: boolean;
  readonly #singleChoice: boolean;

  /**
   * @param options - `reportDeltas: false` skips building the per-chunk {@link ChoiceUpdate}s
   *   (`push` then returns `[]`), for callers that only need the final calls; `choices`: how many
   *   choices the request asked for (`n`, default 1) — with one, every chunk belongs to choice 0,
   *   whatever `index` the server numbered it with
   */
  constructor(options: { readonly reportDeltas?: boolean; readonly choices?: number } = {}) {
    this.#reportDeltas = options.reportDeltas ?? true;
    this.#singleChoice = (options.choices ?? 1) <= 1;
  }

  /**
   * Adds one chunk.
   *
   * @param chunk - a parsed `chat.completion.chunk`
   * @returns what the chunk added, per choice it touched
   */
  push(chunk: unknown): readonly ChoiceUpdate[] {
    if (typeof chunk !== 'object' || chunk === null) return NO_UPDATES;
    const c = chunk as Record<string, unknown>;
    if (this.id === undefined && typeof c.id === 'string' && c.id !== '') this.id = c.id;
    if (this.model === undefined && typeof c.model === 'string' && c.model !== '') this.model = c.model;
    if (this.created === undefined && typeof c.created === 'number') this.created = c.created;
    if (typeof c.usage === 'object' && c.usage !== null) this.usage = c.usage;
    const choices = c.choices;
    if (!Array.isArray(choices) || choices.length === 0) return NO_UPDATES;
    let updates: ChoiceUpdate[] | undefined;
    for (let k = 0; k < choices.length; k++) {
      const raw: unknown = choices[k];
      if (typeof raw !== 'object' || raw === null) continue;
      const choice = raw as Record<string, unknown>;
      const state = this.#choice(!this.#singleChoice && typeof choice.index === 'number' ? choice.index : 0);
      const delta = choice.delta as Record<string, unknown> | null | undefined;
      let text = '';
      let toolCallDeltas = NO_DELTAS;
      if (typeof delta === 'object' && delta !== null) {
        if (typeof delta.content === 'string') text = delta.content;
        // A refusal is the answer; its fragments are text like content's.
        if (typeof delta.refusal === 'string' && delta.refusal !== '') {
          text += delta.refusal;
          state.refusal = (state.refusal ?? '') + delta.refusal;
        }
        const toolCalls = delta.tool_calls;
        if (Array.isArray(toolCalls)) toolCallDeltas = this.#addToolCalls(state, toolCalls as unknown[]);
      }
      const finishReason = typeof choice.finish_reason === 'string' ? choice.finish_reason : undefined;
      if (finishReason !== undefined) state.finishReason = finishReason;
      if (this.#reportDeltas && (text !== '' || toolCallDeltas.length > 0 || finishReason !== undefined)) {
        (updates ??= []).push({ choiceIndex: state.choiceIndex, text, toolCallDeltas, finishReason });
      }
    }
    return updates ?? NO_UPDATES;
  }

  /**
   * The choices seen so far, ordered by index, with their complete calls.
   *
   * @returns one entry per choice
   */
  finish(): AggregatedChoice[] {
    return [...this.#choices.values()]
      .sort((a, b) => a.choiceIndex - b.choiceIndex)
      .map((state) => {
        const named = state.calls.filter((call) => call.name !== '');
        const unmatchedArguments = state.unmatchedArguments || state.calls.some(hasArgumentsButNoName);
        return {
          choiceIndex: state.choiceIndex,
          toolCalls: named.map((call) => toToolCall(call, unmatchedArguments)),
          ...(state.finishReason !== undefined ? { finishReason: state.finishReason } : {}),
          ...(state.refusal !== undefined ? { refusal: state.refusal } : {}),
          droppedCalls: state.calls.length - named.length,
          unmatchedArguments,
        };
      });
  }

  #choice(choiceIndex: number): ChoiceState {
    let state = this.#choices.get(choiceIndex);
    if (state === undefined) {
      state = { choiceIndex, calls: [], byServerIndex: new Map(), byServerId: new Map(), unmatchedArguments: false };
      this.#choices.set(choiceIndex, state);
    }
    return state;
  }

  #addToolCalls(state: ChoiceState, items: readonly unknown[]): ToolCallDelta[] {
    const deltas: ToolCallDelta[] = [];
    for (let k = 0; k < items.length; k++) {
      const item = items[k];
      if (typeof item !== 'object' || item === null) continue;
      const raw = item as Record<string, unknown>;
      const fn = (typeof raw.function === 'object' && raw.function !== null ? raw.function : EMPTY) as Record<
        string,
        unknown
      >;
      const serverId = typeof raw.id === 'string' && raw.id !== '' ? raw.id : undefined;
      const serverIndex = typeof raw.index === 'number' ? raw.index : undefined;
      const name = typeof fn.name === 'string' ? fn.name : '';

      const args = fn.arguments;
      const hasArguments =
        (typeof args === 'string' && args.trim() !== '') || (typeof args === 'object' && args !== null);
      // What only a call's first delta carries: an id (even one of the wrong type) or a type.
      const startsCall = raw.id !== undefined || raw.type !== undefined;
      let call = matchCall(state, serverId, serverIndex, name, startsCall);
      const first = call === undefined;
      if (call === undefined) {
        if (name === '' && !startsCall && state.calls.length > 0) {
          // A continuation that no call can be proven to own.
          if (hasArguments) state.unmatchedArguments = true;
          continue;
        }
        call = { position: state.calls.length, id: serverId ?? '', serverIndex, name: '', parts: [] };
        state.calls.push(call);
        if (serverId !== undefined) state.byServerId.set(serverId, call);
        if (serverIndex !== undefined) state.byServerIndex.set(serverIndex, call);
      }
      if (serverId !== undefined && !state.byServerId.has(serverId)) state.byServerId.set(serverId, call);
      if (call.name === '' && name !== '') call.name = name;

      let argumentsDelta = '';
      if (typeof args === 'string') {
        if (args !== '') {
          call.parts.push(args);
          argumentsDelta = args;
        }
      } else if (typeof args === 'object' && args !== null) {
        call.objectArguments = args;
      }
      if (this.#reportDeltas)
        deltas.push({ index: call.position, id: call.id, name: call.name, argumentsDelta, first });
    }
    return deltas;
  }
}

/**
 * The call a delta continues or restates, per the rules on {@link ChatCompletionChunkAggregator};
 * `undefined` when it starts a new call or matches nothing.
 */
function matchCall(
  state: ChoiceState,
  serverId: string | undefined,
  serverIndex: number | undefined,
  name: string,
  startsCall: boolean,
): CallState | undefined {
  const only = state.calls.length === 1 ? state.calls[0] : undefined;
  if (serverId !== undefined) {
    const byId = state.byServerId.get(serverId);
    if (byId !== undefined) {
      const elsewhere = serverIndex !== undefined && byId.serverIndex !== undefined && byId.serverIndex !== serverIndex;
      if (!elsewhere) return byId;
      // The id is shared with a call at another index: the call at this index, if any, else a new call.
      return name === '' ? state.byServerIndex.get(serverIndex) : undefined;
    }
    if (name !== '') return undefined;
    // A new id at an index no call has starts a call (a nameless one), it does not continue the only call.
    return serverIndex === undefined ? only : state.byServerIndex.get(serverIndex);
  }
  if (serverIndex !== undefined) {
    const byIndex = state.byServerIndex.get(serverIndex);
    if (byIndex !== undefined) return name !== '' && byIndex.name !== '' && byIndex.name !== name ? undefined : byIndex;
    return name === '' && !startsCall ? only : undefined;
  }
  const last = state.calls[state.calls.length - 1];
  return last !== undefined && (name === '' || last.name === '' || last.name === name) ? last : undefined;
}

function hasArgumentsButNoName(call: CallState): boolean {
  return call.name === '' && (call.objectArguments !== undefined || call.parts.some((part) => part.trim() !== ''));
}

function toToolCall(call: CallState, unmatchedArguments: boolean): ToolCall {
  const text = call.parts.length > 0 ? call.parts.join('') : '';
  const args =
    call.objectArguments !== undefined && isBlankToolArguments(text) ? JSON.stringify(call.objectArguments) : text;
  return {
    id: call.id,
    type: 'function',
    name: call.name,
    arguments: args,
    ...(unmatchedArguments ? { argumentsProblem: UNMATCHED_ARGUMENTS_PROBLEM } : {}),
  };
}
