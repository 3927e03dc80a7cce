import { isBlankToolArguments, type ToolCall, type ToolCallDelta } from '@sprout-ai/core';

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
  /** Calls dropped because no name ever arrived. */
  readonly droppedCalls: number;
}

interface CallState {
  readonly position: number;
  readonly id: string;
  readonly serverId: boolean;
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
}

const NO_DELTAS: readonly ToolCallDelta[] = Object.freeze([]);
const EMPTY: Readonly<Record<string, unknown>> = Object.freeze({});
const NO_UPDATES: readonly ChoiceUpdate[] = Object.freeze([]);

/**
 * Folds the `chat.completion.chunk`s of one streamed response into complete tool calls, in time
 * linear in the bytes received (argument fragments are collected and joined once, at the end).
 *
 * Matching a tool-call delta to its call, for the faults real servers have:
 * - a delta with an `id` belongs to the call with that id; a new id starts a new call even when the
 *   server reuses an `index` that an earlier call had (calls are never merged across ids);
 * - a delta without an `id` belongs to the call its `index` designates; without an `index` too, to
 *   the choice's last call — unless it names a different tool, which starts a new call;
 * - the name is taken from the first delta that has one (repeated names are not concatenated);
 * - `arguments` sent as an object are serialized (also when the text fragments are blank, e.g. a
 *   lone `"\n"`); a call whose arguments never arrive has `''`;
 * - a call without an `id` keeps a blank one (its deltas are told apart by `index`; the tool loop
 *   synthesizes the id); calls that never got a name are dropped at the end.
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

  /**
   * @param options - `reportDeltas: false` skips building the per-chunk {@link ChoiceUpdate}s
   *   (`push` then returns `[]`), for callers that only need the final calls
   */
  constructor(options: { readonly reportDeltas?: boolean } = {}) {
    this.#reportDeltas = options.reportDeltas ?? true;
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
      const state = this.#choice(typeof choice.index === 'number' ? choice.index : 0);
      const delta = choice.delta as Record<string, unknown> | null | undefined;
      let text = '';
      let toolCallDeltas = NO_DELTAS;
      if (typeof delta === 'object' && delta !== null) {
        if (typeof delta.content === 'string') text = delta.content;
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
        return {
          choiceIndex: state.choiceIndex,
          toolCalls: named.map(toToolCall),
          ...(state.finishReason !== undefined ? { finishReason: state.finishReason } : {}),
          droppedCalls: state.calls.length - named.length,
        };
      });
  }

  #choice(choiceIndex: number): ChoiceState {
    let state = this.#choices.get(choiceIndex);
    if (state === undefined) {
      state = { choiceIndex, calls: [], byServerIndex: new Map(), byServerId: new Map() };
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

      let call: CallState | undefined;
      if (serverId !== undefined) {
        call = state.byServerId.get(serverId);
      } else if (serverIndex !== undefined) {
        call = state.byServerIndex.get(serverIndex);
      } else {
        const last = state.calls[state.calls.length - 1];
        call = last !== undefined && (name === '' || last.name === '' || last.name === name) ? last : undefined;
      }
      const first = call === undefined;
      if (call === undefined) {
        call = {
          position: state.calls.length,
          id: serverId ?? '',
          serverId: serverId !== undefined,
          name: '',
          parts: [],
        };
        state.calls.push(call);
        if (serverId !== undefined) state.byServerId.set(serverId, call);
      }
      if (serverIndex !== undefined && !first && serverId === undefined) {
        // already designated by this index
      } else if (serverIndex !== undefined) {
        state.byServerIndex.set(serverIndex, call);
      }
      if (call.name === '' && name !== '') call.name = name;

      let argumentsDelta = '';
      const args = fn.arguments;
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

function toToolCall(call: CallState): ToolCall {
  const text = call.parts.length > 0 ? call.parts.join('') : '';
  const args =
    call.objectArguments !== undefined && isBlankToolArguments(text) ? JSON.stringify(call.objectArguments) : text;
  return { id: call.id, type: 'function', name: call.name, arguments: args };
}
