import {
  AssistantMessage,
  ChatResponse,
  TOOL_CALL_DELTAS_METADATA_KEY,
  type ChatModel,
  type ChatModelRequestOptions,
  type ChatOptions,
  type Generation,
  type Prompt,
  type StreamingChatModel,
  type ToolCallDelta,
} from '@sprout-ai/core';
import { ScriptExhaustedError } from '../script-exhausted-error';

/**
 * A step computed from the prompt. It may be async: the answer waits for it.
 *
 * @param prompt - the prompt the model was called with
 * @param index - 0-based index of the call
 * @param options - the call's request options; a step that waits can stop when `options.signal`
 *   aborts (the double does not look at the signal itself)
 */
export type ScriptedChatStepFunction = (
  prompt: Prompt,
  index: number,
  options: ChatModelRequestOptions,
) => ChatResponse | Promise<ChatResponse>;

/** One entry of a {@link ScriptedChatModel} script: a fixed response, or a function of the prompt. */
export type ScriptedChatStep = ChatResponse | ScriptedChatStepFunction;

/** Options of {@link ScriptedChatModel}. */
export interface ScriptedChatModelOptions {
  /** Reported as the model's `defaultOptions` (the double itself ignores options). */
  readonly defaultOptions?: ChatOptions;
  /**
   * Characters of text, and of tool-call arguments, per chunk of {@link ScriptedChatModel.stream}.
   * @defaultValue 4
   */
  readonly streamFragmentSize?: number;
}

/**
 * A `ChatModel` double that answers each call with the next step of a script and records every
 * prompt. Like a real provider it never runs tools: a step that returns tool calls is handed back
 * as is, for the `ToolCallingAdvisor` to execute.
 *
 * It also streams (`StreamingChatModel`): `stream` plays the next step of the same script, cut
 * into chunks the way `OpenAiChatModel.stream` delivers them (see {@link ScriptedChatModel.stream}).
 *
 * @example
 * ```ts
 * const model = new ScriptedChatModel([
 *   assistantToolCalls([{ name: 'getOrderStatus', arguments: { orderId: 'A123' } }]),
 *   (prompt) => assistantText(`Seen ${prompt.instructions.length} messages`),
 * ]);
 * ```
 */
export class ScriptedChatModel implements ChatModel, StreamingChatModel {
  /** Every prompt received, in call order. */
  readonly prompts: readonly Prompt[];
  readonly defaultOptions?: ChatOptions;

  private readonly received: Prompt[] = [];
  private readonly script: readonly ScriptedChatStep[];
  private readonly fragmentSize: number;

  /**
   * @param script - steps played in order, one per `call`
   * @param options - optional default options to report
   */
  constructor(script: readonly ScriptedChatStep[], options: ScriptedChatModelOptions = {}) {
    this.script = [...script];
    this.prompts = this.received;
    this.defaultOptions = options.defaultOptions;
    this.fragmentSize = Math.max(1, Math.floor(options.streamFragmentSize ?? 4));
  }

  /** Steps not played yet. */
  get remainingSteps(): number {
    return Math.max(0, this.script.length - this.received.length);
  }

  /**
   * Records the prompt and plays the next step.
   *
   * @param prompt - the request
   * @param options - handed to a step function as it is
   * @returns the step's response
   * @throws ScriptExhaustedError when every step has been played
   */
  async call(prompt: Prompt, options: ChatModelRequestOptions = {}): Promise<ChatResponse> {
    const index = this.received.length;
    this.received.push(prompt);
    const step = this.script[index];
    if (step === undefined) {
      throw new ScriptExhaustedError({
        scriptOwner: 'ScriptedChatModel',
        scriptLength: this.script.length,
        requestIndex: index,
      });
    }
    return typeof step === 'function' ? await step(prompt, index, options) : step;
  }

  /**
   * Records the prompt and streams the next step (the same script as `call`) as chunks, following
   * the `StreamingChatModel` contract: per generation its text in fragments, then for each tool
   * call a first delta (id, name, no arguments) and its arguments in fragments, reported as
   * `toolCallDeltas` metadata on text-less chunks; a last chunk carries every generation's complete
   * tool calls, its finish reason and metadata, and the response metadata (usage included).
   * Nothing is played until the result is iterated; each iteration plays the next step.
   *
   * @param prompt - the request
   * @param options - handed to a step function as it is
   * @returns the chunks of the step's response
   * @throws ScriptExhaustedError (when iterated) when every step has been played
   */
  stream(prompt: Prompt, options?: ChatModelRequestOptions): AsyncIterable<ChatResponse> {
    return { [Symbol.asyncIterator]: () => this.streamStep(prompt, options) };
  }

  private async *streamStep(prompt: Prompt, options?: ChatModelRequestOptions): AsyncGenerator<ChatResponse> {
    const response = await this.call(prompt, options);
    const { usage: _usage, ...metadata } = response.metadata;
    const size = this.fragmentSize;
    for (const [index, generation] of response.results.entries()) {
      const output = generation.output;
      for (const text of fragments(output.text, size)) {
        yield new ChatResponse([{ output: new AssistantMessage(text, [], { index }), metadata: {} }], metadata);
      }
      for (const [callIndex, call] of output.toolCalls.entries()) {
        const base = { index: callIndex, id: call.id, name: call.name };
        const deltas: ToolCallDelta[] = [
          { ...base, argumentsDelta: '', first: true },
          ...fragments(call.arguments, size).map((argumentsDelta) => ({ ...base, argumentsDelta, first: false })),
        ];
        for (const delta of deltas) {
          const chunk: Generation = {
            output: new AssistantMessage('', [], { index }),
            metadata: { [TOOL_CALL_DELTAS_METADATA_KEY]: [delta] },
          };
          yield new ChatResponse([chunk], metadata);
        }
      }
    }
    const finals: Generation[] = response.results.map((generation, index) => ({
      output: new AssistantMessage('', generation.output.toolCalls, { ...generation.output.metadata, index }),
      metadata: generation.metadata,
    }));
    yield new ChatResponse(finals, response.metadata);
  }
}

function fragments(text: string, size: number): string[] {
  const pieces: string[] = [];
  for (let i = 0; i < text.length; i += size) pieces.push(text.slice(i, i + size));
  return pieces;
}
