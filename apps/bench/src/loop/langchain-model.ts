import type { CallbackManagerForLLMRun } from '@langchain/core/callbacks/manager';
import { BaseChatModel } from '@langchain/core/language_models/chat_models';
import { AIMessage, type BaseMessage, ToolMessage } from '@langchain/core/messages';
import type { ChatResult } from '@langchain/core/outputs';
import type { ScenarioWork } from './tool-loop-scenario';

/**
 * A zero-latency LangChain chat model that answers from the scenario script: a minimal
 * `BaseChatModel` subclass returning `AIMessage`s with `tool_calls` (arguments parsed from JSON
 * text, as a provider integration does). `bindTools` returns the model itself, so binding costs
 * nothing (kinder to LangChain than a real provider, which converts the tools on every bind).
 */
export class ZeroLatencyToolCallingChatModel extends BaseChatModel {
  constructor(private readonly work: ScenarioWork) {
    super({});
  }

  _llmType(): string {
    return 'zero-latency-tool-calling';
  }

  override bindTools(): this {
    return this;
  }

  async _generate(
    messages: BaseMessage[],
    _options?: this['ParsedCallOptions'],
    _runManager?: CallbackManagerForLLMRun,
  ): Promise<ChatResult> {
    let toolResults = 0;
    for (const message of messages) if (ToolMessage.isInstance(message)) toolResults++;
    const step = this.work.respond(toolResults);
    const message =
      step.kind === 'text'
        ? new AIMessage(step.text)
        : new AIMessage({
            content: '',
            tool_calls: step.calls.map((call) => ({
              id: call.id,
              name: call.name,
              args: JSON.parse(call.arguments) as Record<string, unknown>,
              type: 'tool_call' as const,
            })),
          });
    return { generations: [{ text: step.kind === 'text' ? step.text : '', message }] };
  }
}
