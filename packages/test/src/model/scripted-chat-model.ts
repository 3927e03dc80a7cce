import type { ChatModel, ChatOptions, ChatResponse, Prompt } from '@sprout-ai/core';
import { ScriptExhaustedError } from '../script-exhausted-error';

/**
 * A step computed from the prompt.
 *
 * @param prompt - the prompt the model was called with
 * @param index - 0-based index of the call
 */
export type ScriptedChatStepFunction = (prompt: Prompt, index: number) => ChatResponse | Promise<ChatResponse>;

/** One entry of a {@link ScriptedChatModel} script: a fixed response, or a function of the prompt. */
export type ScriptedChatStep = ChatResponse | ScriptedChatStepFunction;

/** Options of {@link ScriptedChatModel}. */
export interface ScriptedChatModelOptions {
  /** Reported as the model's `defaultOptions` (the double itself ignores options). */
  readonly defaultOptions?: ChatOptions;
}

/**
 * A `ChatModel` double that answers each call with the next step of a script and records every
 * prompt. Like a real provider it never runs tools: a step that returns tool calls is handed back
 * as is, for the `ToolCallingAdvisor` to execute.
 *
 * @example
 * ```ts
 * const model = new ScriptedChatModel([
 *   assistantToolCalls([{ name: 'getOrderStatus', arguments: { orderId: 'A123' } }]),
 *   (prompt) => assistantText(`Seen ${prompt.instructions.length} messages`),
 * ]);
 * ```
 */
export class ScriptedChatModel implements ChatModel {
  /** Every prompt received, in call order. */
  readonly prompts: readonly Prompt[];
  readonly defaultOptions?: ChatOptions;

  private readonly received: Prompt[] = [];
  private readonly script: readonly ScriptedChatStep[];

  /**
   * @param script - steps played in order, one per `call`
   * @param options - optional default options to report
   */
  constructor(script: readonly ScriptedChatStep[], options: ScriptedChatModelOptions = {}) {
    this.script = [...script];
    this.prompts = this.received;
    this.defaultOptions = options.defaultOptions;
  }

  /** Steps not played yet. */
  get remainingSteps(): number {
    return Math.max(0, this.script.length - this.received.length);
  }

  /**
   * Records the prompt and plays the next step.
   *
   * @param prompt - the request
   * @returns the step's response
   * @throws ScriptExhaustedError when every step has been played
   */
  async call(prompt: Prompt): Promise<ChatResponse> {
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
    return typeof step === 'function' ? await step(prompt, index) : step;
  }
}
